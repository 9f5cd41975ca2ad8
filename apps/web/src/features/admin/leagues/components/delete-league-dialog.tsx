import { MESSAGES } from '@fantarift/core';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/features/admin/components/ui-extra/confirm-dialog';
import { useDeleteLeague } from '../api/delete-league';
import type { AdminLeague } from '../api/types';
import { errorMessage } from '../lib/error-message';

/** "Elimina Lega": cannot be undone and takes every associated row with it. */
export function DeleteLeagueDialog({
  league,
  onOpenChange,
  onDeleted,
}: {
  league: AdminLeague | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteLeague();
  return (
    <ConfirmDialog
      open={league !== null}
      onOpenChange={onOpenChange}
      title="Elimina Lega"
      description={
        <>
          Stai per eliminare <strong>{league?.name}</strong>. {MESSAGES.leagues.deleteConfirm}
        </>
      }
      confirmLabel="Elimina"
      pendingLabel="Eliminando..."
      pending={remove.isPending}
      destructive
      onConfirm={() => {
        if (!league) return;
        remove.mutate(league.id, {
          onSuccess: ({ message }) => {
            toast.success(message || MESSAGES.leagues.deleted);
            onOpenChange(false);
            onDeleted?.();
          },
          onError: (err) => toast.error(errorMessage(err, MESSAGES.leagues.deleteError)),
        });
      }}
    />
  );
}
