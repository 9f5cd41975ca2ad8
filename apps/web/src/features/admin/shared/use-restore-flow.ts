import { MESSAGES } from '@fantarift/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';
import type { RestoreMode } from '../rewards/api/types';

interface RestoreMutation<V> {
  mutate: (
    variables: V,
    handlers: { onSuccess: (data: { message: string }) => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
}

/**
 * The confirm-then-restore flow of the recovery panels: `open()` asks, the dialog's choice runs the
 * restore with `toVariables(mode)` (nothing when it answers null), toasts the answer and closes on
 * success. `dialog` is the RestoreDialog's open/pending/onRestore props.
 */
export function useRestoreFlow<V>(
  mutation: RestoreMutation<V>,
  toVariables: (mode: RestoreMode) => V | null,
) {
  const [confirming, setConfirming] = useState(false);
  const onRestore = (mode: RestoreMode) => {
    const variables = toVariables(mode);
    if (!variables) return;
    mutation.mutate(variables, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setConfirming(false);
      },
      onError: (err) =>
        toast.error(isApiError(err) && err.isClientError ? err.message : MESSAGES.recovery.restoreError),
    });
  };
  return {
    open: () => setConfirming(true),
    pending: mutation.isPending,
    dialog: { open: confirming, onOpenChange: setConfirming, pending: mutation.isPending, onRestore },
  };
}
