import { History } from 'lucide-react';
import { LoadErrorLine } from '@/components/load-error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPoints } from '@/lib/format';
import { useMyRewards } from '../api/get-my-rewards';

/** At most this many weeks are listed; the rest are summarised as "e altri N". */
export const MY_REWARDS_ROWS = 10;

const TITLE = 'I Tuoi Premi Settimanali';

/** The signed-in user's weekly Burro Coin rewards in a league, newest week first. */
export function MyRewards({ leagueId }: { leagueId: string }) {
  const query = useMyRewards(leagueId);

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <History aria-hidden="true" className="size-5 text-brand-text" />
            {TITLE}
          </h2>
        </CardTitle>
        <CardDescription>Burro Coin ricevuti alla chiusura di ogni settimana.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="space-y-2" data-testid="my-rewards-loading">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : query.isError ? (
          <div className="space-y-2">
            <LoadErrorLine />
            <Button variant="outline" size="sm" onClick={() => query.refetch()}>
              Riprova
            </Button>
          </div>
        ) : query.data.rewards.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nessun premio ricevuto in questa lega.</p>
        ) : (
          <>
            <ul className="space-y-2" aria-label={TITLE}>
              {query.data.rewards.slice(0, MY_REWARDS_ROWS).map((reward) => (
                <li
                  key={reward.weekNumber}
                  className="flex items-center justify-between gap-3 rounded-md border px-3 py-2"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-1.5 font-medium text-sm">
                      <span>Settimana {reward.weekNumber}</span>
                      <Badge variant="outline">{reward.rewardTier}</Badge>
                    </p>
                    <p className="text-muted-foreground text-xs">
                      {reward.userPosition}° posto · {formatPoints(reward.totalPoints)} punti
                    </p>
                  </div>
                  <span className="flex shrink-0 flex-col items-end font-bold text-amber-600 tabular-nums dark:text-amber-300">
                    <span>
                      {reward.rewardAmount + reward.bonusAmount > 0 ? '+' : ''}
                      {reward.rewardAmount + reward.bonusAmount} Burro Coin
                    </span>
                    {reward.bonusAmount > 0 && (
                      <span className="font-normal text-muted-foreground text-xs">
                        {reward.rewardAmount} premio + {reward.bonusAmount} bonus soglia
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
            {query.data.rewards.length > MY_REWARDS_ROWS && (
              <p className="mt-2 text-muted-foreground text-sm">
                e altri {query.data.rewards.length - MY_REWARDS_ROWS}
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
