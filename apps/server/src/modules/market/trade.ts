import {
  type Currency,
  championRefund,
  type LeagueType,
  MESSAGES,
  marketStatus,
  playerRefund,
  ROSTER_LIMITS,
} from '@fantarift/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, executeNamed } from '../../db/client.ts';
import { leagueRulesAcceptance, type leagues } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { type AuthUser, authUserFrom, type SessionUserRow, sessionUserQuery } from '../auth/index.ts';
import { openRoster } from '../rosters/index.ts';

export type ItemKind = 'player' | 'champion';

export interface TradeResult {
  itemId: string;
  itemName: string;
  /** coins paid (buy) or refunded (sell) */
  amount: number;
  currency: Currency;
  message: string;
  roster: { id: string; pandaCoin: number; burroCoin: number; playerCount: number; championCount: number };
}

/** What a trade needs to know of its league. */
type TradeLeague = Pick<
  typeof leagues.$inferSelect,
  | 'id'
  | 'type'
  | 'status'
  | 'teams'
  | 'marketOpen'
  | 'rulesRequired'
  | 'marketBlockTimezone'
  | 'marketBlockStartTime'
  | 'marketBlockEndTime'
>;

const marketRefused = (message: string) => new AppError(409, 'MARKET_BLOCKED', message);

/** The server's answer to "may this kind of item be traded now?", from the same core rule the UI shows. */
export function assertMarketOpen(league: TradeLeague, kind: ItemKind, now: Date): void {
  const status = marketStatus(
    {
      status: league.status as 'Upcoming' | 'Active' | 'Completed',
      marketOpen: league.marketOpen,
      marketBlockTimezone: league.marketBlockTimezone,
      marketBlockStartTime: league.marketBlockStartTime,
      marketBlockEndTime: league.marketBlockEndTime,
    },
    now,
  );
  if (kind === 'champion') {
    if (status.championsBlocked) throw marketRefused(MESSAGES.market.championsBlocked);
    return;
  }
  if (status.playersBlocked) {
    throw marketRefused(
      status.reason === 'manual_closure' ? MESSAGES.market.playersClosed : MESSAGES.market.playersBlocked,
    );
  }
}

const KINDS = {
  player: {
    currency: 'PandaCoin' as const,
    balanceKey: 'pandaCoin' as const,
    countKey: 'playerCount' as const,
    limit: ROSTER_LIMITS.players,
    refund: playerRefund,
    messages: {
      notFound: MESSAGES.market.playerNotFound,
      owned: MESSAGES.market.playerAlreadyOwned,
      limit: MESSAGES.market.maxPlayers,
      balance: MESSAGES.market.notEnoughPandaCoin,
      notInRoster: MESSAGES.market.playerNotInRoster,
      notInLeague: 'Questo giocatore non partecipa a questa lega',
    },
  },
  champion: {
    currency: 'BurroCoin' as const,
    balanceKey: 'burroCoin' as const,
    countKey: 'championCount' as const,
    limit: ROSTER_LIMITS.champions,
    refund: championRefund,
    messages: {
      notFound: MESSAGES.market.championNotFound,
      owned: MESSAGES.market.championAlreadyOwned,
      limit: MESSAGES.market.maxChampions,
      balance: MESSAGES.market.notEnoughBurroCoin,
      notInRoster: MESSAGES.market.championNotInRoster,
      notInLeague: '',
    },
  },
} as const;

const TABLES = {
  player: {
    holdings: sql.raw('roster_players'),
    itemColumn: sql.raw('player_id'),
    items: sql.raw('players'),
    balance: sql.raw('panda_coin'),
    count: sql.raw('player_count'),
    buyType: 'BuyPlayer',
    sellType: 'SellPlayer',
  },
  champion: {
    holdings: sql.raw('roster_champions'),
    itemColumn: sql.raw('champion_id'),
    items: sql.raw('champions'),
    balance: sql.raw('burro_coin'),
    count: sql.raw('champion_count'),
    buyType: 'BuyChampion',
    sellType: 'SellChampion',
  },
} as const;

/** The highest price a holding can carry: costs are checked to 1–5 (players) and 1–15 (champions). */
const MAX_PRICE = 15;

/**
 * Refund per price paid, from the core rule (DECISIONS 3), as a constant table the sell statement joins
 * (literal integers, so the statement text is the same every time).
 */
