import { Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import type { RowAction } from './catalogue-table';
import { DeleteTeamDialog, RenameTeamDialog } from './team-dialogs';
import { TeamPlayerManagerDialog, type TeamRef } from './team-player-manager';

/**
 * The three actions of a team row (manage players, rename, delete) and their dialogs, for the Teams
 * page and the league's "Team e Player" tab alike. `suffix` tells rows apart in accessible names.
 */
export function useTeamActions() {
  const [renaming, setRenaming] = useState<TeamRef | null>(null);
  const [deleting, setDeleting] = useState<TeamRef | null>(null);
  const [managing, setManaging] = useState<TeamRef | null>(null);

  const actions = (ref: TeamRef, suffix = ''): RowAction[] => [
    {
      icon: Users,
      label: `Gestisci player di ${ref.teamName}${suffix}`,
      onClick: () => setManaging(ref),
      variant: 'outline',
    },
    {
      icon: Pencil,
      label: `Modifica ${ref.teamName}${suffix}`,
      onClick: () => setRenaming(ref),
      variant: 'outline',
    },
    {
      icon: Trash2,
      label: `Elimina ${ref.teamName}${suffix}`,
      onClick: () => setDeleting(ref),
      destructive: true,
    },
  ];

  const dialogs = (
    <>
      <RenameTeamDialog team={renaming} onOpenChange={(open) => !open && setRenaming(null)} />
      <DeleteTeamDialog team={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
      <TeamPlayerManagerDialog team={managing} onOpenChange={(open) => !open && setManaging(null)} />
    </>
  );
  return { actions, dialogs };
}
