import { MESSAGES } from '@fantarift/core';
import type { ReactNode } from 'react';
import { useLeagues } from '@/api/get-leagues';
import type { League } from '@/api/types';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { pickLeague, useLeagueParam } from '@/hooks/use-league-param';

/**
 * A participant page about one league at a time (Partite, Classifica): its heading, then the leagues
 * loading, failed or none to show, and otherwise the page's content for the league in the address (or
 * the one `pickLeague` chooses).
 */
export function LeaguePage({
  title,
  description,
  skeleton,
  children,
}: {
  title: string;
  description: string;
  /** what stands for the page's content while the leagues load */
  skeleton: ReactNode;
  children: (page: { leagues: League[]; selected: League; setLeagueId: (id: string) => void }) => ReactNode;
}) {
  const leaguesQuery = useLeagues();
  const [requestedId, setLeagueId] = useLeagueParam();
  const header = <PageHeader title={title} description={description} />;

  if (leaguesQuery.isPending) {
    return (
      <>
        {header}
        <Skeleton className="mb-6 h-14 w-72 max-w-full" />
        {skeleton}
      </>
    );
  }
  if (leaguesQuery.isError) {
    return (
      <>
        {header}
        <LoadErrorAlert onRetry={() => leaguesQuery.refetch()} />
      </>
    );
  }
  const leagues = leaguesQuery.data;
  const selected = pickLeague(leagues, requestedId);
  return (
    <>
      {header}
      {selected ? (
        children({ leagues, selected, setLeagueId })
      ) : (
        <p className="text-muted-foreground">{MESSAGES.leagues.noAvailableLeagues}</p>
      )}
    </>
  );
}
