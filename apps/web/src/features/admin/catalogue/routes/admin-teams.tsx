import { MESSAGES } from '@fantarift/core';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BackToDashboard } from '@/features/admin/components/back-to-dashboard';
import type { AdminTeamEntry } from '@/features/admin/shared/api/catalogue-types';
import { useAdminLeagues } from '@/features/admin/shared/api/get-admin-leagues';
import { type TeamFilters, useTeams } from '@/features/admin/shared/api/get-teams';
import { CatalogueFilters } from '@/features/admin/shared/catalogue-filters';
import { type CatalogueColumn, CatalogueTable } from '@/features/admin/shared/catalogue-table';
import { useTeamActions } from '@/features/admin/shared/team-actions';
import { AddTeamDialog } from '@/features/admin/shared/team-dialogs';
import { useFilterState } from '@/features/admin/shared/use-filter-state';
import { PlayersPanel } from '../components/players-panel';

const COLUMNS: CatalogueColumn<AdminTeamEntry>[] = [
  {
    header: 'Team',
    className: 'max-w-40 whitespace-normal',
    cell: (team) => (
      <>
        <span className="font-medium">{team.teamName}</span>
        <span className="block text-muted-foreground text-xs sm:hidden">{team.leagueName}</span>
      </>
    ),
  },
  { header: 'Lega', className: 'hidden sm:table-cell', cell: (team) => team.leagueName },
  { header: 'Tipo', className: 'hidden md:table-cell', cell: (team) => team.leagueType },
  { header: 'Player', className: 'text-right tabular-nums', cell: (team) => team.playerCount },
];

/** /admin/teams: the global team table and the players. */
export function AdminTeamsRoute() {
  const leagues = useAdminLeagues();
  const { filters, search, select } = useFilterState<TeamFilters>({ leagueId: '', search: '' });
  const teams = useTeams(filters);
  const [adding, setAdding] = useState(false);
  const teamActions = useTeamActions();

  const teamNames = useMemo(
    () => [...new Set((leagues.data ?? []).flatMap((l) => l.teams))].sort((a, b) => a.localeCompare(b, 'it')),
    [leagues.data],
  );
  const leagueOptions = (leagues.data ?? []).map((l) => ({ value: l.id, label: l.name }));

  return (
    <>
      <BackToDashboard />
      <PageHeader title="Teams Management" description="Gestisci i team e i giocatori di tutte le regioni." />
      <Tabs defaultValue="teams" className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="teams">Team</TabsTrigger>
          <TabsTrigger value="players">Player</TabsTrigger>
        </TabsList>
        <TabsContent value="teams" className="grid gap-4">
          <CatalogueFilters
            add={{ label: 'Aggiungi Team', onClick: () => setAdding(true) }}
            columns="sm:grid-cols-[1fr_16rem]"
            search={search('Cerca team', 'Nome del team...')}
            selects={[select('leagueId', 'Lega', 'Tutte le leghe', leagueOptions)]}
          />
          <CatalogueTable
            query={teams}
            loadError={MESSAGES.common.loadError}
            count={(n) => `${n} team`}
            columns={COLUMNS}
            rowKey={(team) => `${team.leagueId}/${team.teamName}`}
            empty="Nessun team trovato"
            actions={(team) =>
              teamActions.actions(
                { leagueId: team.leagueId, teamName: team.teamName },
                ` (${team.leagueName})`,
              )
            }
          />
        </TabsContent>
        <TabsContent value="players">
          <PlayersPanel teamNames={teamNames} />
        </TabsContent>
      </Tabs>
      <AddTeamDialog
        open={adding}
        onOpenChange={setAdding}
        leagues={(leagues.data ?? []).map((l) => ({ id: l.id, name: l.name }))}
      />
      {teamActions.dialogs}
    </>
  );
}
