import { MESSAGES } from '@fantarift/core';
import { UserMinus, UserPlus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAssignTeamPlayer } from '@/features/admin/shared/api/assign-team-player';
import type { TeamPlayer } from '@/features/admin/shared/api/catalogue-types';
import { useTeamPlayers } from '@/features/admin/shared/api/get-team-players';
import { useRemoveTeamPlayer } from '@/features/admin/shared/api/remove-team-player';
import { DeleteDialog } from '@/features/admin/shared/delete-dialog';
import { errorMessage } from '@/features/admin/shared/error-message';
import { ManageDialog } from '@/features/admin/shared/manage-dialog';
import { PlayerLine } from '@/features/admin/shared/player-line';

export interface TeamRef {
  leagueId: string;
  teamName: string;
}

/** The team player manager: the team's players (remove) and every other player (assign). */
export function TeamPlayerManagerDialog({
  team,
  onOpenChange,
}: {
  team: TeamRef | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ManageDialog
      item={team}
      onOpenChange={onOpenChange}
      className="sm:max-w-2xl"
      title={<>Player di {team?.teamName}</>}
      description="Assegna player al team o rimuovili (diventano Free Agent)."
    >
      {(t) => <TeamPlayerManager team={t} />}
    </ManageDialog>
  );
}

function TeamPlayerManager({ team }: { team: TeamRef }) {
  const id = useId();
  const query = useTeamPlayers(team.leagueId, team.teamName);
  const assign = useAssignTeamPlayer();
  const remove = useRemoveTeamPlayer();
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<TeamPlayer | null>(null);

  const available = useMemo(() => {
    const term = search.trim().toLocaleLowerCase('it');
    const list = query.data?.availablePlayers ?? [];
    return term ? list.filter((p) => p.name.toLocaleLowerCase('it').includes(term)) : list;
  }, [query.data, search]);

  const assignPlayer = (player: TeamPlayer | undefined) => {
    if (!player) {
      toast.error(MESSAGES.teams.selectPlayer);
      return;
    }
    assign.mutate(
      { ...team, playerId: player.id },
      {
        onSuccess: ({ message }) => toast.success(message || MESSAGES.players.assigned),
        onError: (err) => toast.error(errorMessage(err, MESSAGES.players.assignError)),
      },
    );
  };

  if (query.isPending) return <Skeleton className="h-48" />;
  if (query.isError)
    return (
      <p className="text-destructive text-sm">{errorMessage(query.error, MESSAGES.players.loadFailed)}</p>
    );

  return (
    <>
      <Tabs defaultValue="team">
        <TabsList className="w-full">
          <TabsTrigger value="team">Player del team ({query.data.players.length})</TabsTrigger>
          <TabsTrigger value="available">Disponibili ({query.data.availablePlayers.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="team">
          {query.data.players.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground text-sm">Nessun player in questo team.</p>
          ) : (
            <ul className="grid max-h-[50dvh] gap-2 overflow-y-auto pr-1">
              {query.data.players.map((player) => (
                <PlayerLine
                  key={player.id}
                  player={player}
                  action={
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Rimuovi ${player.name} dal team`}
                      onClick={() => setRemoving(player)}
                    >
                      <UserMinus aria-hidden="true" />
                      <span className="max-sm:sr-only">Rimuovi</span>
                    </Button>
                  }
                />
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="available" className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-search`} className="sr-only">
              Cerca player
            </Label>
            <Input
              id={`${id}-search`}
              type="search"
              placeholder="Cerca player..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          {available.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground text-sm">{MESSAGES.market.noPlayersFound}</p>
          ) : (
            <ul className="grid max-h-[45dvh] gap-2 overflow-y-auto pr-1">
              {available.map((player) => (
                <PlayerLine
                  key={player.id}
                  player={player}
                  action={
                    <Button
                      size="sm"
                      aria-label={`Assegna ${player.name} a ${team.teamName}`}
                      disabled={assign.isPending && assign.variables?.playerId === player.id}
                      onClick={() => assignPlayer(player)}
                    >
                      <UserPlus aria-hidden="true" />
                      <span className="max-sm:sr-only">Assegna</span>
                    </Button>
                  }
                />
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
      <DeleteDialog
        item={removing}
        onClose={() => setRemoving(null)}
        title="Rimuovi player"
        description={MESSAGES.players.removeFromTeamConfirm}
        confirmLabel="Rimuovi"
        pendingLabel="Rimozione..."
        mutation={remove}
        variables={(player) => ({ ...team, playerId: player.id })}
        deleted={MESSAGES.players.removedFromTeam}
        failed={MESSAGES.players.removeFromTeamError}
      />
    </>
  );
}
