import { type MarketStatus, MESSAGES, PAGE_HEADINGS, ROSTER_LIMITS, startingBalance } from '@fantarift/core';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Info, UserPlus } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useLeagues } from '@/api/get-leagues';
import { myRosterQueryOptions, useMyRoster } from '@/api/get-my-roster';
import type { ItemKind, League, MyRoster } from '@/api/types';
import { Coins, StatTile } from '@/components/items/coins';
import { DeadlineCountdown } from '@/components/leagues/deadline-countdown';
import { JoinLeagueButton } from '@/components/leagues/join-league-button';
import { LeagueSelect } from '@/components/leagues/league-select';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useLeagueParam } from '@/hooks/use-league-param';
import { useFirstScreen } from '@/lib/first-screen';
import { useLiveLeague } from '@/lib/live-events';
import { tradeBlockedReason, useMarketStatus } from '@/lib/market';
import { type CatalogueChampion, championsQueryOptions, useChampions } from '../api/get-champions';
import { type CataloguePlayer, playersQueryOptions, usePlayers } from '../api/get-players';
import { buyBlockedReason, marketTabLabel } from '../components/buy-rules';
import { MarketBanners } from '../components/market-banners';
import { ChampionMarketCard, PlayerMarketCard } from '../components/market-cards';
import { EMPTY_FILTERS, MarketFilters, type MarketFilterValues } from '../components/market-filters';

// the heading the shell and the router draw before this code arrives (PAGE_HEADINGS)
const { title: TITLE, description: DESCRIPTION } = PAGE_HEADINGS.market;
const GRID = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3';
/** the catalogue query of the filters' initial state (EMPTY_FILTERS), as LeagueMarket first asks it */
const EMPTY_FILTERS_QUERY = {};

/** The market's cards share one tooltip provider (spec §9 delays); only this page loads it. */
export function MarketRoute() {
  return (
    <TooltipProvider>
      <MarketPage />
    </TooltipProvider>
  );
}

function MarketPage() {
  const leaguesQuery = useLeagues({ fresh: true });
  const [requestedId, setLeagueId] = useLeagueParam();
  const queryClient = useQueryClient();

  // The league named in the address is known before the league list arrives: its roster and catalogue
  // are asked for together with the list, not one round trip after it (the round trips a phone waits
  // for: docs/phone-first-load.md).
  useEffect(() => {
    if (!requestedId) return;
    void queryClient.prefetchQuery(myRosterQueryOptions(requestedId));
    void queryClient.prefetchQuery(playersQueryOptions(requestedId, EMPTY_FILTERS_QUERY));
    void queryClient.prefetchQuery(championsQueryOptions(requestedId, EMPTY_FILTERS_QUERY));
  }, [queryClient, requestedId]);

  if (leaguesQuery.isPending) {
    return (
      <>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <MarketSkeleton />
      </>
    );
  }
  if (leaguesQuery.isError || leaguesQuery.data.length === 0) {
    return (
      <>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>
            {leaguesQuery.isError ? MESSAGES.common.loadError : MESSAGES.market.noLeagueSelected}
          </AlertTitle>
          {leaguesQuery.isError && (
            <AlertDescription>
              <Button variant="outline" size="sm" onClick={() => leaguesQuery.refetch()}>
                Riprova
              </Button>
            </AlertDescription>
          )}
        </Alert>
      </>
    );
  }

  const leagues = leaguesQuery.data;
  const joined = leagues.filter((league) => league.joined);
  const selected =
    leagues.find((league) => league.id === requestedId) ??
    joined[0] ??
    leagues.find((league) => league.status !== 'Completed') ??
    leagues[0];
  if (!selected) return null;
  const options = selected.joined ? joined : [...joined, selected];

  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <LeagueMarket key={selected.id} league={selected} options={options} onSelect={setLeagueId} />
    </>
  );
}

interface LeagueMarketProps {
  league: League;
  options: League[];
  onSelect: (leagueId: string) => void;
}

