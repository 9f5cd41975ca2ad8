import type { ReactNode } from 'react';
import { ManageDialog } from '@/features/admin/shared/manage-dialog';
import type { AdminRoster } from '../api/types';
import { rosterTitle } from './roster-card';

/** "Gestisci giocatori / campioni" of a roster: what is added here costs no coins. */
export function RosterHoldingsDialog({
  roster,
  onOpenChange,
  what,
  children,
}: {
  roster: AdminRoster | null;
  onOpenChange: (open: boolean) => void;
  what: 'giocatori' | 'campioni';
  children: (roster: AdminRoster) => ReactNode;
}) {
  return (
    <ManageDialog
      item={roster}
      onOpenChange={onOpenChange}
      className="sm:max-w-4xl"
      title={`Gestisci ${what} · ${roster ? rosterTitle(roster) : ''}`}
      description={`${roster?.username} · ${roster?.leagueName}. I ${what} aggiunti qui non costano monete.`}
    >
      {children}
    </ManageDialog>
  );
}
