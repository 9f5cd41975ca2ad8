import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/features/admin/components/ui-extra/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from './error-message';

interface MutationLike<V> {
  isPending: boolean;
  mutate: (
    variables: V,
    handlers: { onSuccess: (result: { message?: string }) => void; onError: (err: unknown) => void },
  ) => void;
}

/**
 * The one delete confirmation of the admin screens ("Elimina X?"): confirms, runs the delete, toasts
 * the server's message (or `deleted`) and closes; on failure the dialog stays open and the error is
 * toasted. It cannot be dismissed while the delete runs (ConfirmDialog).
 */
export function DeleteDialog<T, V>({
  item,
  onClose,
  title,
  description,
  mutation,
  variables,
  deleted,
  failed,
  confirmLabel = 'Elimina',
  pendingLabel = 'Eliminando...',
  formatError = (message) => message,
  refusalsOnly = false,
  intercept,
}: {
  /** what is being deleted; the dialog is open while it is not null */
  item: T | null;
  onClose: () => void;
  title: string;
  description: ReactNode;
  mutation: MutationLike<V>;
  /** the delete's request for `item`; `confirmed` is true when `intercept` repeats it */
  variables: (item: T, confirmed: boolean) => V;
  deleted: string;
  failed: string;
  confirmLabel?: string;
  pendingLabel?: string;
  /** Wraps the server's message, e.g. "Errore nell'eliminazione: ...". */
  formatError?: (message: string) => string;
  /** Only a refusal (4xx) shows the server's text; a network failure shows `failed` too. */
  refusalsOnly?: boolean;
  /**
   * A refusal the caller answers with its own prompt (the closed-week confirmation): returns whether
   * it took the error, and calls `retryConfirmed` to repeat the delete confirmed. This dialog closes
   * when the error is taken.
   */
  intercept?: (error: unknown, retryConfirmed: () => void) => boolean;
}) {
  const failure = (err: unknown) => {
    if (!refusalsOnly) return errorMessage(err, failed);
    return isApiError(err) && err.isClientError ? err.message : failed;
  };

  const run = (target: T, confirmed: boolean) =>
    mutation.mutate(variables(target, confirmed), {
      onSuccess: ({ message }) => {
        toast.success(message || deleted);
        onClose();
      },
      onError: (err) => {
        if (intercept?.(err, () => run(target, true))) {
          onClose();
          return;
        }
        toast.error(formatError(failure(err)));
      },
    });

  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      pending={mutation.isPending}
      destructive
      onConfirm={() => item !== null && run(item, false)}
    />
  );
}
