import { ROSTER_LIMITS, roleLabel } from '@fantarift/core';
import { CaptainBadge, captainRoleOf } from '@/components/captain/captain-badge';
import { Coins } from '@/components/items/coins';
import { RoleBadge, TierBadge } from '@/components/items/role-badge';
import { LoadErrorLine } from '@/components/load-error-alert';
import { RosterPointsView } from '@/components/points/roster-points';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatPoints } from '@/lib/format';
import type { LeaderboardEntry } from '../api/get-leaderboard';
import { usePublicRoster } from '../api/get-public-roster';

interface RosterDialogProps {
  leagueId: string;
  entry: LeaderboardEntry | null;
  onClose: () => void;
}

/** A participant's roster opened from the leaderboard: summary, players and champions. */
export function RosterDialog({ leagueId, entry, onClose }: RosterDialogProps) {
  const { data: roster, isPending, isError } = usePublicRoster(leagueId, entry?.rosterId ?? null);

  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Roster di {entry?.username}</DialogTitle>
          <DialogDescription>
            {entry ? `${entry.position}° posto · ${formatPoints(entry.totalPoints)} punti` : null}
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="roster" className="min-w-0">
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="roster">Roster</TabsTrigger>
            <TabsTrigger value="points">Punti</TabsTrigger>
          </TabsList>
          <TabsContent value="points" className="pt-2">
            {entry && <RosterPointsView leagueId={leagueId} rosterId={entry.rosterId} />}
          </TabsContent>
          <TabsContent value="roster" className="pt-2">
            {isError ? (
              <LoadErrorLine />
            ) : isPending || !roster ? (
              <div className="space-y-3" data-testid="roster-dialog-loading">
                <Skeleton className="h-16" />
                <Skeleton className="h-32" />
              </div>
            ) : (
              <div className="space-y-5">
                <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                  <div className="rounded-md border p-2">
                    <dt className="text-muted-foreground text-xs">Punti</dt>
                    <dd className="font-semibold tabular-nums">{formatPoints(roster.totalPoints)}</dd>
                  </div>
                  <div className="rounded-md border p-2">
                    <dt className="text-muted-foreground text-xs">Panda Coin</dt>
                    <dd className="font-semibold">
                      <Coins amount={roster.pandaCoin} currency="PandaCoin" />
                    </dd>
                  </div>
                  <div className="rounded-md border p-2">
                    <dt className="text-muted-foreground text-xs">Burro Coin</dt>
                    <dd className="font-semibold">
                      <Coins amount={roster.burroCoin} currency="BurroCoin" />
                    </dd>
                  </div>
                  <div className="rounded-md border p-2">
                    <dt className="text-muted-foreground text-xs">Roster</dt>
                    <dd>
                      {roster.eligibility.eligible ? (
                        <Badge variant="success">Valido</Badge>
                      ) : (
                        <Badge
                          variant="secondary"
                          title={`Mancano: ${roster.eligibility.missingRoles.map(roleLabel).join(', ')}`}
                        >
                          Incompleto
                        </Badge>
                      )}
                    </dd>
                  </div>
                </dl>

                <section aria-labelledby="dialog-players" className="space-y-2">
                  <h3 id="dialog-players" className="font-semibold text-sm">
                    Giocatori ({roster.players.length}/{ROSTER_LIMITS.players})
                  </h3>
                  {roster.players.length === 0 ? (
                    <p className="text-muted-foreground text-sm">Nessun giocatore.</p>
                  ) : (
                    <ul className="divide-y rounded-md border">
                      {roster.players.map((player) => (
                        <li
                          key={player.id}
                          className="flex items-center justify-between gap-2 px-3 py-2 text-sm"
                        >
                          <span className="min-w-0">
                            <span className="font-medium">{player.name}</span>{' '}
                            <span className="text-muted-foreground">· {player.team}</span>
                          </span>
                          <span className="flex shrink-0 gap-1.5">
                            {captainRoleOf(player.id, roster.captain) && (
                              <CaptainBadge role={captainRoleOf(player.id, roster.captain)!} />
                            )}
                            <RoleBadge role={player.role} />
                            <TierBadge tier={player.tier} kind="player" />
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>

                <section aria-labelledby="dialog-champions" className="space-y-2">
                  <h3 id="dialog-champions" className="font-semibold text-sm">
                    Campioni ({roster.champions.length}/{ROSTER_LIMITS.champions})
                  </h3>
                  {roster.champions.length === 0 ? (
                    <p className="text-muted-foreground text-sm">Nessun campione.</p>
                  ) : (
                    <ul className="flex flex-wrap gap-2">
                      {roster.champions.map((champion) => (
                        <li
                          key={champion.id}
                          className="flex items-center gap-1.5 rounded-md border px-2 py-1 text-sm"
                        >
                          <span className="font-medium">{champion.name}</span>
                          <TierBadge tier={champion.tier} kind="champion" />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              </div>
            )}
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
