import { FANTA_MESSAGES, MESSAGES } from '@fantarift/core';
import { AlertCircle, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { useLeagues } from '@/api/get-leagues';
import { PageHeader } from '@/components/page-header';
import { PrivateLeaguesSection } from '@/components/private-leagues/private-leagues-section';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { LeagueCard, LeagueCardSkeleton } from '../components/league-card';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

export function LeaguesRoute() {
  const { data: leagues, isPending, isError, refetch, isFetching } = useLeagues();
  const joined = leagues?.filter((league) => league.joined) ?? [];
  const available = leagues?.filter((league) => !league.joined) ?? [];

  return (
    <>
      <PageHeader
        title="Leghe & Eventi"
        description="Unisciti alle leghe regionali e agli eventi internazionali."
      />
      {isError ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{MESSAGES.leagues.loadError}</AlertTitle>
          <AlertDescription>
            <p>Non è stato possibile caricare le leghe.</p>
            <Button variant="outline" size="sm" onClick={() => refetch()} disabled={isFetching}>
              <RotateCw aria-hidden="true" />
              Riprova
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="space-y-10">
          <section aria-labelledby="my-leagues" className="space-y-4">
            <h2 id="my-leagues" className="font-semibold text-xl">
              Le Tue Leghe
            </h2>
            {isPending ? (
              <div className={GRID} data-testid="leagues-loading">
                <LeagueCardSkeleton />
                <LeagueCardSkeleton />
              </div>
            ) : joined.length > 0 ? (
              <div className={GRID}>
                {joined.map((league) => (
                  <LeagueCard key={league.id} league={league} />
                ))}
              </div>
            ) : (
              <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
                Non sei ancora iscritto a nessuna lega. Scegline una tra quelle disponibili: alla prima
                iscrizione ricevi 15 Panda Coin e 8 Burro Coin.
              </p>
            )}
          </section>

          <section aria-labelledby="available-leagues" className="space-y-4">
            <h2 id="available-leagues" className="font-semibold text-xl">
              Leghe Disponibili
            </h2>
            {isPending ? (
              <div className={GRID}>
                <LeagueCardSkeleton />
                <LeagueCardSkeleton />
                <LeagueCardSkeleton />
              </div>
            ) : available.length > 0 ? (
              <div className={GRID}>
                {available.map((league) => (
                  <LeagueCard key={league.id} league={league} />
                ))}
              </div>
            ) : (
              <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
                {MESSAGES.leagues.noAvailableLeagues}
              </p>
            )}
          </section>

          {leagues && <PrivateLeaguesSection leagues={leagues} />}

          <section aria-labelledby="fanta-leagues" className="space-y-2">
            <h2 id="fanta-leagues" className="font-semibold text-xl">
              {FANTA_MESSAGES.title}
            </h2>
            <p className="text-muted-foreground text-sm">
              Un'asta dal vivo tra amici: ogni giocatore della lega ufficiale ha un solo proprietario.{' '}
              <Link to={paths.fantaLeagues.getHref()} className="font-medium text-foreground underline">
                Vai alle Leghe Fanta
              </Link>
            </p>
          </section>
        </div>
      )}
    </>
  );
}
