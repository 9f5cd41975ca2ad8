import { MESSAGES } from '@fantarift/core';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { RestoreMode, RestoreResult } from '@/features/admin/rewards/api/types';
import { isApiError } from '@/lib/api-client';

interface RestoreMutation<V> {
  mutate: (
    variables: V,
    handlers: { onSuccess: (data: { message: string }) => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
}

/**
 * The confirm-then-restore flow of the recovery panels, for `target` (what is restored, without the
 * mode; null while nothing is chosen): `open()` asks, the dialog previews the chosen mode with
 * `preview`, and its choice runs the restore, toasts the answer and closes on success. `dialog` is
 * the RestoreDialog's open/pending/loadPreview/onRestore props.
 */
export function useRestoreFlow<T extends object>(
  mutation: RestoreMutation<T & { mode: RestoreMode }>,
  preview: (variables: T & { mode: RestoreMode }) => Promise<RestoreResult>,
  target: T | null,
) {
  const [confirming, setConfirming] = useState(false);
  // the dialog reloads its preview when this changes, so it follows the target's value, not its identity
  const key = target === null ? null : JSON.stringify(target);
  const loadPreview = useCallback(
    (mode: RestoreMode) =>
      key === null
        ? Promise.reject(new Error('nothing to restore'))
        : preview({ ...(JSON.parse(key) as T), mode }),
    [key, preview],
  );
  const onRestore = (mode: RestoreMode) => {
    if (!target) return;
    mutation.mutate(
      { ...target, mode },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setConfirming(false);
        },
        onError: (err) =>
          toast.error(isApiError(err) && err.isClientError ? err.message : MESSAGES.recovery.restoreError),
      },
    );
  };
  return {
    open: () => setConfirming(true),
    pending: mutation.isPending,
    dialog: {
      open: confirming,
      onOpenChange: setConfirming,
      pending: mutation.isPending,
      loadPreview,
      onRestore,
    },
  };
}
