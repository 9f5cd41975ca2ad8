import { IMPORT_MESSAGES, MESSAGES } from '@fantarift/core';
import { Coins, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { LeagueSelect } from '@/components/leagues/league-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAdminLeague } from '@/features/admin/shared/use-admin-league';
import { isApiError } from '@/lib/api-client';
import { ADMIN_SECTIONS } from '../../components/admin-sections';
import { BackToDashboard } from '../../components/back-to-dashboard';
import { LoadingSkeletons } from '../../shared/loading-skeletons';
import { useWeeks } from '../api/get-weeks';
import { CreateWeekForm } from '../components/create-week-form';
import { WeekCard } from '../components/week-card';

/** /admin/weeks: weeks of a league, their matches, statistics and Close & Distribute. */
export function AdminWeeksRoute() {
  const { title, description } = ADMIN_SECTIONS.weeks;
  const { leaguesQuery, leagues, league, setLeagueId } = useAdminLeague();
  return (
    <>
      <BackToDashboard />
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button asChild variant="outline">
            <Link to={paths.admin.import.getHref(league?.id)}>
              <Upload aria-hidden="true" />
              {IMPORT_MESSAGES.pageTitle}
            </Link>
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        {leaguesQuery.isPending ? (
          <Skeleton className="h-14 w-72 max-w-full" />
        ) : (
          <LeagueSelect leagues={leagues} value={league?.id} onChange={setLeagueId} />
        )}
        <p className="text-sm">
          <Link
            to={paths.admin.weeklyRewards.getHref()}
            className="inline-flex items-center gap-1.5 text-brand underline-offset-4 hover:underline"
          >
            <Coins aria-hidden="true" className="size-4" />
            {MESSAGES.pointsTrust.weeklyRewardsLink}: calcola e distribuisci i Burro Coin di una settimana
          </Link>
        </p>
        <CreateWeekForm leagueId={league?.id} />
        {league ? (
          <WeekList leagueId={league.id} teams={league.teams} />
        ) : (
          <p className="text-muted-foreground">Seleziona una lega per vedere le sue settimane.</p>
        )}
      </div>
    </>
  );
}

function WeekList({ leagueId, teams }: { leagueId: string; teams: readonly string[] }) {
  const query = useWeeks(leagueId);
  if (query.isPending) {
    return <LoadingSkeletons className="flex flex-col gap-3" skeletons={['h-20 w-full', 'h-20 w-full']} />;
  }
  if (query.isError) {
    return (
      <LoadErrorAlert
        title={MESSAGES.weeks.loadError}
        detail={isApiError(query.error, 0) && <p>{MESSAGES.weeks.connectionProblem}</p>}
        retryLabel={MESSAGES.common.reload}
        onRetry={() => query.refetch()}
      />
    );
  }
  const weeks = query.data;
  if (weeks.length === 0) {
    return <p className="text-muted-foreground">Nessuna settimana per questa lega: creane una.</p>;
  }
  const lastOpen = [...weeks].reverse().find((w) => !w.isClosed) ?? weeks[weeks.length - 1];
  return (
    <section aria-label="Settimane" className="flex flex-col gap-3">
      <h2 className="font-semibold text-lg">Settimane</h2>
      {weeks.map((week) => (
        <WeekCard key={week.id} week={week} teams={teams} defaultOpen={week.id === lastOpen?.id} />
      ))}
    </section>
  );
}
