import { MESSAGES, PAGE_HEADINGS } from '@fantarift/core';
import { Trophy, Users } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMyPrivateLeagues } from '@/api/private-leagues';
import type { League } from '@/api/types';
import { JoinLeagueButton } from '@/components/leagues/join-league-button';
import { LeagueStatusBadge, MarketBadge } from '@/components/leagues/league-badges';
import { LeaguePage } from '@/components/leagues/league-page';
import { LeagueSelect } from '@/components/leagues/league-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { H2hBoard } from '@/components/private-leagues/h2h-board';
import { PrivateLeaderboard } from '@/components/private-leagues/private-leaderboard';
import { RankingSelect } from '@/components/private-leagues/ranking-select';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useFirstScreen } from '@/lib/first-screen';
import { useLiveLeague } from '@/lib/live-events';
import { useMarketStatus } from '@/lib/market';
import { type LeaderboardEntry, useLeaderboard } from '../api/get-leaderboard';
import { LeaderboardTable } from '../components/leaderboard-table';
import { MyRewards } from '../components/my-rewards';
import { RewardTiers } from '../components/reward-tiers';
import { RosterDialog } from '../components/roster-dialog';

// the heading the shell and the router draw before this code arrives (PAGE_HEADINGS)
const { title: TITLE, description: DESCRIPTION } = PAGE_HEADINGS.leaderboard;

export function LeaderboardRoute() {
  const [params, setParams] = useSearchParams();
  const privateId = params.get('private') ?? undefined;
  const setPrivateId = (id: string | undefined) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set('private', id);
      else next.delete('private');
      return next;
    });

  return (
    <LeaguePage title={TITLE} description={DESCRIPTION} skeleton={<LeaderboardSkeleton />}>
      {({ leagues, selected, setLeagueId }) => (
        <div className="space-y-6">
          <div className="flex flex-col gap-4 sm:flex-row">
            <LeagueSelect
              leagues={leagues}
              value={selected.id}
              onChange={(id) => {
                setPrivateId(undefined);
                setLeagueId(id);
              }}
            />
            <RankingSelect leagueId={selected.id} value={privateId} onChange={setPrivateId} />
          </div>
          {privateId ? (
            <PrivateBoard key={privateId} id={privateId} leagueId={selected.id} />
          ) : (
            <LeagueLeaderboard key={selected.id} league={selected} />
          )}
        </div>
      )}
    </LeaguePage>
  );
}

function LeagueLeaderboard({ league }: { league: League }) {
  useLiveLeague(league.id);
  const query = useLeaderboard(league.id);
  const status = useMarketStatus(league);
  const [viewing, setViewing] = useState<LeaderboardEntry | null>(null);
  // the rows (or the error) are drawn: the app replaces a stored first screen
  useFirstScreen(!query.isPending);

  if (query.isPending) return <LeaderboardSkeleton />;
  if (query.isError) return <LoadErrorAlert onRetry={() => query.refetch()} />;

  const first = query.data.pages[0];
  const entries = query.data.pages.flatMap((page) => page.entries);
  const participantCount = first?.participantCount ?? 0;
  const me = first?.me ?? null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4">
        <Card className="gap-3 py-4">
          <CardHeader className="px-4 sm:px-6">
            <CardTitle>
              <h2 className="text-lg">{league.name}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-2 px-4 text-sm sm:px-6">
            <span className="inline-flex items-center gap-1.5 text-muted-foreground">
              <Users aria-hidden="true" className="size-4" />
              {participantCount} {participantCount === 1 ? 'partecipante' : 'partecipanti'}
            </span>
            <LeagueStatusBadge status={league.status} />
            {status && <MarketBadge status={status} />}
          </CardContent>
        </Card>

        {me ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg border border-brand/50 bg-brand/10 px-4 py-3 font-medium"
          >
            <Trophy aria-hidden="true" className="size-5 text-brand-text" />
            Sei al {me.position}° posto su {participantCount}
          </p>
        ) : (
          <Alert className="border-primary/40 bg-primary/5">
            <Trophy aria-hidden="true" />
            <AlertTitle className="line-clamp-none">Non hai un roster in questa lega</AlertTitle>
            <AlertDescription>
              {league.status === 'Completed' ? (
                <p>{MESSAGES.leagues.leagueCompleted}</p>
              ) : (
                <>
                  <p>Iscriviti per entrare in classifica.</p>
                  <JoinLeagueButton league={league} size="sm" />
                </>
              )}
            </AlertDescription>
          </Alert>
        )}

        {entries.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground text-sm">
            Nessun partecipante in questa lega.
          </p>
        ) : (
          <div className="rounded-lg border bg-card">
            <LeaderboardTable entries={entries} onViewRoster={setViewing} />
          </div>
        )}
        {query.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="outline"
              onClick={() => query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? 'Caricamento...' : 'Carica altri'}
            </Button>
          </div>
        )}
      </div>
      <aside className="space-y-6">
        <RewardTiers tiers={first?.rewardTiers} />
        {me && <MyRewards leagueId={league.id} />}
      </aside>
      <RosterDialog leagueId={league.id} entry={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** A private league's ranking, drawn with the official table (same columns, plus the week's points). */
function PrivateBoard({ id, leagueId }: { id: string; leagueId: string }) {
  const [viewing, setViewing] = useState<LeaderboardEntry | null>(null);
  const { user } = useAuth();
  const mine = useMyPrivateLeagues();
  const pl = mine.data?.find((p) => p.id === id);
  // the format decides what is drawn: nothing is fetched for the wrong one meanwhile
  if (mine.isPending) return <Skeleton className="h-72" data-testid="private-leaderboard-loading" />;
  // a head-to-head league has its own table and calendar instead of the points ranking
  if (pl?.format === 'h2h') return <H2hBoard pl={pl} meId={user?.id} />;
  return (
    <>
      <PrivateLeaderboard
        id={id}
        renderTable={(entries) => (
          <LeaderboardTable entries={entries} onViewRoster={setViewing} showWeekPoints />
        )}
      />
      <RosterDialog leagueId={leagueId} entry={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

function LeaderboardSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" data-testid="leaderboard-loading">
      <div className="space-y-4">
        <Skeleton className="h-24" />
        <Skeleton className="h-12" />
        <Skeleton className="h-72" />
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
