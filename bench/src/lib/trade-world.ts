import type { Database } from '@fantarift/server/src/db/client.ts';
import { sql } from 'drizzle-orm';
import { type BenchUser, joinLeague, mapLimit, marketLeague, userWithSession } from './fixtures.ts';
import { sleep } from './stats.ts';

/** A market league whose users each have a roster, a session and a player of their own to trade. */
export interface TradeWorld {
  leagueId: string;
  users: BenchUser[];
  /** the player client i trades: client i buys and sells playerIds[i % playerIds.length] */
  playerIds: string[];
}

/** 10 teams x 5 roles = 50 players; `clients` users (`<prefix>000`, …), each with its own roster. */
export async function tradeWorld(
  db: Database,
  o: { league: string; userPrefix: string; clients: number },
): Promise<TradeWorld> {
  const { league, players } = await marketLeague(db, o.league, 10);
  const users = await mapLimit(
    Array.from({ length: o.clients }, (_, i) => `${o.userPrefix}${String(i).padStart(3, '0')}`),
    8,
    (name) => userWithSession(db, name),
  );
  for (const u of users) await joinLeague(db, u.userId, league.id);
  await vacuumTradeTables(db);
  return { leagueId: league.id, users, playerIds: players.map((p) => p.id) };
}

export const tradePath = (w: TradeWorld, i: number, action: 'buy' | 'sell') =>
  `/api/leagues/${w.leagueId}/players/${w.playerIds[i % w.playerIds.length]}/${action}`;

/** Each connection i is user i (`offset` shifts the numbering): buy its player, sell it, again and again. */
export const tradeRequests =
  (w: TradeWorld, offset = 0) =>
  (index: number) => {
    const i = index + offset;
    const headers = { cookie: w.users[i % w.users.length]!.cookie };
    return [
      { method: 'POST' as const, path: tradePath(w, i, 'buy'), headers },
      { method: 'POST' as const, path: tradePath(w, i, 'sell'), headers },
    ];
  };

/**
 * After a run stopped between a buy and its sell, sells (over HTTP) every player and champion still held
 * in the league, so the next run starts clean.
 */
export async function resetHoldings(db: Database, baseUrl: string, w: TradeWorld): Promise<void> {
  // requests still in flight when the load generator stopped finish first (a buy queued behind the lock)
  await sleep(1500);
  const { rows } = await db.execute<{ user_id: string; kind: string; item_id: string }>(sql`
    select r.user_id, 'players' as kind, h.player_id as item_id
    from roster_players h join rosters r on r.id = h.roster_id
    where r.league_id = ${w.leagueId} and h.released_at is null
    union all
    select r.user_id, 'champions', h.champion_id
    from roster_champions h join rosters r on r.id = h.roster_id
    where r.league_id = ${w.leagueId} and h.released_at is null`);
  const cookieOf = new Map(w.users.map((u) => [u.userId, u.cookie]));
  await mapLimit(rows, 10, async (h) => {
    const res = await fetch(`${baseUrl}/api/leagues/${w.leagueId}/${h.kind}/${h.item_id}/sell`, {
      method: 'POST',
      headers: { cookie: cookieOf.get(h.user_id) ?? '' },
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`reset sell answered ${res.status}: ${body.slice(0, 200)}`);
  });
  const { rows: left } = await db.execute<{ held: number }>(
    sql`select coalesce(sum(player_count + champion_count), 0)::int as held from rosters where league_id = ${w.leagueId}`,
  );
  if (left[0]!.held !== 0) throw new Error(`${left[0]!.held} items still held after the reset`);
  // each run leaves thousands of dead versions of the same hundred rosters and their holdings behind
  await vacuumTradeTables(db);
}

/**
 * What autovacuum would have done by then (the CI machine's PostgreSQL runs without it): the rows a trade
 * reads and writes vacuumed and analysed, so that no run pays for the world's creation or an earlier run.
 */
async function vacuumTradeTables(db: Database): Promise<void> {
  await db.execute(
    'vacuum analyze users, sessions, leagues, players, champions, rosters, roster_players, roster_champions, roster_lineups',
  );
}

export async function tradeRows(db: Database, w: TradeWorld): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from transactions where league_id = ${w.leagueId} and type in ('BuyPlayer', 'SellPlayer')`,
  );
  return Number(rows[0]!.n);
}

/**
 * For every roster of the league: balances equal their ledger sums and counters equal open holdings
 * (`ledger`), at most 5 players and 8 champions (`overLimit`), no negative balance (`negative`).
 * `violations` counts the rosters with any of them. `userIds`: only these users' rosters.
 */
export async function ledgerCheck(db: Database, w: Pick<TradeWorld, 'leagueId'>, userIds?: string[]) {
  const only = userIds ? sql` and r.user_id = any(${sql.param(userIds)}::uuid[])` : sql``;
  const { rows } = await db.execute<{
    rosters: number;
    violations: number;
    ledger: number;
    overLimit: number;
    negative: number;
    trades: number;
  }>(sql`
    with r as (
      select r.id, r.panda_coin, r.burro_coin, r.player_count, r.champion_count,
        (select coalesce(sum(amount), 0) from transactions t where t.roster_id = r.id and t.currency = 'PandaCoin')::int as pc,
        (select coalesce(sum(amount), 0) from transactions t where t.roster_id = r.id and t.currency = 'BurroCoin')::int as bc,
        (select count(*) from roster_players h where h.roster_id = r.id and h.released_at is null)::int as hp,
        (select count(*) from roster_champions h where h.roster_id = r.id and h.released_at is null)::int as hc
      from rosters r where r.league_id = ${w.leagueId}${only}),
    v as (
      select *, (panda_coin <> pc or burro_coin <> bc or player_count <> hp or champion_count <> hc) as bad_ledger,
        (hp > 5 or hc > 8 or player_count > 5 or champion_count > 8) as bad_limit,
        (panda_coin < 0 or burro_coin < 0) as bad_balance
      from r)
    select count(*)::int as rosters,
      count(*) filter (where bad_ledger or bad_limit or bad_balance)::int as violations,
      count(*) filter (where bad_ledger)::int as ledger,
      count(*) filter (where bad_limit)::int as "overLimit",
      count(*) filter (where bad_balance)::int as negative,
      (select count(*)::int from transactions where league_id = ${w.leagueId} and type in ('BuyPlayer', 'SellPlayer')) as trades
    from v`);
  return rows[0]!;
}
