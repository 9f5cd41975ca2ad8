import { MESSAGES, ROSTER_LIMITS } from '@fantarift/core';
import { AlertCircle, ShoppingCart, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { useCaptain } from '@/api/get-captain';
import { useLeagues } from '@/api/get-leagues';
import { useMyRoster } from '@/api/get-my-roster';
import type { League } from '@/api/types';
import { captainRoleOf } from '@/components/captain/captain-badge';
import { CaptainPicker } from '@/components/captain/captain-picker';
import { Coins, StatTile } from '@/components/items/coins';
import { DeadlineCountdown } from '@/components/leagues/deadline-countdown';
import { JoinLeagueButton } from '@/components/leagues/join-league-button';
import { LeagueSelect } from '@/components/leagues/league-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageHeader } from '@/components/page-header';
import { RosterPointsView } from '@/components/points/roster-points';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useLeagueParam } from '@/hooks/use-league-param';
import { formatPoints } from '@/lib/format';
import { useLiveLeague } from '@/lib/live-events';
import { isMarketOpen, tradeBlockedReason, useMarketStatus } from '@/lib/market';
import { EligibilityBanner } from '../components/eligibility-banner';
import { ChampionRefundNote, RosterChampionCard, RosterPlayerCard } from '../components/holding-cards';
import { PointsHistory } from '../components/points-history';
import { TransactionsCard, WeekPointsCard } from '../components/roster-history';

const TITLE = 'Il Mio Roster';
const DESCRIPTION = 'I tuoi giocatori e campioni per la lega selezionata.';

export function RosterRoute() {
  const leaguesQuery = useLeagues();
  const [requestedId, setLeagueId] = useLeagueParam();

  if (leaguesQuery.isPending) return <RosterSkeleton />;
  if (leaguesQuery.isError) return <LoadError onRetry={() => leaguesQuery.refetch()} />;

  const leagues = leaguesQuery.data;
  const joined = leagues.filter((league) => league.joined);
  // Spec §4: the active league defaults to the first league in which the user has a roster.
  const requested = leagues.find((league) => league.id === requestedId);
  const selected = requested ?? joined[0];

  if (!selected) {
    return (
      <>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <Card className="mx-auto max-w-lg text-center">
          <CardHeader className="justify-items-center">
            <Trophy aria-hidden="true" className="mb-2 size-10 text-brand-text" />
            <CardTitle>
              <h2 className="text-lg">{MESSAGES.roster.noLeagueJoined}</h2>
            </CardTitle>
            <CardDescription>
              Unisciti a una lega per ricevere le monete e costruire il tuo roster.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to={paths.leagues.getHref()}>Vai alle Leghe</Link>
            </Button>
          </CardContent>
        </Card>
      </>
    );
  }

  // A league reached by link but not joined stays selectable, so the user can join it here.
  const options = selected.joined ? joined : [...joined, selected];
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <div className="mb-6">
        <LeagueSelect leagues={options} value={selected.id} onChange={setLeagueId} />
      </div>
      {selected.joined ? (
        <RosterView league={selected} />
      ) : (
        <Card className="max-w-lg">
          <CardHeader>
            <CardTitle>
              <h2>Non sei iscritto a {selected.name}</h2>
            </CardTitle>
            <CardDescription>Iscriviti alla lega per creare il tuo roster.</CardDescription>
          </CardHeader>
          <CardContent>
            <JoinLeagueButton league={selected} />
          </CardContent>
        </Card>
      )}
    </>
  );
}

