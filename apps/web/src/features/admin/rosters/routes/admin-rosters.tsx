import { MESSAGES } from '@fantarift/core';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { BackToDashboard } from '@/features/admin/components/back-to-dashboard';
import { QueryErrorAlert } from '@/features/admin/shared/query-error-alert';
import { useAdminLeague } from '@/features/admin/shared/use-admin-league';
import { RecalculationControls } from '../../season/components/recalculation-controls';
import { useRosters } from '../api/get-rosters';
import type { AdminRoster } from '../api/types';
import { EditRosterDialog } from '../components/edit-roster-dialog';
import { RosterCard } from '../components/roster-card';
import { RosterChampionsDialog } from '../components/roster-champions-dialog';
import { RosterPlayersDialog } from '../components/roster-players-dialog';

/** /admin/rosters: "Manage Rosters". */
export function AdminRostersRoute() {
  // One league choice for the page: the recalculation card's selector (kept in ?league=) also
  // filters the rosters below, so the two can never disagree.
  const { league } = useAdminLeague();
  const rosters = useRosters({ leagueId: league?.id });
  const [editing, setEditing] = useState<AdminRoster | null>(null);
  const [playersOf, setPlayersOf] = useState<AdminRoster | null>(null);
  const [championsOf, setChampionsOf] = useState<AdminRoster | null>(null);

  const list = rosters.data?.pages.flatMap((page) => page.rosters) ?? [];
  const total = rosters.data?.pages[0]?.total ?? 0;
  // Dialogs show the freshest copy of the roster they were opened on.
  const fresh = (roster: AdminRoster | null) =>
    roster ? (list.find((r) => r.id === roster.id) ?? roster) : null;

  return (
    <>
      <BackToDashboard />
      <PageHeader
        title="Manage Rosters"
        description="Consulta i roster dei partecipanti, i loro saldi e le loro rose."
      />
      {/* admin spec §2 "Manage Rosters": the header holds the recalculation controls */}
      <section aria-label="Ricalcolo punteggi" className="mb-6">
        <RecalculationControls />
      </section>
      {rosters.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={MESSAGES.common.loading}>
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton className="h-56 rounded-xl" />
            </li>
          ))}
        </ul>
      ) : rosters.isError ? (
        <QueryErrorAlert
          error={rosters.error}
          fallback={MESSAGES.common.loadError}
          onRetry={() => rosters.refetch()}
        />
      ) : list.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">Nessun roster.</p>
      ) : (
        <>
          <p className="mb-3 text-muted-foreground text-sm" aria-live="polite">
            {list.length} di {total} roster · {league ? league.name : 'tutte le leghe'}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((roster) => (
              <li key={roster.id}>
                <RosterCard
                  roster={roster}
                  onEdit={() => setEditing(roster)}
                  onPlayers={() => setPlayersOf(roster)}
                  onChampions={() => setChampionsOf(roster)}
                />
              </li>
            ))}
          </ul>
          {rosters.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button
                variant="outline"
                onClick={() => rosters.fetchNextPage()}
                disabled={rosters.isFetchingNextPage}
                aria-busy={rosters.isFetchingNextPage || undefined}
              >
                {rosters.isFetchingNextPage ? MESSAGES.common.loading : 'Carica altri'}
              </Button>
            </div>
          )}
        </>
      )}
      <EditRosterDialog roster={fresh(editing)} onOpenChange={(open) => !open && setEditing(null)} />
      <RosterPlayersDialog roster={fresh(playersOf)} onOpenChange={(open) => !open && setPlayersOf(null)} />
      <RosterChampionsDialog
        roster={fresh(championsOf)}
        onOpenChange={(open) => !open && setChampionsOf(null)}
      />
    </>
  );
}
