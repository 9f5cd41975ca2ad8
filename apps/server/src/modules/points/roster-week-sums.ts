import type { ScoringRules } from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { readCaptainChoices } from './captain-week-sums.ts';
import type { RecomputeProgress } from './recompute-progress.ts';

/**
 * Where a recomputation's fresh week points are, before they are written: for each week in scope that
 * has completed matches, a temporary table (one row per roster, in id order) and its column of cents
 * (null: no row for that roster and week); plus `wp_fresh_totals (roster_id, cents)`, each roster's sum
 * over those weeks (createFreshTotals). All dropped on commit.
 */
export interface FreshWeeks {
  weeks: { weekId: string; table: string; column: string }[];
  tables: { table: string; columns: number }[];
}

/**
 * The per-roster half of `computeWeekPoints`, summed in the server: given the scope's matches as slots
 * (`wp_m`), each (player, match)'s cents (`wp_pm`) and each (player, champion, match)'s bonus (`wp_pc`), every
 * roster's cents per week, left in the week tables the caller writes from (`wp_sums_<n>`, one row per roster
 * with a point that week, in roster id order).
 *
 * The league's holdings are read once each, as packed rows (roster, item, slot range), and never joined with
 * each other in PostgreSQL, where at a million rosters the join of a roster's player holdings with its
 * champion holdings and the aggregate of its key rows are the slowest part of a recomputation
 * (docs/leaderboard-at-scale.md): here a roster's champion holdings are an index into arrays and its player
 * holdings meet them in a loop.
 * The sums are those of the SQL definition (`contributionQuery`): per player holding, the cents of the
 * player's matches in its range; per (player holding, champion holding) of one roster whose player played
 * that champion, the bonuses of the matches in both ranges; a roster has a week when one of its player
 * holdings covers a match of that week in which the player has statistics. All in integer cents. With
 * `captain` (the rules of a league with the weekly captain), each roster's captain bonus is added to its weeks
 * too (captain-week-sums.ts).
 */
export async function sumRosterWeeks(
  db: DbOrTx,
  leagueId: string,
  weeks: string[],
  onProgress: RecomputeProgress,
  captain: ScoringRules | null = null,
): Promise<FreshWeeks> {
  if (weeks.length === 0) return { weeks: [], tables: [] };
  const run = (q: SQL) => db.execute(q);
  const W = weeks.length;
  const weekIndex = new Map(weeks.map((id, i) => [id, i]));
  await run(sql`drop table if exists pg_temp.wp_r, pg_temp.wp_pid, pg_temp.wp_cid`);
  // the league's rosters numbered 0..n-1 (in number order: the index gives it), its players and champions in
  // the scope's statistics numbered the same way, so each fits an array index
  await run(sql`
    create temporary table wp_r on commit drop as
    select id, (row_number() over (order by seq) - 1)::int as k from rosters where league_id = ${leagueId}`);
  await run(sql`
    create temporary table wp_pid on commit drop as
    select player_id as id, (row_number() over (order by player_id) - 1)::int as k from (select distinct player_id from wp_pm) x`);
  await run(sql`
    create temporary table wp_cid on commit drop as
    select champion_id as id, (row_number() over (order by champion_id) - 1)::int as k from (select distinct champion_id from wp_pc) x`);
  await run(sql`analyze pg_temp.wp_r, pg_temp.wp_pid, pg_temp.wp_cid`);
  onProgress({ stage: 'read', done: 4, total: READ_STEPS });
  const { rows: counts } = await db.execute<{
    rosters: number;
    players: number;
    champions: number;
    slots: number;
  }>(sql`
    select (select count(*) from wp_r)::int as rosters, (select count(*) from wp_pid)::int as players,
           (select count(*) from wp_cid)::int as champions, (select count(distinct date) from wp_m)::int as slots`);
  const { rosters: R, players: P, champions: C, slots } = counts[0]!;
  const { rows: pm } = await db.execute<{ k: number; slot: number; week_id: string; cents: number }>(sql`
    select i.k, pm.slot, pm.week_id, pm.cents::float8 as cents from wp_pm pm join wp_pid i on i.id = pm.player_id`);
  const { rows: pc } = await db.execute<{
    p: number;
    c: number;
    slot: number;
    week_id: string;
    cents: number;
  }>(sql`
    select i.k as p, j.k as c, pc.slot, pc.week_id, pc.cents::float8 as cents
    from wp_pc pc join wp_pid i on i.id = pc.player_id join wp_cid j on j.id = pc.champion_id`);
  onProgress({ stage: 'read', done: 5, total: READ_STEPS });

  const sums = new Points(R, W);
  const byPlayer = new ItemPoints(
    P,
    W,
    slots,
    pm.map((r) => ({ item: r.k, slot: r.slot, week: weekIndex.get(r.week_id)!, cents: r.cents })),
  );
  // a (player, champion) pair he played, numbered; -1 for the others
  const pairOf = new Int32Array(P * C).fill(-1);
  const pairRows: { item: number; slot: number; week: number; cents: number }[] = [];
  let pairs = 0;
  for (const r of pc) {
    const at = r.p * C + r.c;
    if (pairOf[at] === -1) pairOf[at] = pairs++;
    pairRows.push({ item: pairOf[at]!, slot: r.slot, week: weekIndex.get(r.week_id)!, cents: r.cents });
  }
  const byPair = new ItemPoints(pairs, W, slots, pairRows);
  const choices = captain ? await readCaptainChoices(db, leagueId, R, weeks, captain) : null;

  // two bytes an item and a slot, four a roster, while they fit
  const wide = Math.max(P, C, slots + 1) > weekSums.narrowMax;
  // the weeks' progress: summed, sent back, in their tables
  const summed = (done: number) => onProgress({ stage: 'week', first: 1, last: W, weeks: W, done, total: 3 });
  // the holdings' bytes are let go before the sums are sent back
  await addHoldings(
    db,
    leagueId,
    sums,
    { byPlayer, byPair, pairOf, champions: C, wide, watch: choices?.watch },
    (done) => {
      onProgress({ stage: 'read', done, total: READ_STEPS });
      if (done === READ_STEPS) summed(0);
    },
  );
  choices?.bonusCents(
    (player, lo, hi) => byPlayer.range(player, lo, hi),
    (k, w, cents) => sums.addOne(k, w, cents),
  );
  summed(1);
  const fresh = await writeWeekTables(db, sums, weeks, () => summed(2));
  summed(3);
  await run(sql`drop table if exists pg_temp.wp_r, pg_temp.wp_pid, pg_temp.wp_cid`);
  return fresh;
}

