import {
  type Currency,
  championRefund,
  type LeagueType,
  MESSAGES,
  marketStatus,
  playerRefund,
  ROSTER_LIMITS,
} from '@fantarift/core';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, executeNamed } from '../../db/client.ts';
import { leagueRulesAcceptance, type leagues } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { type AuthUser, authUserFrom } from '../auth/index.ts';
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

/**
 * The moment of a change is taken after the roster lock is held (clock_timestamp, not the transaction's
 * start time), so holdings and ledger rows are ordered exactly as the trades were serialised.
 */
const _changedAt = sql`clock_timestamp()`;

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

/**
 * A player trade holds its league's market open while it runs: the league row locked FOR KEY SHARE, and only
 * while `market_open` (a locking read re-checks its condition on the row an admin's close has just
 * committed). The close locks the row FOR UPDATE, so a trade either commits before the close does or sees
 * the market closed: none is executed after the close commits. The foreign-key checks of the holding and
 * the ledger row take the same lock anyway. Champions stay tradable through a manual closure, so their
 * statement does not read it.
 */
const marketHeld = (kind: ItemKind, leagueId: string) =>
  kind === 'player'
    ? sql`select id from leagues where id = ${leagueId} and market_open for key share`
    : sql`select ${leagueId}::uuid as id`;

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

interface LeagueAndItemRow extends Record<string, unknown> {
  league_id: string | null;
  type: string;
  status: string;
  teams: string[];
  market_open: boolean;
  rules_required: boolean;
  market_block_timezone: string;
  market_block_start_time: string | null;
  market_block_end_time: string | null;
  item_id: string | null;
  item_name: string | null;
  item_cost: number | null;
  item_team: string | null;
}

type LeagueAndItem = ReturnType<typeof leagueAndItemFrom>;

function leagueAndItemFrom(row: LeagueAndItemRow | undefined) {
  if (!row?.league_id) throw notFound(MESSAGES.market.leagueNotFound);
  const league: TradeLeague = {
    id: row.league_id,
    type: row.type,
    status: row.status,
    teams: row.teams,
    marketOpen: row.market_open,
    rulesRequired: row.rules_required,
    marketBlockTimezone: row.market_block_timezone,
    marketBlockStartTime: row.market_block_start_time,
    marketBlockEndTime: row.market_block_end_time,
  };
  const item = row.item_id
    ? { id: row.item_id, name: row.item_name!, cost: Number(row.item_cost), team: row.item_team }
    : null;
  return { league, item };
}

const leagueAndItemColumns = (kind: ItemKind) =>
  sql`l.id as league_id, l.type, l.status, l.teams, l.market_open, l.rules_required,
      l.market_block_timezone, l.market_block_start_time, l.market_block_end_time,
      i.id as item_id, i.name as item_name, i.cost as item_cost,
      ${kind === 'player' ? sql.raw('i.team') : sql.raw('null::text')} as item_team`;

/** One round trip for the league and the item (the market rule needs the league before anything else). */
async function loadLeagueAndItem(db: Database, kind: ItemKind, leagueId: string, itemId: string) {
  const { rows } = await executeNamed<LeagueAndItemRow>(
    db,
    `league-and-${kind}`,
    sql`select ${leagueAndItemColumns(kind)}
        from leagues l left join ${TABLES[kind].items} i on i.id = ${itemId}
        where l.id = ${leagueId}`,
  );
  return leagueAndItemFrom(rows[0]);
}

/** The session's user with the league and item, or no user (unknown or expired session). */
export type TradeContext = { user: null } | ({ user: AuthUser } & LeagueAndItem);

/**
 * The trade routes' first round trip: the session's user (what the auth hook would look up), the
 * league and the item, in one statement, so that a trade costs two round trips, not three.
 */
