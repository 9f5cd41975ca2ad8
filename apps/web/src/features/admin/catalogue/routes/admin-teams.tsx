import { MESSAGES } from '@fantarift/core';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BackToDashboard } from '@/features/admin/components/back-to-dashboard';
import { useAdminLeagues } from '@/features/admin/leagues/api/get-admin-leagues';
import { SelectField } from '@/features/admin/leagues/components/select-field';
import { errorMessage } from '@/features/admin/leagues/lib/error-message';
import { type TeamFilters, useTeams } from '../api/get-teams';
import { PlayersPanel } from '../components/players-panel';
import { SearchInput } from '../components/search-input';
import { AddTeamDialog, DeleteTeamDialog, RenameTeamDialog } from '../components/team-dialogs';
import { TeamPlayerManagerDialog, type TeamRef } from '../components/team-player-manager';

/** /admin/teams: the global team table and the players. */
export function AdminTeamsRoute() {
  const leagues = useAdminLeagues();
  const [filters, setFilters] = useState<TeamFilters>({ leagueId: '', search: '' });
  const teams = useTeams(filters);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<TeamRef | null>(null);
  const [deleting, setDeleting] = useState<TeamRef | null>(null);
  const [managing, setManaging] = useState<TeamRef | null>(null);
  const onSearch = useCallback((search: string) => setFilters((f) => ({ ...f, search })), []);

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
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="grid w-full gap-3 sm:w-auto sm:flex-1 sm:grid-cols-[1fr_16rem]">
              <SearchInput
                label="Cerca team"
                placeholder="Nome del team..."
                value={filters.search ?? ''}
                onChange={onSearch}
              />
              <SelectField
                label="Lega"
                value={filters.leagueId ?? ''}
                allLabel="Tutte le leghe"
                onValueChange={(leagueId) => setFilters((f) => ({ ...f, leagueId }))}
                options={leagueOptions}
              />
            </div>
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Aggiungi Team
            </Button>
          </div>
          {teams.isPending ? (
            <Skeleton className="h-80 rounded-xl" />
          ) : teams.isError ? (
            <p role="alert" className="text-destructive">
              {errorMessage(teams.error, MESSAGES.common.loadError)}
            </p>
          ) : (
            <div className="rounded-xl border bg-card">
              <p className="border-b px-4 py-2 text-muted-foreground text-sm" aria-live="polite">
                {teams.data.length} team
              </p>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Team</TableHead>
                    <TableHead className="hidden sm:table-cell">Lega</TableHead>
                    <TableHead className="hidden md:table-cell">Tipo</TableHead>
                    <TableHead className="text-right">Player</TableHead>
                    <TableHead className="text-right">
                      <span className="sr-only">Azioni</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {teams.data.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                        Nessun team trovato
                      </TableCell>
                    </TableRow>
                  ) : (
                    teams.data.map((team) => {
                      const ref = { leagueId: team.leagueId, teamName: team.teamName };
                      return (
                        <TableRow key={`${team.leagueId}/${team.teamName}`}>
                          <TableCell className="max-w-40 whitespace-normal">
                            <span className="font-medium">{team.teamName}</span>
                            <span className="block text-muted-foreground text-xs sm:hidden">
                              {team.leagueName}
                            </span>
                          </TableCell>
                          <TableCell className="hidden sm:table-cell">{team.leagueName}</TableCell>
                          <TableCell className="hidden md:table-cell">{team.leagueType}</TableCell>
                          <TableCell className="text-right tabular-nums">{team.playerCount}</TableCell>
                          <TableCell>
                            <div className="flex justify-end gap-1">
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Gestisci player di ${team.teamName} (${team.leagueName})`}
                                onClick={() => setManaging(ref)}
                              >
                                <Users />
                              </Button>
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Modifica ${team.teamName} (${team.leagueName})`}
                                onClick={() => setRenaming(ref)}
                              >
                                <Pencil />
                              </Button>
                              <Button
                                variant="ghost"
                                size="icon"
                                className="text-destructive hover:text-destructive"
                                aria-label={`Elimina ${team.teamName} (${team.leagueName})`}
                                onClick={() => setDeleting(ref)}
                              >
                                <Trash2 />
                              </Button>
                            </div>
                          </TableCell>
                        </TableRow>
                      );
                    })
                  )}
                </TableBody>
              </Table>
            </div>
          )}
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
      <RenameTeamDialog team={renaming} onOpenChange={(open) => !open && setRenaming(null)} />
      <DeleteTeamDialog team={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
      <TeamPlayerManagerDialog team={managing} onOpenChange={(open) => !open && setManaging(null)} />
    </>
  );
}
