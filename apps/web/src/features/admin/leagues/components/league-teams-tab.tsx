import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTeams } from '@/features/admin/shared/api/get-teams';
import { RowActions } from '@/features/admin/shared/catalogue-table';
import { useTeamActions } from '@/features/admin/shared/team-actions';
import { AddTeamDialog } from '@/features/admin/shared/team-dialogs';
import type { AdminLeague } from '../api/types';

/** "Team e Player": the league's teams with their players. */
export function LeagueTeamsTab({ league }: { league: AdminLeague }) {
  const teams = useTeams({ leagueId: league.id });
  const [adding, setAdding] = useState(false);
  const teamActions = useTeamActions();

  return (
    <section className="grid gap-4" aria-label="Team e player della lega">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">{league.teams.length} team nella lega</p>
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Aggiungi team
        </Button>
      </div>
      {teams.isPending ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {(teams.data ?? []).map((entry) => {
            const ref = { leagueId: league.id, teamName: entry.teamName };
            return (
              <li
                key={entry.teamName}
                className="flex items-center justify-between gap-2 rounded-lg border bg-card p-3"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{entry.teamName}</p>
                  <p className="text-muted-foreground text-xs">{entry.playerCount} player</p>
                </div>
                <div className="flex shrink-0">
                  <RowActions actions={teamActions.actions(ref)} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <AddTeamDialog open={adding} onOpenChange={setAdding} leagueId={league.id} />
      {teamActions.dialogs}
    </section>
  );
}