const REFUND_TABLES = Object.fromEntries(
  (['player', 'champion'] as const).map((kind) => {
    const refund = KINDS[kind].refund;
    const rows = Array.from({ length: MAX_PRICE + 1 }, (_, price) => `(${price}, ${refund(price)})`).join(
      ', ',
    );
    return [kind, sql.raw(`(values ${rows}) as v(price, refund)`)];
  }),
) as Record<ItemKind, ReturnType<typeof sql.raw>>;

/** Who trades: the user of a session cookie (the HTTP routes) or a known user (the demo data, in-process). */
export type Trader = { sessionToken: string } | { userId: string };

/** The trader's user row (`SessionUserRow` columns), or none for an unknown or expired session. */
const whoQuery = (trader: Trader) =>
  'sessionToken' in trader
    ? sessionUserQuery(trader.sessionToken)
    : sql`select u.id, u.email, u.username, u.is_admin, u.created_at from users u where u.id = ${trader.userId}`;
const traderKey = (trader: Trader) => ('sessionToken' in trader ? 'session' : 'user');

/**
 * What a trade reads of its league before its statement: the columns the market rule needs, and the row
 * version they were read at (`xmin`: any write to the row changes it, whoever makes it).
 */
type KnownLeague = { league: TradeLeague; version: string };

/**
 * Each process keeps the leagues its trades have read, so that a trade is one statement: the market rule
 * is judged on the copy, and the statement trades only if the league row is still at the copy's version
 * (under the same lock that holds the market open), so a stale copy is read again, never believed.
 */
const knownLeagues = new WeakMap<object, Map<string, KnownLeague>>();
const KNOWN_LEAGUES_MAX = 10_000;

function knownLeague(db: Database, leagueId: string): KnownLeague | undefined {
  return knownLeagues.get(db)?.get(leagueId);
}

function rememberLeague(db: Database, known: KnownLeague): void {
  let map = knownLeagues.get(db);
  if (!map) {
    map = new Map();
    knownLeagues.set(db, map);
  }
  if (map.size >= KNOWN_LEAGUES_MAX) map.clear();
  map.set(known.league.id, known);
}

