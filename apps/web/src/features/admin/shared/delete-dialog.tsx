import { toast } from 'sonner';
import { ConfirmDialog } from '@/features/admin/components/ui-extra/confirm-dialog';
import { errorMessage } from '@/features/admin/leagues/lib/error-message';

interface MutationLike<V> {
  isPending: boolean;
  mutate: (
    variables: V,
    handlers: { onSuccess: (result: { message?: string }) => void; onError: (err: unknown) => void },
  ) => void;
}

/**
 * "Elimina X?": confirms, runs the delete, toasts the server's message (or `deleted`) and closes;
 * on failure the dialog stays open and the error is toasted.
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
}: {
  item: T | null;
  onClose: () => void;
  title: string;
  description: string;
  mutation: MutationLike<V>;
  variables: (item: T) => V;
  deleted: string;
  failed: string;
  confirmLabel?: string;
  pendingLabel?: string;
  /** Wraps the server's message, e.g. "Errore nell'eliminazione: ...". */
  formatError?: (message: string) => string;
}) {
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
      onConfirm={() => {
        if (item === null) return;
        mutation.mutate(variables(item), {
          onSuccess: ({ message }) => {
            toast.success(message || deleted);
            onClose();
          },
          onError: (err) => toast.error(formatError(errorMessage(err, failed))),
        });
      }}
    />
  );
}