function LeagueMarket({ league, options, onSelect }: LeagueMarketProps) {
  useLiveLeague(league.id);
  const status = useMarketStatus(league);
  const rosterQuery = useMyRoster(league.id);
  const [playerFilters, setPlayerFilters] = useState<MarketFilterValues>(EMPTY_FILTERS);
  const [championFilters, setChampionFilters] = useState<MarketFilterValues>(EMPTY_FILTERS);
  const playersQuery = usePlayers(league.id, {
    search: playerFilters.search.trim(),
    role: playerFilters.role || undefined,
    tier: playerFilters.tier ? Number(playerFilters.tier) : undefined,
    team: playerFilters.team,
  });
  const championsQuery = useChampions(league.id, {
    search: championFilters.search.trim(),
    role: championFilters.role || undefined,
    tier: championFilters.tier ? Number(championFilters.tier) : undefined,
  });
  // the cards (or the grid's error) are drawn: the app replaces a stored first screen
  useFirstScreen(status !== undefined && !playersQuery.isPending);

  if (!status) return null;
  const roster = rosterQuery.data ?? null;
  // Not joined yet: the first purchase joins the league and starts from its starting balance.
  const balance = roster ?? startingBalance(league.type);
  const rulesPending = !league.joined && league.rulesRequired && !league.rulesAccepted;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <LeagueSelect leagues={options} value={league.id} onChange={onSelect} />
        <dl className="grid grid-cols-2 gap-3 md:w-96">
          <StatTile
            label="Panda Coin"
            accent="panda"
            value={<Coins amount={balance.pandaCoin} currency="PandaCoin" />}
            hint={roster ? undefined : 'Saldo iniziale'}
          />
          <StatTile
            label="Burro Coin"
            accent="burro"
            value={<Coins amount={balance.burroCoin} currency="BurroCoin" />}
            hint={roster ? undefined : 'Saldo iniziale'}
          />
        </dl>
      </div>

      {!league.joined && !rosterQuery.isPending && !roster && (
        <JoinCallToAction league={league} rulesPending={rulesPending} />
      )}

      <DeadlineCountdown leagueId={league.id} joined={league.joined} />

      <MarketBanners league={league} status={status} currentPhase={playersQuery.data?.currentPhase} />

      <Tabs defaultValue="players">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="players">{marketTabLabel('Giocatori', status.playersBlocked)}</TabsTrigger>
          <TabsTrigger value="champions">{marketTabLabel('Campioni', status.championsBlocked)}</TabsTrigger>
        </TabsList>
        <TabsContent value="players" className="space-y-4 pt-2">
          <MarketFilters
            kind="player"
            value={playerFilters}
            onChange={setPlayerFilters}
            teams={playersQuery.data?.teams}
          />
          <PlayersGrid
            league={league}
            status={status}
            roster={roster}
            balance={balance.pandaCoin}
            rulesPending={rulesPending}
            query={playersQuery}
          />
        </TabsContent>
        <TabsContent value="champions" className="space-y-4 pt-2">
          <MarketFilters kind="champion" value={championFilters} onChange={setChampionFilters} />
          <p className="text-muted-foreground text-sm">{MESSAGES.market.championRefundNote}</p>
          <ChampionsGrid
            league={league}
            status={status}
            roster={roster}
            balance={balance.burroCoin}
            rulesPending={rulesPending}
            query={championsQuery}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function JoinCallToAction({ league, rulesPending }: { league: League; rulesPending: boolean }) {
  if (league.status === 'Completed') return null;
  const start = startingBalance(league.type);
  return (
    <Alert className="border-primary/40 bg-primary/5">
      <UserPlus aria-hidden="true" />
      <AlertTitle className="line-clamp-none">Non sei ancora iscritto a {league.name}</AlertTitle>
      <AlertDescription>
        <p>
          {rulesPending
            ? 'Questa lega richiede di accettare il regolamento: iscriviti per poter acquistare.'
            : 'Iscriviti ora, oppure fai il tuo primo acquisto: ti iscriverà automaticamente.'}{' '}
          Riceverai {start.pandaCoin} Panda Coin e {start.burroCoin} Burro Coin.
        </p>
        <JoinLeagueButton league={league} size="sm" />
      </AlertDescription>
    </Alert>
  );
}

interface GridProps<T> {
  league: League;
  status: MarketStatus;
  roster: MyRoster | null;
  balance: number;
  rulesPending: boolean;
  query: {
    data?: T;
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
}

function GridState({
  isPending,
  isError,
  refetch,
}: {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}) {
  if (isPending) {
    return (
      <ul className={GRID} aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} className="h-40" />
        ))}
      </ul>
    );
  }
  if (isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{MESSAGES.common.loadError}</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" onClick={() => refetch()}>
            Riprova
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  return null;
}

