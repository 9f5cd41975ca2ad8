import { MESSAGES } from '@fantarift/core';
import { DeleteDialog } from '@/features/admin/shared/delete-dialog';
import { useDeleteLeague } from '../api/delete-league';
import type { AdminLeague } from '../api/types';

/** "Elimina Lega": cannot be undone and takes every associated row with it. */
export function DeleteLeagueDialog({
  league,
  onOpenChange,
}: {
  league: AdminLeague | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteLeague();
  return (
    <DeleteDialog
      item={league}
      onClose={() => onOpenChange(false)}
      title="Elimina Lega"
      description={
        <>
          Stai per eliminare <strong>{league?.name}</strong>. {MESSAGES.leagues.deleteConfirm}
        </>
      }
      mutation={remove}
      variables={(l) => l.id}
      deleted={MESSAGES.leagues.deleted}
      failed={MESSAGES.leagues.deleteError}
    />
  );
}
