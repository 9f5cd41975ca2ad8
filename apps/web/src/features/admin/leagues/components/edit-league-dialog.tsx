import { ManageDialog } from '@/features/admin/shared/manage-dialog';
import type { AdminLeague } from '../api/types';
import { EditLeagueForm } from './edit-league-form';

export function EditLeagueDialog({
  league,
  onOpenChange,
}: {
  league: AdminLeague | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ManageDialog
      item={league}
      onOpenChange={onOpenChange}
      className="sm:max-w-2xl"
      title="Modifica Lega"
      description={league?.name}
    >
      {(l) => (
        <EditLeagueForm league={l} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
      )}
    </ManageDialog>
  );
}
