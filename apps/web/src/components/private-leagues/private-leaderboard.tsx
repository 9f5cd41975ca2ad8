import { MESSAGES } from '@fantarift/core';
import { Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { type PrivateLeaderboardEntry, usePrivateLeaderboard } from '@/api/private-leagues';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPoints } from '@/lib/format';

interface PrivateLeaderboardProps {
  id: string;
  /** draws the entries: the leaderboard page passes its own table, so both rankings look the same */
  renderTable: (entries: PrivateLeaderboardEntry[]) => ReactNode;
}

/** A private league's ranking: the official one restricted to the members, positions 1..n among them. */
export function PrivateLeaderboard({ id, renderTable }: PrivateLeaderboardProps) {
  const query = usePrivateLeaderboard(id);
  if (query.isPending) return <Skeleton className="h-72" data-testid="private-leaderboard-loading" />;
  if (query.isError) {
    return <p className="text-destructive">{(query.error as Error).message || MESSAGES.common.loadError}</p>;
  }
  const first = query.data.pages[0]!;
  const entries = query.data.pages.flatMap((p) => p.entries);
  const { me, participantCount, week } = first;
  return (
    <div className="min-w-0 space-y-4">
      <Card className="gap-3 py-4">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h2 className="break-words text-lg">{first.privateLeague.name}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 text-muted-foreground text-sm sm:px-6">
          <span className="inline-flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4" />
            {participantCount} {participantCount === 1 ? 'membro' : 'membri'}
          </span>
          <span>Lega privata di {first.privateLeague.leagueName}</span>
        </CardContent>
      </Card>
      {me && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-brand/50 bg-brand/10 px-4 py-3 font-medium"
        >
          <Trophy aria-hidden="true" className="size-5 text-brand-text" />
          Sei al {me.position}° posto su {participantCount}
          {week && me.weekPoints !== null && (
            <span className="font-normal text-muted-foreground text-sm">
              · {week.name}: {formatPoints(me.weekPoints)} punti
            </span>
          )}
        </p>
      )}
      <div className="rounded-lg border bg-card">{renderTable(entries)}</div>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Caricamento...' : 'Carica altri'}
          </Button>
        </div>
      )}
    </div>
  );
}
