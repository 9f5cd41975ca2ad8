import { usePlayerCard } from '@/api/get-player-card';
import { Coins } from '@/components/items/coins';
import { RoleBadge, TierBadge } from '@/components/items/role-badge';
import { LoadErrorLine } from '@/components/load-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatNumber, formatPoints } from '@/lib/format';
import { cn } from '@/lib/utils';

interface PlayerDialogProps {
  leagueId: string;
  playerId: string | null;
  /** Shown in the title while the card loads. */
  name?: string;
  onClose: () => void;
}

/**
 * A player in a league: team, role, price, points per game of his last matches, average, upcoming
 * matches and how many rosters of the league hold him. Opened from market, roster and matches.
 */
export function PlayerDialog({ leagueId, playerId, name, onClose }: PlayerDialogProps) {
  const { data: card, isPending, isError } = usePlayerCard(leagueId, playerId);
  return (
    <Dialog open={playerId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{card?.player.name ?? name ?? 'Giocatore'}</DialogTitle>
          <DialogDescription>{card ? card.player.team : 'Scheda del giocatore nella lega'}</DialogDescription>
        </DialogHeader>
        {isError ? (
          <LoadErrorLine />
        ) : isPending || !card ? (
          <div className="space-y-3" data-testid="player-dialog-loading">
            <Skeleton className="h-16" />
            <Skeleton className="h-24" />
          </div>
        ) : (
          <div className="space-y-5 text-sm">
            <div className="flex flex-wrap items-center gap-1.5">
              <RoleBadge role={card.player.role} />
              <TierBadge tier={card.player.tier} kind="player" />
              <span className="ml-auto text-muted-foreground">
                Prezzo{' '}
                <Coins
                  amount={card.player.cost}
                  currency="PandaCoin"
                  className="font-medium text-foreground"
                />
              </span>
            </div>
            <dl className="grid grid-cols-2 gap-2">
              <div className="rounded-md border p-2">
                <dt className="text-muted-foreground text-xs">Media per game</dt>
                <dd className="font-semibold tabular-nums">
                  {card.averagePerGame === null ? '—' : formatPoints(card.averagePerGame)}
                  <span className="font-normal text-muted-foreground text-xs">
                    {' '}
                    ({card.gamesPlayed} game)
                  </span>
                </dd>
              </div>
              <div className="rounded-md border p-2">
                <dt className="text-muted-foreground text-xs">Nei roster della lega</dt>
                <dd className="font-semibold tabular-nums">
                  {formatNumber(card.ownership.percent)}%
                  <span className="font-normal text-muted-foreground text-xs">
                    {' '}
                    ({card.ownership.holders} su {card.ownership.participants})
                  </span>
                </dd>
              </div>
            </dl>

            <section aria-labelledby="player-recent" className="space-y-2">
              <h3 id="player-recent" className="font-semibold">
                Ultime partite
              </h3>
              {card.recentMatches.length === 0 ? (
                <p className="text-muted-foreground">Nessuna partita giocata in questa lega.</p>
              ) : (
                <ul className="divide-y rounded-md border">
                  {card.recentMatches.map((m) => (
                    <li key={m.matchId} className="space-y-1 px-3 py-2">
                      <div className="flex items-baseline justify-between gap-2">
                        <span className="min-w-0 truncate">
                          vs <span className="font-medium">{m.opponent}</span>
                          <span className="text-muted-foreground"> · {formatDateTime(m.date)}</span>
                        </span>
                        <span className="shrink-0 font-semibold tabular-nums">{formatPoints(m.points)}</span>
                      </div>
                      <ul className="flex flex-wrap gap-1.5" aria-label="Punti per game">
                        {m.games.map((g) => (
                          <li
                            key={g.gameNumber}
                            className={cn(
                              'rounded bg-muted px-1.5 py-0.5 text-xs tabular-nums',
                              g.points < 0 && 'text-destructive',
                            )}
                          >
                            G{g.gameNumber}
                            {g.championName ? ` · ${g.championName}` : ''}: {formatPoints(g.points)}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section aria-labelledby="player-upcoming" className="space-y-2">
              <h3 id="player-upcoming" className="font-semibold">
                Prossime partite
              </h3>
              {card.upcoming.length === 0 ? (
                <p className="text-muted-foreground">Nessuna partita in programma.</p>
              ) : (
                <ul className="divide-y rounded-md border">
                  {card.upcoming.map((m) => (
                    <li key={m.id} className="flex items-baseline justify-between gap-2 px-3 py-2">
                      <span className="min-w-0 truncate">
                        {m.team1} vs {m.team2}
                      </span>
                      <span className="shrink-0 text-muted-foreground text-xs">
                        {formatDateTime(m.date)} · BO{m.matchFormat}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