export async function loadTradeContext(
  db: Database,
  kind: ItemKind,
  p: { sessionToken: string; leagueId: string; itemId: string },
): Promise<TradeContext> {
  const { rows } = await executeNamed<
    LeagueAndItemRow & {
      user_id: string | null;
      email: string;
      username: string;
      is_admin: boolean;
      created_at: Date | string;
    }
  >(
    db,
    `session-league-and-${kind}`,
    sql`select u.id as user_id, u.email, u.username, u.is_admin, u.created_at, ${leagueAndItemColumns(kind)}
        from (select 1) one
        left join (sessions s join users u on u.id = s.user_id)
          on s.id = ${hashToken(p.sessionToken)} and s.expires_at > now()
        left join leagues l on l.id = ${p.leagueId}
        left join ${TABLES[kind].items} i on l.id is not null and i.id = ${p.itemId}`,
  );
  const row = rows[0]!;
  // no user: the caller answers 401 before any league or item message
  if (!row.user_id) return { user: null };
  return { user: authUserFrom({ ...row, id: row.user_id }), ...leagueAndItemFrom(row) };
}

/**
 * The whole purchase as ONE statement: lock the roster, check ownership, take the coins with a guarded
 * UPDATE (re-checked on the latest row version), and insert the holding and the ledger row from what the
 * UPDATE returned. A statement is atomic on its own, so no explicit transaction is needed; a concurrent
 * duplicate is stopped by the held-once unique index.
 */