/**
 * Adds every roster's holdings to `sums`: per player holding the cents of its range, and per champion holding
 * of the same roster whose champion that player played, the bonuses of both ranges' overlap.
 */
async function addHoldings(
  db: DbOrTx,
  leagueId: string,
  sums: Points,
  {
    byPlayer,
    byPair,
    pairOf,
    champions: C,
    wide,
    watch,
  }: {
    byPlayer: ItemPoints;
    byPair: ItemPoints;
    pairOf: Int32Array;
    champions: number;
    wide: boolean;
    /** sees every player holding (the captain's choices keep those they need) */
    watch?: ((roster: number, player: number, lo: number, hi: number) => void) | undefined;
  },
  read: (done: number) => void,
) {
  const R = sums.rosters;
  const held = await championsByRoster(db, leagueId, R, wide);
  read(6);
  const players = await readHoldings(db, leagueId, 'player', wide);
  read(7);
  await players.forEach((k, player, lo, hi) => {
    sums.add(k, byPlayer.range(player, lo, hi));
    watch?.(k, player, lo, hi);
    for (let at = held.first[k]!; at < held.first[k + 1]!; at++) {
      const pair = pairOf[player * C + held.item[at]!]!;
      if (pair === -1) continue;
      const from = Math.max(lo, held.lo[at]!);
      const to = Math.min(hi, held.hi[at]!);
      if (from < to) sums.add(k, byPair.range(pair, from, to));
    }
  });
}

/**
 * The league's champion holdings side by side per roster (rosters in order: a roster's are `first[k]` to
 * `first[k + 1]`), their item and range in arrays of two bytes a number (four when `wide`); the packed rows they
 * came from are let go on return.
 */
async function championsByRoster(db: DbOrTx, leagueId: string, R: number, wide: boolean) {
  const packed = await readHoldings(db, leagueId, 'champion', wide);
  const first = new Int32Array(R + 1);
  await packed.forEach((k) => {
    first[k + 1]!++;
  });
  for (let k = 0; k < R; k++) first[k + 1]! += first[k]!;
  const fill = first.slice(0, R);
  const Numbers = wide ? Int32Array : Int16Array;
  const item = new Numbers(packed.count);
  const lo = new Numbers(packed.count);
  const hi = new Numbers(packed.count);
  await packed.forEach((k, c, from, to) => {
    const at = fill[k]!++;
    item[at] = c;
    lo[at] = from;
    hi[at] = to;
  });
  return { first, item, lo, hi };
}