/** The refusal the market rule gives this kind of item now, or null when it may be traded. */
function marketRefusal(league: TradeLeague, kind: ItemKind, now: Date): AppError | null {
  try {
    assertMarketOpen(league, kind, now);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

type StatementRoster = {
  roster_id: string | null;
  panda_coin: number | null;
  burro_coin: number | null;
  player_count: number | null;
  champion_count: number | null;
};

function summaryFrom(row: {
  roster_id: string;
  panda_coin: number;
  burro_coin: number;
  player_count: number;
  champion_count: number;
}): TradeResult['roster'] {
  return {
    id: row.roster_id,
    pandaCoin: Number(row.panda_coin),
    burroCoin: Number(row.burro_coin),
    playerCount: Number(row.player_count),
    championCount: Number(row.champion_count),
  };
}

type UserColumns = { user_id: string | null } & Omit<SessionUserRow, 'id'>;

const userFrom = (row: UserColumns): AuthUser | null =>
  row.user_id ? authUserFrom({ ...row, id: row.user_id }) : null;

interface LeagueRow extends UserColumns {
  league_id: string | null;
  league_version: string | null;
  type: string;
  status: string;
  teams: string[];
  market_open: boolean;
  rules_required: boolean;
  market_block_timezone: string;
  market_block_start_time: string | null;
  market_block_end_time: string | null;
}

/**
 * The trader and the league read afresh, in one statement: what a trade does when its process has no copy
 * of the league, a stale one, or one that refuses the trade (refusals are judged on the league as it is).
 */
async function readLeague(
  db: Database,
  trader: Trader,
  leagueId: string,
): Promise<{ user: AuthUser | null; known: KnownLeague | null }> {
  const { rows } = await executeNamed<LeagueRow & Record<string, unknown>>(
    db,
    `trade-league-as-${traderKey(trader)}`,
    sql`select w.id as user_id, w.email, w.username, w.is_admin, w.created_at,
          l.id as league_id, l.xmin::text as league_version, l.type, l.status, l.teams, l.market_open,
          l.rules_required, l.market_block_timezone, l.market_block_start_time, l.market_block_end_time
        from (select 1) one
        left join (${whoQuery(trader)}) w on true
        left join leagues l on l.id = ${leagueId}`,
  );
  const row = rows[0]!;
  const user = userFrom(row);
  if (!row.league_id || !row.league_version) return { user, known: null };
  const known: KnownLeague = {
    version: row.league_version,
    league: {
      id: row.league_id,
      type: row.type,
      status: row.status,
      teams: row.teams,
      marketOpen: row.market_open,
      rulesRequired: row.rules_required,
      marketBlockTimezone: row.market_block_timezone,
      marketBlockStartTime: row.market_block_start_time,
      marketBlockEndTime: row.market_block_end_time,
    },
  };
  rememberLeague(db, known);
  return { user, known };
}

type TradeArgs = { kind: ItemKind; trader: Trader; leagueId: string; itemId: string; version: string };

/**
 * The trader, the league's version and the market held open, as the trade statements' first CTEs. The
 * league row is locked FOR KEY SHARE, and only while it is at the version the market rule was judged on
 * and (players) while `market_open`: a locking read re-checks its condition on the row a concurrent write
 * has just committed. An admin's close locks the row FOR UPDATE, so a trade either commits before the
 * close does or is not made: none is executed after the close commits. The foreign-key checks of the
 * holding and the ledger row take the same lock anyway. `also` adds the statement's own conditions.
 */
const heldMarket = (a: TradeArgs, also: SQL) => sql`
    who as (${whoQuery(a.trader)}),
    lg as (select xmin::text as version from leagues where id = ${a.leagueId}),
    market as (
      select id from leagues
      where id = ${a.leagueId} and xmin::text = ${a.version} ${a.kind === 'player' ? sql`and market_open` : sql``}
        and exists (select 1 from who) ${also}
      for key share
    )`;

const tradeUserColumns = sql`w.id as user_id, w.email, w.username, w.is_admin, w.created_at,
    (select version from lg) as league_version, exists (select 1 from market) as market_held`;

type TradeRow = UserColumns & { league_version: string | null; market_held: boolean };

/**
 * The whole purchase as ONE statement: the trader, the item and its league (a league without a team list,
 * an international event being set up, trades every player), the market held, the roster locked,
 * ownership checked, the coins taken with a guarded UPDATE (re-checked on the latest row version), and
 * the holding and the ledger row inserted from what the UPDATE returned. A statement is atomic on its
 * own, so no explicit transaction is needed; a concurrent duplicate is stopped by the held-once index.
 * Its times are clock_timestamp(), taken once the roster lock is held, so holdings and ledger rows are
 * ordered exactly as the trades were serialised.
 */
async function buyStatement(db: Database, a: TradeArgs) {
  const t = TABLES[a.kind];
  const k = KINDS[a.kind];
  const result = await executeNamed<
    TradeRow &
      StatementRoster & {
        item_id: string | null;
        item_name: string | null;
        item_cost: number | null;
        in_league: boolean | null;
        owned: boolean;
        new_panda: number | null;
        new_burro: number | null;
        new_players: number | null;
        new_champions: number | null;
      }
  >(
    db,
    `buy-${a.kind}-as-${traderKey(a.trader)}`,
    sql`
    with item as (
      select i.id, i.name, i.cost,
        ${a.kind === 'player' ? sql`cardinality(l.teams) = 0 or i.team = any(l.teams)` : sql`true`} as in_league
      from ${t.items} i left join leagues l on l.id = ${a.leagueId}
      where i.id = ${a.itemId}
    ),
    ${heldMarket(a, sql`and exists (select 1 from item where in_league)`)},
    r as (
      select id, panda_coin, burro_coin, player_count, champion_count from rosters
      where user_id = (select id from who) and league_id = ${a.leagueId} and exists (select 1 from market)
      for update
    ),
    owned as (
      select 1 from ${t.holdings} h
      where h.roster_id = (select id from r) and h.${t.itemColumn} = ${a.itemId} and h.released_at is null
    ),
    upd as (
      update rosters set ${t.balance} = ${t.balance} - (select cost from item), ${t.count} = ${t.count} + 1,
        updated_at = now()
      where id = (select id from r) and not exists (select 1 from owned)
        and ${t.balance} >= (select cost from item) and ${t.count} < ${k.limit}
      returning id, user_id, league_id, panda_coin, burro_coin, player_count, champion_count
    ),
    hold as (
      insert into ${t.holdings} (roster_id, league_id, ${t.itemColumn}, price_paid, acquired_at)
      select id, league_id, ${a.itemId}, (select cost from item), clock_timestamp() from upd
      returning 1
    ),
    ledger as (
      insert into transactions (roster_id, user_id, league_id, type, item_id, item_name, amount, currency, timestamp)
      select id, user_id, league_id, ${t.buyType}, ${a.itemId}, (select name from item), -(select cost from item),
        ${k.currency}, clock_timestamp()
      from upd
      returning 1
    )
    select ${tradeUserColumns},
           i.id as item_id, i.name as item_name, i.cost as item_cost, i.in_league,
           r.id as roster_id, r.panda_coin, r.burro_coin, r.player_count, r.champion_count,
           exists (select 1 from owned) as owned,
           u.panda_coin as new_panda, u.burro_coin as new_burro,
           u.player_count as new_players, u.champion_count as new_champions
    from (select 1) one left join who w on true left join item i on true left join r on true
      left join upd u on true`,
  );
  return result.rows[0]!;
}

/**
 * The whole sale as ONE statement: the trader, the market held, the holding released, the refund from the
 * price paid (DECISIONS 3 and 5, never today's cost) and the ledger row.
 */
async function sellStatement(db: Database, a: TradeArgs) {
  const t = TABLES[a.kind];
  const k = KINDS[a.kind];
  const result = await executeNamed<
    TradeRow & StatementRoster & { released: number; item_name: string | null; refund: number | null }
  >(
    db,
    `sell-${a.kind}-as-${traderKey(a.trader)}`,
    sql`
    with ${heldMarket(a, sql``)},
    r as (
      select id from rosters
      where user_id = (select id from who) and league_id = ${a.leagueId} and exists (select 1 from market)
      for update
    ),
    h as (
      update ${t.holdings} set released_at = clock_timestamp()
      where roster_id = (select id from r) and ${t.itemColumn} = ${a.itemId} and released_at is null
        and price_paid <= ${MAX_PRICE}
      returning roster_id, price_paid
    ),
    rf as (select h.roster_id, v.refund from h join ${REFUND_TABLES[a.kind]} on v.price = h.price_paid),
    upd as (
      update rosters set ${t.balance} = ${t.balance} + rf.refund, ${t.count} = ${t.count} - 1, updated_at = now()
      from rf where rosters.id = rf.roster_id
      returning rosters.id, rosters.user_id, rosters.league_id, rosters.panda_coin, rosters.burro_coin,
                rosters.player_count, rosters.champion_count, rf.refund
    ),
    item as (select name from ${t.items} where id = ${a.itemId}),
    ledger as (
      insert into transactions (roster_id, user_id, league_id, type, item_id, item_name, amount, currency, timestamp)
      select id, user_id, league_id, ${t.sellType}, ${a.itemId}, (select name from item), refund, ${k.currency}, clock_timestamp()
      from upd
      returning 1
    )
    select ${tradeUserColumns},
           (select id from r) as roster_id, (select count(*) from h)::int as released,
           (select name from item) as item_name,
           u.panda_coin, u.burro_coin, u.player_count, u.champion_count, u.refund
    from (select 1) one left join who w on true left join upd u on true`,
  );
  return result.rows[0]!;
}

/** Buying in a league not joined yet joins it first, under the same rules (DECISIONS 6). */
async function joinForPurchase(db: Database, userId: string, league: TradeLeague): Promise<void> {
  await db.transaction(async (tx) => {
    if (league.rulesRequired) {
      const [accepted] = await tx
        .select({ id: leagueRulesAcceptance.id })
        .from(leagueRulesAcceptance)
        .where(and(eq(leagueRulesAcceptance.userId, userId), eq(leagueRulesAcceptance.leagueId, league.id)));
      if (!accepted) throw forbidden(MESSAGES.leagues.rulesNotAccepted, 'RULES_NOT_ACCEPTED');
    }
    // a concurrent first purchase may have opened it already: that is fine
    await openRoster(tx, { userId, leagueId: league.id, leagueType: league.type as LeagueType });
  });
}

/** The answer to a purchase whose statement held the market, or null when it must run again (joined). */
async function purchaseOutcome(
  db: Database,
  kind: ItemKind,
  row: Awaited<ReturnType<typeof buyStatement>>,
  user: AuthUser,
  league: TradeLeague,
  joined: boolean,
): Promise<TradeResult | null> {
  const k = KINDS[kind];
  if (!row.roster_id) {
    if (joined) throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
    await joinForPurchase(db, user.id, league);
    return null;
  }
  if (row.new_panda === null) {
    if (row.owned) throw badRequest(k.messages.owned, 'ALREADY_OWNED');
    const count = kind === 'player' ? row.player_count : row.champion_count;
    if (Number(count) >= k.limit) throw badRequest(k.messages.limit, 'ROSTER_FULL');
    throw badRequest(k.messages.balance, 'INSUFFICIENT_FUNDS');
  }
  const cost = Number(row.item_cost);
  return {
    itemId: row.item_id!,
    itemName: row.item_name!,
    amount: cost,
    currency: k.currency,
    message: MESSAGES.market.bought(row.item_name!, cost, k.currency),
    roster: summaryFrom({
      roster_id: row.roster_id,
      panda_coin: row.new_panda,
      burro_coin: row.new_burro!,
      player_count: row.new_players!,
      champion_count: row.new_champions!,
    }),
  };
}

function saleOutcome(
  kind: ItemKind,
  row: Awaited<ReturnType<typeof sellStatement>>,
  itemId: string,
): TradeResult {
  const k = KINDS[kind];
  if (!row.roster_id) throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
  if (!row.released || row.refund === null) throw badRequest(k.messages.notInRoster, 'NOT_IN_ROSTER');
  const itemName = row.item_name ?? '';
  const refund = Number(row.refund);
  return {
    itemId,
    itemName,
    amount: refund,
    currency: k.currency,
    message: MESSAGES.market.sold(itemName, refund, k.currency),
    roster: summaryFrom({
      roster_id: row.roster_id,
      panda_coin: row.panda_coin!,
      burro_coin: row.burro_coin!,
      player_count: row.player_count!,
      champion_count: row.champion_count!,
    }),
  };
}

/** How many times a trade reads its league again when the row keeps changing under it. */
const MAX_ATTEMPTS = 5;

/**
 * A buy or a sell: every rule of spec §5 and the market, enforced by the database statement itself (guarded
 * UPDATE, check constraints, unique held-once index), with the spec's message for each refusal. With the
 * league known to the process and open, the trade is one round trip: its statement also resolves the
 * trader and re-checks the league's version. `user` is null for an unknown or expired session (nothing
 * is read or written then).
 */
export async function trade(
  db: Database,
  action: 'buy' | 'sell',
  kind: ItemKind,
  p: { trader: Trader; leagueId: string; itemId: string; now: Date },
): Promise<{ user: AuthUser | null; result?: TradeResult }> {
  const k = KINDS[kind];
  let known = knownLeague(db, p.leagueId);
  let joined = false;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (!known || marketRefusal(known.league, kind, p.now)) {
      const fresh = await readLeague(db, p.trader, p.leagueId);
      if (!fresh.user) return { user: null };
      if (!fresh.known) throw notFound(MESSAGES.market.leagueNotFound);
      known = fresh.known;
      const refusal = marketRefusal(known.league, kind, p.now);
      if (refusal) throw refusal;
    }
    const args: TradeArgs = {
      kind,
      trader: p.trader,
      leagueId: p.leagueId,
      itemId: p.itemId,
      version: known.version,
    };
    if (action === 'sell') {
      const row = await sellStatement(db, args);
      const user = userFrom(row);
      if (!user) return { user: null };
      if (row.market_held) return { user, result: saleOutcome(kind, row, p.itemId) };
    } else {
      let row: Awaited<ReturnType<typeof buyStatement>>;
      try {
        row = await buyStatement(db, args);
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(k.messages.owned, 'ALREADY_OWNED');
        throw err;
      }
      const user = userFrom(row);
      if (!user) return { user: null };
      if (row.market_held) {
        const result = await purchaseOutcome(db, kind, row, user, known.league, joined);
        if (result) return { user, result };
        joined = true; // the roster is there now; joining changed the league row, so it is read again
      } else if (row.league_version === known.version) {
        if (!row.item_id) throw notFound(k.messages.notFound);
        if (!row.in_league) throw badRequest(k.messages.notInLeague);
      }
    }
    // the league row is not at the copy's version (or a write committed while the statement ran)
    known = undefined;
  }
  throw marketRefused(MESSAGES.market.playersClosed);
}

/** A purchase by a known user (the demo data, the trade benchmark's in-process loop). */
export async function buyItem(
  db: Database,
  kind: ItemKind,
  p: { userId: string; leagueId: string; itemId: string; now: Date },
): Promise<TradeResult> {
  const { result } = await trade(db, 'buy', kind, { ...p, trader: { userId: p.userId } });
  if (!result) throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
  return result;
}

/** A sale by a known user. */
export async function sellItem(
  db: Database,
  kind: ItemKind,
  p: { userId: string; leagueId: string; itemId: string; now: Date },
): Promise<TradeResult> {
  const { result } = await trade(db, 'sell', kind, { ...p, trader: { userId: p.userId } });
  if (!result) throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
  return result;
}
