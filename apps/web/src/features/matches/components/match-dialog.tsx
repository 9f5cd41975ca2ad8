import { Crown } from 'lucide-react';
import { LoadErrorLine } from '@/components/load-error-alert';
import { PlayerNameButton } from '@/components/players/player-name-button';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDateTime, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { type LeagueMatch, type MatchDetail, useMatch } from '../api/get-matches';

type GamePlayer = MatchDetail['games'][number]['players'][number];

function extras(p: GamePlayer): string {
  const parts = [
    p.doubleKills && `${p.doubleKills} doppie`,
    p.tripleKills && `${p.tripleKills} triple`,
    p.quadraKills && `${p.quadraKills} quadra`,
    p.pentaKills && `${p.pentaKills} penta`,
    p.jungleSteals && `${p.jungleSteals} furti`,
    p.mvp && 'MVP',
  ].filter(Boolean);
  return parts.length > 0 ? ` · ${parts.join(' · ')}` : '';
}

function TeamPlayers({ leagueId, team, players }: { leagueId: string; team: string; players: GamePlayer[] }) {
  return (
    <section className="space-y-1">
      <h4 className="font-semibold text-sm">{team}</h4>
      <ul className="divide-y rounded-md border" aria-label={`Giocatori di ${team}`}>
        {players.map((p) => (
          <li key={p.playerId} className="flex items-center gap-2 px-2 py-1.5 text-sm">
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline gap-1.5">
                <PlayerNameButton
                  leagueId={leagueId}
                  playerId={p.playerId}
                  name={p.name}
                  className="font-medium"
                />
                {p.champion && (
                  <span className="truncate text-muted-foreground text-xs">{p.champion.name}</span>
                )}
              </span>
              <span className="block text-muted-foreground text-xs tabular-nums">
                {p.kills}/{p.deaths}/{p.assists} · {p.cs} CS{extras(p)}
              </span>
            </span>
            <span
              className={cn('shrink-0 font-semibold tabular-nums', p.points < 0 && 'text-destructive')}
              title="Punti del game"
            >
              {formatNumber(p.points)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A completed match: its games, each with every player's statistics and game points. */
export function MatchDialog({
  leagueId,
  match,
  onClose,
}: {
  leagueId: string;
  match: LeagueMatch | null;
  onClose: () => void;
}) {
  const { data, isPending, isError } = useMatch(leagueId, match?.id ?? null);
  return (
    <Dialog open={match !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {match?.team1} vs {match?.team2}
          </DialogTitle>
          <DialogDescription>
            {match
              ? `${formatDateTime(match.date)} · BO${match.matchFormat}${
                  match.score ? ` · ${match.score.team1}–${match.score.team2}` : ''
                }`
              : null}
          </DialogDescription>
        </DialogHeader>
        {isError ? (
          <LoadErrorLine />
        ) : isPending || !data || !match ? (
          <div className="space-y-3" data-testid="match-dialog-loading">
            <Skeleton className="h-10" />
            <Skeleton className="h-48" />
          </div>
        ) : data.games.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nessuna statistica per questa partita.</p>
        ) : (
          <div className="space-y-3">
            {data.seriesMvp && (
              <p className="flex items-center gap-1.5 text-sm">
                <Crown aria-hidden="true" className="size-4 text-brand-text" />
                MVP della serie: <span className="font-medium">{data.seriesMvp.name}</span>
              </p>
            )}
            <Tabs defaultValue={String(data.games[0]?.gameNumber)}>
              <TabsList className="w-full sm:w-fit">
                {data.games.map((g) => (
                  <TabsTrigger key={g.gameNumber} value={String(g.gameNumber)}>
                    Game {g.gameNumber}
                  </TabsTrigger>
                ))}
              </TabsList>
              {data.games.map((g) => (
                <TabsContent key={g.gameNumber} value={String(g.gameNumber)} className="space-y-3 pt-2">
                  {g.winner && (
                    <Badge variant="success" className="w-fit">
                      Vince {g.winner}
                    </Badge>
                  )}
                  <div className="grid gap-3 md:grid-cols-2">
                    {[match.team1, match.team2].map((team) => (
                      <TeamPlayers
                        key={team}
                        leagueId={leagueId}
                        team={team}
                        players={g.players.filter((p) => p.team === team)}
                      />
                    ))}
                  </div>
                </TabsContent>
              ))}
            </Tabs>
            <p className="text-muted-foreground text-xs">
              Punti del game: uguali per ogni roster; i bonus campione e MVP della serie si vedono nel tab
              Punti del roster.
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