/** the reading statements, counted for a recalculation's progress: computeWeekPoints' three, then four here */
export const READ_STEPS = 7;
export const weekSums = {
  /** holdings summed between two turns of the event loop (pages of the same server are answered in between) */
  yieldEvery: 200_000,
  /** rosters a statement sends back at a time (each week's literal then stays a short-lived string) */
  sendRows: 10_000,
  /**
   * rosters whose holdings come packed in one row: the rows are parsed as they arrive, and each row's text
   * (~80 KB at 512) is garbage the young generation collects at once, not a large object kept to a full
   * collection
   */
  rowRosters: 512,
  /** the largest item number or slot packed in two bytes (four past it) */
  narrowMax: 0x7fff,
};
/** no point, and no row, for a roster that week */
const NONE = -0x80000000;

/** Each roster's cents per week (`NONE` where it has no row), rosters by their number in `wp_r`. */
class Points {
  readonly cents: Int32Array;
  constructor(
    readonly rosters: number,
    readonly weeks: number,
  ) {
    this.cents = new Int32Array(rosters * weeks).fill(NONE);
  }

  addOne(roster: number, week: number, cents: number) {
    const at = roster * this.weeks + week;
    const now = this.cents[at]!;
    this.cents[at] = now === NONE ? cents : now + cents;
  }

  /** Adds a range's cents per week (`NONE`: nothing that week). */
  add(roster: number, range: Int32Array | null) {
    if (!range) return;
    const base = roster * this.weeks;
    for (let w = 0; w < this.weeks; w++) {
      const v = range[w]!;
      if (v === NONE) continue;
      const at = base + w;
      const now = this.cents[at]!;
      this.cents[at] = now === NONE ? v : now + v;
    }
  }
}

/**
 * Cents per week of an item (a player, or a played pair) over a range of slots (lo, hi], computed once per
 * distinct (item, lo, hi): a league's holdings share a few thousand ranges.
 */
export class ItemPoints {
  private readonly rows: { slot: number; week: number; cents: number }[][];
  private readonly ranges = new Map<number, Int32Array | null>();
  constructor(
    items: number,
    private readonly weeks: number,
    /** the last slot: a range's ends are 0..slots */
    private readonly slots: number,
    rows: { item: number; slot: number; week: number; cents: number }[],
  ) {
    this.rows = Array.from({ length: items }, () => []);
    for (const r of rows) this.rows[r.item]!.push(r);
  }

  range(item: number, lo: number, hi: number): Int32Array | null {
    const span = this.slots + 1;
    const key = (item * span + lo) * span + hi;
    const known = this.ranges.get(key);
    if (known !== undefined) return known;
    let range: Int32Array | null = null;
    for (const r of this.rows[item]!) {
      if (r.slot <= lo || r.slot > hi) continue;
      if (!range) range = new Int32Array(this.weeks).fill(NONE);
      range[r.week] = (range[r.week] === NONE ? 0 : range[r.week]!) + r.cents;
    }
    this.ranges.set(key, range);
    return range;
  }
}

/**
 * A league's holdings of one kind as slot ranges (lo, hi], packed by PostgreSQL in one pass: per holding its
 * roster's number in `wp_r` (4 bytes), its item's (2 bytes, or 4 when `wide`), lo and hi (the same). Holdings
 * that cover no match of the scope, and champions nobody played in it, are left out. One row per
 * `weekSums.rowRosters` rosters, so the text each row comes in (hex, twice the bytes) is let go as it is parsed,
 * not held for the whole league at once.
 */
