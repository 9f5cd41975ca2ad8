import { MESSAGES } from '@fantarift/core';
import { AlertCircle } from 'lucide-react';
import { LeagueSelect } from '@/components/leagues/league-select';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { ADMIN_SECTIONS } from '../../components/admin-sections';
import { BackToDashboard } from '../../components/back-to-dashboard';
import { useWeeks } from '../api/get-weeks';
import { CreateWeekForm } from '../components/create-week-form';
import { useAdminLeague } from '../components/use-admin-league';
import { WeekCard } from '../components/week-card';

/** /admin/weeks: weeks of a league, their matches, statistics and Close & Distribute. */
export function AdminWeeksRoute() {
  const { title, description } = ADMIN_SECTIONS.weeks;
  const { leaguesQuery, leagues, league, setLeagueId } = useAdminLeague();
  return (
    <>
      <BackToDashboard />
      <PageHeader title={title} description={description} />
      <div className="flex flex-col gap-6">
        {leaguesQuery.isPending ? (
          <Skeleton className="h-14 w-72 max-w-full" />
        ) : (
          <LeagueSelect leagues={leagues} value={league?.id} onChange={setLeagueId} />
        )}
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
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only">{MESSAGES.common.loading}</span>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{MESSAGES.weeks.loadError}</AlertTitle>
        <AlertDescription>
          {isApiError(query.error, 0) && <p>{MESSAGES.weeks.connectionProblem}</p>}
          <Button variant="outline" size="sm" className="mt-2" onClick={() => query.refetch()}>
            {MESSAGES.common.reload}
          </Button>
        </AlertDescription>
      </Alert>
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