async function buyStatement(
  db: Database,
  kind: ItemKind,
  p: { userId: string; leagueId: string },
  item: { id: string; name: string; cost: number },
) {
  const t = TABLES[kind];
  const k = KINDS[kind];
  const result = await executeNamed<
    StatementRoster & {
      market_open: boolean;
      owned: boolean;
      new_panda: number | null;
      new_burro: number | null;
      new_players: number | null;
      new_champions: number | null;
    }
  >(
    db,
    `buy-${kind}`,
    sql`
    with market as (${marketHeld(kind, p.leagueId)}),
    r as (
      select id, panda_coin, burro_coin, player_count, champion_count from rosters
      where user_id = ${p.userId} and league_id = ${p.leagueId} and exists (select 1 from market)
      for update
    ),
    owned as (
      select 1 from ${t.holdings} h
      where h.roster_id = (select id from r) and h.${t.itemColumn} = ${item.id} and h.released_at is null
    ),
    upd as (
      update rosters set ${t.balance} = ${t.balance} - ${item.cost}, ${t.count} = ${t.count} + 1, updated_at = now()
      where id = (select id from r) and not exists (select 1 from owned)
        and ${t.balance} >= ${item.cost} and ${t.count} < ${k.limit}
      returning id, user_id, league_id, panda_coin, burro_coin, player_count, champion_count
    ),
    hold as (
      insert into ${t.holdings} (roster_id, league_id, ${t.itemColumn}, price_paid, acquired_at)
      select id, league_id, ${item.id}, ${item.cost}, clock_timestamp() from upd
      returning 1
    ),
    ledger as (
      insert into transactions (roster_id, user_id, league_id, type, item_id, item_name, amount, currency, timestamp)
      select id, user_id, league_id, ${t.buyType}, ${item.id}, ${item.name}, ${-item.cost}, ${k.currency}, clock_timestamp()
      from upd
      returning 1
    )
    select exists (select 1 from market) as market_open,
           r.id as roster_id, r.panda_coin, r.burro_coin, r.player_count, r.champion_count,
           exists (select 1 from owned) as owned,
           u.panda_coin as new_panda, u.burro_coin as new_burro,
           u.player_count as new_players, u.champion_count as new_champions
    from (select 1) one left join r on true left join upd u on true`,
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

/**
 * Buys an item: every rule of spec §5 and the market, enforced by the database statement itself
 * (guarded UPDATE, check constraints, unique held-once index), with the spec's message for each refusal.
 */
export async function buyItem(
  db: Database,
  kind: ItemKind,
  p: { userId: string; leagueId: string; itemId: string; now: Date },
  /** the league and item when the caller has them already (loadTradeContext) */
  loaded?: LeagueAndItem,
): Promise<TradeResult> {
  const k = KINDS[kind];
  const { league, item } = loaded ?? (await loadLeagueAndItem(db, kind, p.leagueId, p.itemId));
  assertMarketOpen(league, kind, p.now);
  if (!item) throw notFound(k.messages.notFound);
  // A league without a team list (an international event being set up) trades every player.
  if (kind === 'player' && league.teams.length > 0 && !league.teams.includes(item.team ?? '')) {
    throw badRequest(k.messages.notInLeague);
  }
  let row: Awaited<ReturnType<typeof buyStatement>>;
  try {
    row = await buyStatement(db, kind, p, item);
    if (!row.market_open) throw marketRefused(MESSAGES.market.playersClosed);
    if (!row.roster_id) {
      await joinForPurchase(db, p.userId, league);
      row = await buyStatement(db, kind, p, item);
      if (!row.market_open) throw marketRefused(MESSAGES.market.playersClosed);
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(k.messages.owned, 'ALREADY_OWNED');
    throw err;
  }
  if (!row.roster_id) throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
  if (row.new_panda === null) {
    if (row.owned) throw badRequest(k.messages.owned, 'ALREADY_OWNED');
    const count = kind === 'player' ? row.player_count : row.champion_count;
    if (Number(count) >= k.limit) throw badRequest(k.messages.limit, 'ROSTER_FULL');
    throw badRequest(k.messages.balance, 'INSUFFICIENT_FUNDS');
  }
  return {
    itemId: item.id,
    itemName: item.name,
    amount: item.cost,
    currency: k.currency,
    message: MESSAGES.market.bought(item.name, item.cost, k.currency),
    roster: summaryFrom({
      roster_id: row.roster_id,
      panda_coin: row.new_panda,
      burro_coin: row.new_burro!,
      player_count: row.new_players!,
      champion_count: row.new_champions!,
    }),
  };
}

/**
 * Sells an item as ONE statement: release the holding, refund from the price paid (DECISIONS 3 and 5,
 * never today's cost) and append the ledger row.
 */
export async function sellItem(
  db: Database,
  kind: ItemKind,
  p: { userId: string; leagueId: string; itemId: string; now: Date },
  loaded?: LeagueAndItem,
): Promise<TradeResult> {
  const k = KINDS[kind];
  const t = TABLES[kind];
  const { league } = loaded ?? (await loadLeagueAndItem(db, kind, p.leagueId, p.itemId));
  assertMarketOpen(league, kind, p.now);
  const result = await executeNamed<
    StatementRoster & {
      market_open: boolean;
      released: number;
      item_name: string | null;
      refund: number | null;
    }
  >(
    db,
    `sell-${kind}`,
    sql`
    with market as (${marketHeld(kind, p.leagueId)}),
    r as (
      select id from rosters
      where user_id = ${p.userId} and league_id = ${p.leagueId} and exists (select 1 from market)
      for update
    ),
    h as (
      update ${t.holdings} set released_at = clock_timestamp()
      where roster_id = (select id from r) and ${t.itemColumn} = ${p.itemId} and released_at is null
        and price_paid <= ${MAX_PRICE}
      returning roster_id, price_paid
    ),
    rf as (select h.roster_id, v.refund from h join ${REFUND_TABLES[kind]} on v.price = h.price_paid),
    upd as (
      update rosters set ${t.balance} = ${t.balance} + rf.refund, ${t.count} = ${t.count} - 1, updated_at = now()
      from rf where rosters.id = rf.roster_id
      returning rosters.id, rosters.user_id, rosters.league_id, rosters.panda_coin, rosters.burro_coin,
                rosters.player_count, rosters.champion_count, rf.refund
    ),
    item as (select name from ${t.items} where id = ${p.itemId}),
    ledger as (
      insert into transactions (roster_id, user_id, league_id, type, item_id, item_name, amount, currency, timestamp)
      select id, user_id, league_id, ${t.sellType}, ${p.itemId}, (select name from item), refund, ${k.currency}, clock_timestamp()
      from upd
      returning 1
    )
    select exists (select 1 from market) as market_open,
           (select id from r) as roster_id, (select count(*) from h)::int as released,
           (select name from item) as item_name,
           u.panda_coin, u.burro_coin, u.player_count, u.champion_count, u.refund
    from (select 1) one left join upd u on true`,
  );
  const row = result.rows[0]!;
  if (!row.market_open) throw marketRefused(MESSAGES.market.playersClosed);
  if (!row.roster_id) throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
  if (!row.released || row.refund === null) throw badRequest(k.messages.notInRoster, 'NOT_IN_ROSTER');
  const itemName = row.item_name ?? '';
  const refund = Number(row.refund);
  return {
    itemId: p.itemId,
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