function RosterView({ league }: { league: League }) {
  useLiveLeague(league.id);
  const rosterQuery = useMyRoster(league.id);
  const status = useMarketStatus(league);
  const captainQuery = useCaptain(league.id);

  if (rosterQuery.isPending) return <RosterBodySkeleton />;
  if (rosterQuery.isError) return <LoadError onRetry={() => rosterQuery.refetch()} />;
  const roster = rosterQuery.data;
  if (!roster) {
    return (
      <Alert variant="warning">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{MESSAGES.market.rosterNotFound}</AlertTitle>
      </Alert>
    );
  }

  const playersReason = status ? tradeBlockedReason(status, 'player') : null;
  const captain = captainQuery.data?.multiplier === 1 ? null : captainQuery.data;
  const heldPlayers = roster.players.map((p) => ({ id: p.id, name: p.name }));
  const championsReason = status ? tradeBlockedReason(status, 'champion') : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <dl className="grid flex-1 grid-cols-2 gap-3 sm:grid-cols-3 lg:max-w-2xl">
          <StatTile
            label="Panda Coin"
            accent="panda"
            value={<Coins amount={roster.pandaCoin} currency="PandaCoin" />}
          />
          <StatTile
            label="Burro Coin"
            accent="burro"
            value={<Coins amount={roster.burroCoin} currency="BurroCoin" />}
          />
          <div className="col-span-2 sm:col-span-1">
            <StatTile label="Punti Totali" value={formatPoints(roster.totalPoints)} />
          </div>
        </dl>
        {status && isMarketOpen(status) && (
          <Button asChild variant="brand">
            <Link to={paths.market.getHref(league.id)}>
              <ShoppingCart aria-hidden="true" />
              Mercato
            </Link>
          </Button>
        )}
      </div>

      <DeadlineCountdown leagueId={league.id} />

      <EligibilityBanner eligibility={roster.eligibility} />

      <Tabs defaultValue="players">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="players">
            Giocatori ({roster.players.length}/{ROSTER_LIMITS.players})
          </TabsTrigger>
          <TabsTrigger value="champions">
            Campioni ({roster.champions.length}/{ROSTER_LIMITS.champions})
          </TabsTrigger>
          <TabsTrigger value="points">Punti</TabsTrigger>
        </TabsList>
        <TabsContent value="players" className="space-y-3 pt-2">
          <CaptainPicker leagueId={league.id} players={heldPlayers} />
          {roster.players.length === 0 ? (
            <EmptyHoldings leagueId={league.id} text="Nessun giocatore nel roster." />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Giocatori del roster">
              {roster.players.map((player) => (
                <RosterPlayerCard
                  key={player.id}
                  leagueId={league.id}
                  item={player}
                  sellBlockedReason={playersReason}
                  captainRole={captainRoleOf(player.id, captain)}
                />
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="champions" className="space-y-3 pt-2">
          <ChampionRefundNote />
          {roster.champions.length === 0 ? (
            <EmptyHoldings leagueId={league.id} text="Nessun campione nel roster." />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Campioni del roster">
              {roster.champions.map((champion) => (
                <RosterChampionCard
                  key={champion.id}
                  leagueId={league.id}
                  item={champion}
                  sellBlockedReason={championsReason}
                />
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="points" className="space-y-3 pt-2">
          <CaptainPicker leagueId={league.id} players={heldPlayers} />
          <RosterPointsView leagueId={league.id} />
        </TabsContent>
      </Tabs>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <WeekPointsCard weekPoints={roster.weekPoints} />
        <TransactionsCard transactions={roster.transactions} />
      </div>

      <PointsHistory leagueId={league.id} />
    </div>
  );
}

function EmptyHoldings({ leagueId, text }: { leagueId: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground text-sm">
      <p>{text}</p>
      <Button asChild variant="outline" size="sm">
        <Link to={paths.market.getHref(leagueId)}>Vai al Mercato</Link>
      </Button>
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <LoadErrorAlert onRetry={onRetry} />
    </>
  );
}

function RosterBodySkeleton() {
  return (
    <div className="space-y-6" data-testid="roster-loading">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:max-w-2xl">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="col-span-2 h-20 sm:col-span-1" />
      </div>
      <Skeleton className="h-12" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
    </div>
  );
}

function RosterSkeleton() {
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <Skeleton className="mb-6 h-14 w-72 max-w-full" />
      <RosterBodySkeleton />
    </>
  );
}
