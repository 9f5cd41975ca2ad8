import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
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
    <Dialog open={league !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Modifica Lega</DialogTitle>
          <DialogDescription>{league?.name}</DialogDescription>
        </DialogHeader>
        {league && (
          <EditLeagueForm
            league={league}
            onDone={() => onOpenChange(false)}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
