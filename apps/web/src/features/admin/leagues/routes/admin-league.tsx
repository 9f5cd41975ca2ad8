import { MESSAGES } from '@fantarift/core';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, RefreshCw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { adminKeys } from '@/features/admin/shared/api/admin-keys';
import { useAdminLeagues } from '@/features/admin/shared/api/get-admin-leagues';
import { QueryErrorAlert } from '@/features/admin/shared/query-error-alert';
import { WrappingTabsList } from '@/features/admin/shared/wrapping-tabs-list';
import { isApiError } from '@/lib/api-client';
import { useAdminLeague } from '../api/get-admin-league';
import { AdminPrivateLeaguesTab } from '../components/admin-private-leagues-tab';
import { LeagueOverview } from '../components/league-overview';
import { LeaguePhasesTab } from '../components/league-phases-tab';
import { AdminMarketBadge, AdminStatusBadge } from '../components/league-status';
import { LeagueTeamsTab } from '../components/league-teams-tab';

const TABS = [
  { value: 'overview', label: 'Panoramica' },
  { value: 'teams', label: 'Team e Player' },
  { value: 'phases', label: 'Fasi' },
  { value: 'private-leagues', label: 'Leghe private' },
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function BackToLeagues() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 mb-2 text-muted-foreground">
      <Link to={paths.admin.leagues.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Torna alle leghe
      </Link>
    </Button>
  );
}

/** "Lega Non Trovata", with links to the leagues that exist. */
function LeagueNotFound() {
  const leagues = useAdminLeagues();
  return (
    <>
      <BackToLeagues />
      <PageHeader
        title={MESSAGES.leagues.notFound}
        description="La lega richiesta non esiste o è stata eliminata."
      />
      <section aria-labelledby="available-leagues" className="max-w-xl rounded-xl border bg-card p-4">
        <h2 id="available-leagues" className="mb-3 font-semibold">
          Leghe disponibili
        </h2>
        {leagues.isPending ? (
          <Skeleton className="h-20" />
        ) : (
          <ul className="grid gap-1.5">
            {(leagues.data ?? []).map((league) => (
              <li key={league.id}>
                <Link
                  className="text-brand-text underline-offset-4 hover:underline"
                  to={paths.admin.league.getHref(league.id)}
                >
                  {league.name}
                </Link>{' '}
                <span className="text-muted-foreground text-sm">({league.type})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /admin/leagues/:leagueId: overview, teams and players, phases. */
export function AdminLeagueRoute() {
  const { leagueId } = useParams();
  const validId = leagueId && UUID.test(leagueId) ? leagueId : undefined;
  const league = useAdminLeague(validId);
  const queryClient = useQueryClient();

  if (!leagueId) {
    return (
      <>
        <BackToLeagues />
        <Alert variant="destructive" className="max-w-xl">
          <AlertTitle>{MESSAGES.leagues.urlError}</AlertTitle>
          <AlertDescription>{MESSAGES.leagues.idMissing}</AlertDescription>
        </Alert>
      </>
    );
  }
  if (!validId || isApiError(league.error, 404)) return <LeagueNotFound />;

  const refresh = async () => {
    try {
      await Promise.all([
        queryClient.refetchQueries({ queryKey: adminKeys.league(leagueId) }),
        queryClient.refetchQueries({ queryKey: adminKeys.phases(leagueId) }),
        queryClient.refetchQueries({ queryKey: adminKeys.teams({ leagueId }) }),
      ]);
    } catch {
      toast.error(MESSAGES.common.refreshError);
    }
  };

  if (league.isPending) {
    return (
      <>
        <BackToLeagues />
        <div className="grid gap-4" role="status" aria-label={MESSAGES.common.loading}>
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-9 w-80" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      </>
    );
  }
  if (league.isError) {
    return (
      <>
        <BackToLeagues />
        <QueryErrorAlert
          className="max-w-xl"
          title={MESSAGES.common.loadError}
          error={league.error}
          fallback={MESSAGES.common.loadError}
          onRetry={() => league.refetch()}
        />
      </>
    );
  }

  const data = league.data;
  return (
    <>
      <BackToLeagues />
      <PageHeader
        title={data.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {data.type}
            <AdminStatusBadge status={data.status} />
            <AdminMarketBadge open={data.marketOpen} />
          </span>
        }
        actions={
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={refresh}
              disabled={league.isFetching}
              aria-label="Aggiorna dati"
            >
              <RefreshCw aria-hidden="true" className={league.isFetching ? 'animate-spin' : undefined} />
              Aggiorna
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.admin.editLeague.getHref(data.id)}>
                <Pencil aria-hidden="true" />
                Modifica
              </Link>
            </Button>
          </>
        }
      />
      <Tabs defaultValue="overview" className="gap-4">
        {/* four labels are wider than a phone: they wrap onto a second line there */}
        <WrappingTabsList className="sm:w-fit" tabs={TABS} />
        <TabsContent value="overview">
          <LeagueOverview league={data} />
        </TabsContent>
        <TabsContent value="teams">
          <LeagueTeamsTab league={data} />
        </TabsContent>
        <TabsContent value="phases">
          <LeaguePhasesTab league={data} />
        </TabsContent>
        <TabsContent value="private-leagues">
          <AdminPrivateLeaguesTab leagueId={data.id} />
        </TabsContent>
      </Tabs>
    </>
  );
}
