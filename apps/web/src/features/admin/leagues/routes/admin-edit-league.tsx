import { MESSAGES } from '@fantarift/core';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/features/admin/shared/error-message';
import { useAdminLeague } from '../api/get-admin-league';
import { EditLeagueForm } from '../components/edit-league-form';

/** /admin/leagues/:leagueId/edit: the "Modifica Lega" form as a page. */
export function AdminEditLeagueRoute() {
  const { leagueId = '' } = useParams();
  const navigate = useNavigate();
  const league = useAdminLeague(leagueId || undefined);
  const back = leagueId ? paths.admin.league.getHref(leagueId) : paths.admin.leagues.getHref();

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-2 text-muted-foreground">
        <Link to={back}>
          <ArrowLeft aria-hidden="true" />
          Indietro
        </Link>
      </Button>
      <PageHeader title="Modifica Lega" description={league.data?.name} />
      {!leagueId ? (
        <Alert variant="destructive" className="max-w-xl">
          <AlertTitle>{MESSAGES.leagues.urlError}</AlertTitle>
          <AlertDescription>{MESSAGES.leagues.idMissing}</AlertDescription>
        </Alert>
      ) : league.isPending ? (
        <Skeleton className="h-96 max-w-2xl rounded-xl" />
      ) : league.isError ? (
        <Alert variant="destructive" className="max-w-xl">
          <AlertTitle>{MESSAGES.leagues.notFound}</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(league.error, MESSAGES.common.loadError)}</p>
            <Link className="underline" to={paths.admin.leagues.getHref()}>
              Torna alle leghe
            </Link>
          </AlertDescription>
        </Alert>
      ) : (
        <Card className="max-w-2xl">
          <CardContent>
            <EditLeagueForm
              league={league.data}
              onDone={() => navigate(back)}
              onCancel={() => navigate(back)}
            />
          </CardContent>
        </Card>
      )}
    </>
  );
}