function PlayersGrid({ query, roster, ...props }: GridProps<{ players: CataloguePlayer[] }>) {
  if (!query.data) return <GridState {...query} />;
  const holdings = new Map(roster?.players.map((player) => [player.id, player]));
  return (
    <MarketGrid
      {...props}
      kind="player"
      items={query.data.players}
      holdings={holdings}
      count={roster?.players.length ?? 0}
      busy={query.isPlaceholderData}
      card={(player, trade) => (
        <PlayerMarketCard key={player.id} leagueId={props.league.id} item={player} {...trade} />
      )}
    />
  );
}

function ChampionsGrid({ query, roster, ...props }: GridProps<CatalogueChampion[]>) {
  if (!query.data) return <GridState {...query} />;
  const holdings = new Map(roster?.champions.map((champion) => [champion.id, champion]));
  return (
    <MarketGrid
      {...props}
      kind="champion"
      items={query.data}
      holdings={holdings}
      count={roster?.champions.length ?? 0}
      busy={query.isPlaceholderData}
      card={(champion, trade) => (
        <ChampionMarketCard
          key={champion.id}
          leagueId={props.league.id}
          item={champion}
          salePrice={holdings.get(champion.id)?.salePrice ?? null}
          {...trade}
        />
      )}
    />
  );
}

const GRID_OF = {
  player: {
    label: 'Giocatori',
    limit: ROSTER_LIMITS.players,
    empty: MESSAGES.market.noPlayersFound,
    full: MESSAGES.market.maxPlayers,
  },
  champion: {
    label: 'Campioni',
    limit: ROSTER_LIMITS.champions,
    empty: MESSAGES.market.noChampionsFound,
    full: MESSAGES.market.maxChampionsShort,
  },
} as const;

/** What a card shows of its item's trade: owned or not, and why buying or selling is refused. */
interface CardTrade {
  owned: boolean;
  buyReason: string | null;
  showBuyReason: boolean;
  sellReason: string | null;
}

/**
 * The market's grid of one kind of item: each card with the reason a purchase is refused, shown on the
 * card only when it is the item's own (the market's closure, the rules and a full roster are said once).
 */
function MarketGrid<T extends { id: string; cost: number }>({
  kind,
  items,
  holdings,
  count,
  status,
  balance,
  rulesPending,
  busy,
  card,
}: Omit<GridProps<unknown>, 'league' | 'roster' | 'query'> & {
  kind: ItemKind;
  items: T[];
  holdings: ReadonlyMap<string, unknown>;
  count: number;
  busy: boolean;
  card: (item: T, trade: CardTrade) => ReactNode;
}) {
  const grid = GRID_OF[kind];
  const marketReason = tradeBlockedReason(status, kind);
  const full = count >= grid.limit;
  if (items.length === 0) {
    return <p className="py-8 text-center text-muted-foreground">{grid.empty}</p>;
  }
  return (
    <>
      {full && !marketReason && <RosterFullNotice text={grid.full} />}
      <ul className={GRID} aria-label={grid.label} aria-busy={busy}>
        {items.map((item) => {
          const owned = holdings.has(item.id);
          const buyReason = buyBlockedReason({
            kind,
            status,
            cost: item.cost,
            owned,
            count,
            balance,
            rulesPending,
          });
          return card(item, {
            owned,
            buyReason,
            showBuyReason: buyReason !== null && !marketReason && !owned && !rulesPending && !full,
            sellReason: marketReason,
          });
        })}
      </ul>
    </>
  );
}

/** One notice instead of the same reason on every card when the roster is full. */
function RosterFullNotice({ text }: { text: string }) {
  return (
    <Alert role="status" variant="warning">
      <Info aria-hidden="true" />
      <AlertTitle className="line-clamp-none">{text}</AlertTitle>
      <AlertDescription>Vendi un elemento del roster per poterne acquistare un altro.</AlertDescription>
    </Alert>
  );
}

function MarketSkeleton() {
  return (
    <div className="space-y-6" data-testid="market-loading">
      <div className="flex flex-col gap-4 md:flex-row md:justify-between">
        <Skeleton className="h-14 w-72 max-w-full" />
        <Skeleton className="h-20 md:w-96" />
      </div>
      <Skeleton className="h-9 w-64" />
      <ul className={GRID} aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} className="h-40" />
        ))}
      </ul>
    </div>
  );
}