async function readHoldings(db: DbOrTx, leagueId: string, kind: 'player' | 'champion', wide: boolean) {
  const [table, column, ids] =
    kind === 'player'
      ? (['roster_players', 'player_id', 'wp_pid'] as const)
      : (['roster_champions', 'champion_id', 'wp_cid'] as const);
  const small = sql.raw(wide ? 'int4send' : 'int2send');
  const as = sql.raw(wide ? 'int' : 'int2');
  // grouped by hashing: PostgreSQL expects a group a roster and would sort every holding first, on disk for a
  // large league (docs/leaderboard-at-scale.md)
  await db.execute(sql`set local enable_sort = off`);
  const { rows } = await db.execute<{ packed: Uint8Array; n: number }>(sql`
    with starts as (
      select coalesce(array_agg(distinct date order by date), '{}') as d, count(distinct date)::int as n from wp_m
    )
    select string_agg(int4send(r.k) || ${small}(i.k::${as}) || ${small}(h.lo::${as}) || ${small}(h.hi::${as}), ''::bytea) as packed,
           count(*)::int as n
    from (
      select x.roster_id, x.${sql.raw(column)} as item,
             width_bucket(x.acquired_at - interval '1 microsecond', starts.d) as lo,
             case when x.released_at is null then starts.n
                  else width_bucket(x.released_at - interval '1 microsecond', starts.d) end as hi
      from ${sql.raw(table)} x cross join starts
      where x.league_id = ${leagueId} and starts.n > 0
    ) h
    join ${sql.raw(ids)} i on i.id = h.item
    join wp_r r on r.id = h.roster_id
    where h.lo < h.hi
    group by r.k / ${weekSums.rowRosters}::int`);
  await db.execute(sql`reset enable_sort`);
  const parts = rows.map((r) => ({
    view: new DataView(r.packed.buffer, r.packed.byteOffset, r.packed.byteLength),
    count: Number(r.n),
  }));
  const size = wide ? 16 : 10;
  return {
    count: parts.reduce((n, p) => n + p.count, 0),
    /** each holding in turn (the event loop gets a turn every `weekSums.yieldEvery`) */
    async forEach(fn: (roster: number, item: number, lo: number, hi: number) => void) {
      let seen = 0;
      for (const { view, count } of parts) {
        for (let h = 0; h < count; h++) {
          if (++seen % weekSums.yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
          const at = h * size;
          if (wide)
            fn(view.getInt32(at), view.getInt32(at + 4), view.getInt32(at + 8), view.getInt32(at + 12));
          else fn(view.getInt32(at), view.getInt16(at + 4), view.getInt16(at + 6), view.getInt16(at + 8));
        }
      }
    },
  };
}

/**
 * The sums back in PostgreSQL as the caller's week tables: a staging table of roster numbers and week
 * columns, filled `weekSums.sendRows` rosters a statement (numbers as array literals), then one table per
 * `WEEK_CHUNK` weeks with the rosters' ids, in id order.
 */
async function writeWeekTables(
  db: DbOrTx,
  sums: Points,
  weeks: string[],
  sent: () => void,
): Promise<FreshWeeks> {
  const W = weeks.length;
  const cols = weeks.map((_, w) => `c${w}`);
  await db.execute(sql`drop table if exists pg_temp.wp_js`);
  await db.execute(
    sql.raw(
      `create temporary table wp_js (k int not null, ${cols.map((c) => `${c} int`).join(', ')}) on commit drop`,
    ),
  );
  // the rosters with a point in some week, and per statement each week's column gathered into one typed
  // array (its own join writes the literal; `NONE` goes as itself and comes out null)
  let n = 0;
  const present = new Int32Array(sums.rosters);
  for (let k = 0; k < sums.rosters; k++) {
    for (let w = 0; w < W; w++) {
      if (sums.cents[k * W + w] !== NONE) {
        present[n++] = k;
        break;
      }
    }
  }
  const literal = (values: Int32Array) => sql`${`{${values.join(',')}}`}::int[]`;
  for (let from = 0; from < n; from += weekSums.sendRows) {
    const part = present.subarray(from, Math.min(n, from + weekSums.sendRows));
    const column = new Int32Array(part.length);
    const arrays = [literal(part)];
    for (let w = 0; w < W; w++) {
      for (let i = 0; i < part.length; i++) column[i] = sums.cents[part[i]! * W + w]!;
      arrays.push(literal(column));
    }
    await db.execute(sql`
      insert into wp_js (k, ${sql.raw(cols.join(', '))})
      select k, ${sql.raw(cols.map((c) => `nullif(${c}, ${NONE})`).join(', '))}
      from unnest(${sql.join(arrays, sql`, `)}) as u(k, ${sql.raw(cols.join(', '))})`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  sent();
  const fresh: FreshWeeks = { weeks: [], tables: [] };
  for (let from = 0; from < W; from += WEEK_CHUNK) {
    const chunk = weeks.slice(from, from + WEEK_CHUNK);
    const table = `wp_sums_${fresh.tables.length}`;
    await db.execute(sql`drop table if exists ${sql.raw(`pg_temp.${table}`)}`);
    // in roster id order: each week's rows then go in in the key order of roster_week_points
    await db.execute(sql`
      create temporary table ${sql.raw(table)} on commit drop as
      select r.id as roster_id, ${sql.raw(chunk.map((_, i) => `j.c${from + i} as c${i}`).join(', '))}
      from wp_js j join wp_r r on r.k = j.k
      order by r.id`);
    fresh.tables.push({ table, columns: chunk.length });
    for (const [i, weekId] of chunk.entries()) fresh.weeks.push({ weekId, table, column: `c${i}` });
  }
  await db.execute(sql`drop table pg_temp.wp_js`);
  return fresh;
}

/** weeks summed side by side in one table (one column each) */
export const WEEK_CHUNK = 25;
