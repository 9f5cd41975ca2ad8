import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { firstAfter, unpackedEvent } from './pending-points.ts';
import { lockPointsLog } from './points-log.ts';

/**
 * In a league of more than `inlineMax` rosters a match change is committed as one pending points-ledger event
 * (its week and its changes packed by roster number), and its week rows and totals are written right after,
 * by the fold: at a million rosters a BO3 moves two thirds of them, and rewriting 670,000 week rows and totals
 * costs more than everything else the save does. Until then pages add the event themselves
 * (pending-points.ts). In smaller leagues a change writes them in its own transaction.
 * Settings, not constants: tests lower the size to take the pending path with a handful of rosters.
 */
export const pointsFold = {
  inlineMax: 5_000,
  /** rosters a fold writes a transaction: each holds those rosters' rows only that long */
  slice: 2_000,
  /** the fold starts after a change commits; tests turn it off to read pages while events are pending */
  afterCommit: true,
  /**
   * How long after the commit the fold starts (ms). The moments right after a match save are the pages':
   * every instance patches its standings from the event (the live event's NOTIFY), and every open page
   * asks for its data again. Nobody waits for the fold (pages add what it has not written yet), so it
   * leaves the machine to them first: begun at once, its statements would take a core of two from the pages
   * asked right after a big save.
   */
  startAfterMs: 1000,
};

/**
 * The CTEs that add each delta of `deltas` (a relation with `roster_id`, `points`) to the roster's row for
 * `weekId` (made when missing), ending with `new_week_rows`. The week's rows are found by a range of the
 * primary key and updated in place.
 */
export const addToWeek = (deltas: SQL, weekId: string) => sql`
    week_rows as (
      update roster_week_points w set points = w.points + d.points, updated_at = now()
      from ${deltas} d
      where w.week_id = ${weekId} and w.roster_id = d.roster_id
      returning w.roster_id
    ),
    new_week_rows as (
      insert into roster_week_points (week_id, roster_id, points, updated_at)
      select ${weekId}, d.roster_id, d.points, now() from ${deltas} d
      where not exists (select from week_rows u where u.roster_id = d.roster_id)
      on conflict (week_id, roster_id) do update
        set points = roster_week_points.points + excluded.points, updated_at = now()
    )`;

/** The CTE `changed` (`id`, `seq`, `delta`): each delta of `deltas` added to its roster's total. */
export const addToTotal = (deltas: SQL) => sql`
    changed as (
      update rosters r set total_points = r.total_points + d.points, updated_at = now()
      from ${deltas} d
      where d.roster_id = r.id
      returning r.id, r.seq, d.points as delta
    )`;

/**
 * Commits a match change's points as a pending event: `packed` (points-log.ts `packChanges`), the week they
 * count in. Under the league's points-log lock, as every log row (which announces the match's points);
 * `foldAfter` then starts the fold, which announces nothing: pages add a pending event themselves.
 */
export async function logPendingEvent(
  db: DbOrTx,
  e: { leagueId: string; weekId: string; reason: string; packed: Uint8Array; matchId?: string },
): Promise<void> {
  await lockPointsLog(db, e.leagueId, { matchId: e.matchId });
  const packed = Buffer.from(e.packed.buffer, e.packed.byteOffset, e.packed.byteLength);
  await db.execute(sql`
    insert into roster_points_ledger (league_id, roster_ids, deltas, packed, reason, week_id, pending)
    values (${e.leagueId}, '{}', '{}', ${packed}, ${e.reason}, ${e.weekId}, true)`);
}

const foldLock = (leagueId: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`points-fold:${leagueId}`}, 0))`;

/**
 * Writes the next part of the league's oldest pending event in `db`'s transaction; false when no event is
 * pending. First its week rows, all in one statement (nobody but a fold or a recalculation writes week rows,
 * so that blocks nobody); then its totals, at most `limit` rosters a part in roster-number order, found by a
 * range of (league, number): a roster's row is what a trade locks, so a trade waits for one part at most. The
 * event records how far it is written (`weeks_folded`, `folded_through`) and pages and the standings add
 * the rest themselves. The last part marks it folded and fills its arrays of roster ids and deltas, which
 * the historical leaderboard reads. One part at a time per league (its own lock); it takes no points-log
 * lock, so a save can log its event while an earlier one is being folded (additions commute).
 */
export async function foldSlice(db: DbOrTx, leagueId: string, limit: number): Promise<boolean> {
  await db.execute(foldLock(leagueId));
  const { rows } = await db.execute<{
    id: number | string;
    weeks_folded: boolean;
    folded_through: number | string | null;
  }>(sql`
    select id, weeks_folded, folded_through from roster_points_ledger
    where league_id = ${leagueId} and pending order by id limit 1`);
  const row = rows[0];
  if (!row) return false;
  const id = Number(row.id);
  const event = await unpackedEvent(db, id);
  if (!row.weeks_folded) {
    const [seqs, cents] = [await arrayParam(event.seqs), await arrayParam(event.cents)];
    await db.execute(sql`
      with ${eventDeltas(leagueId, seqs, cents)},
      ${addToWeek(sql`event_deltas`, event.weekId)}
      update roster_points_ledger set weeks_folded = true where id = ${id}`);
    return true;
  }
  const from = row.folded_through === null ? 0 : firstAfter(event.seqs, Number(row.folded_through));
  const to = Math.min(event.seqs.length, from + limit);
  if (from < to) {
    const [seqs, cents] = [
      await arrayParam(event.seqs.subarray(from, to)),
      await arrayParam(event.cents.subarray(from, to)),
    ];
    await db.execute(sql`
      with ${eventDeltas(leagueId, seqs, cents, sql`and r.seq between ${event.seqs[from]!} and ${event.seqs[to - 1]!}`)},
      ${addToTotal(sql`event_deltas`)}
      select count(*) from changed`);
  }
  if (to < event.seqs.length) {
    await db.execute(
      sql`update roster_points_ledger set folded_through = ${event.seqs[to - 1]!} where id = ${id}`,
    );
  } else {
    const [seqs, cents] = [await arrayParam(event.seqs), await arrayParam(event.cents)];
    await db.execute(sql`
      with ${eventDeltas(leagueId, seqs, cents)}
      update roster_points_ledger l set pending = false, weeks_folded = false, folded_through = null,
        roster_ids = coalesce(c.ids, '{}'), deltas = coalesce(c.deltas, '{}')
      from (
        select array_agg(roster_id order by seq) as ids, array_agg(points order by seq) as deltas from event_deltas
      ) c
      where l.id = ${id}`);
  }
  return true;
}

/**
 * The CTE `event_deltas` (`roster_id`, `seq`, `points`): an event's changes (array literals of roster numbers
 * and cents) as the league's rosters they name, of the numbers `range` keeps.
 */
const eventDeltas = (leagueId: string, seqs: SQL, cents: SQL, range = sql``) => sql`
    event_deltas as materialized (
      select r.id as roster_id, r.seq, (u.cents / 100.0)::numeric(12, 2) as points
      from unnest(${seqs}::int8[], ${cents}::int4[]) as u(seq, cents)
      join rosters r on r.league_id = ${leagueId} and r.seq = u.seq ${range}
    )`;

/**
 * Numbers as one array literal, written a piece at a time. The driver's own conversion of a JavaScript array
 * walks every element at once, all that time with the process's event loop blocked and its pages waiting.
 * The typed array's own join is faster, and in pieces of `pointsFold.slice` numbers the pages are answered
 * in between.
 */
async function arrayParam(values: Int32Array): Promise<SQL> {
  const pieces: string[] = [];
  for (let at = 0; at < values.length; at += pointsFold.slice) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    pieces.push(values.subarray(at, at + pointsFold.slice).join(','));
  }
  return sql`${`{${pieces.join(',')}}`}`;
}

/**
 * Writes every pending event of the league, whole, inside `db`'s transaction (a writer that sets points from
 * what they are folds first); returns how many it folded.
 */
export async function foldPending(db: DbOrTx, leagueId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from roster_points_ledger where league_id = ${leagueId} and pending`,
  );
  while (await foldSlice(db, leagueId, Number.POSITIVE_INFINITY)) {}
  return Number(rows[0]!.n);
}

/** The leagues with pending events (one probe of a partial index when there are none). */
async function pendingLeagues(db: DbOrTx, leagueId?: string): Promise<string[]> {
  const { rows } = await db.execute<{ league_id: string }>(sql`
    select distinct league_id from roster_points_ledger
    where pending ${leagueId ? sql`and league_id = ${leagueId}` : sql``}`);
  return rows.map((r) => r.league_id);
}

/**
 * Every total and week row written before they are read: folds the pending events of `leagueId` (of every
 * league without it), a slice a transaction, so a trade waits for one slice at most, never for a whole
 * event. Nothing to do, the usual case, costs one query.
 */
export async function settlePoints(db: DbOrTx, leagueId?: string): Promise<void> {
  for (const league of await pendingLeagues(db, leagueId)) {
    while (await db.transaction((tx) => foldSlice(tx, league, pointsFold.slice))) {}
  }
}

/**
 * For a writer that sets totals from what they are (a recalculation, an admin's edit, a restore): the
 * league's points-log lock, so no new event can commit until it does, then every pending event folded in
 * its own transaction. Take it before locking roster rows, as the points-log lock.
 */
export async function lockSettledPoints(db: DbOrTx, leagueId: string): Promise<void> {
  await lockPointsLog(db, leagueId);
  if ((await pendingLeagues(db, leagueId)).length > 0) await foldPending(db, leagueId);
}

/** A database's folds to come: one chain a league, and the pauses before them, until the app closes. */
interface FoldQueue {
  leagues: Map<string, Promise<void>>;
  wakes: Set<() => void>;
  stopped: boolean;
}

const queues = new WeakMap<Database, FoldQueue>();

function queueOf(db: Database): FoldQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = { leagues: new Map(), wakes: new Set(), stopped: false };
    queues.set(db, queue);
  }
  return queue;
}

/**
 * After a change's transaction commits: folds its league's pending events, if any, `pointsFold.startAfterMs`
 * later, without making the caller wait (readers that come first fold them themselves). The promise is for
 * tests and the bench.
 */
export function foldSoon(
  db: Database,
  leagueId: string,
  onError: (err: unknown) => void = (err) => console.error('points fold failed', err),
): Promise<void> {
  const queue = queueOf(db);
  if (queue.stopped) return Promise.resolve();
  const previous = queue.leagues.get(leagueId) ?? Promise.resolve();
  const next = previous
    .then(() => pause(queue, pointsFold.startAfterMs))
    .then(() => (queue.stopped ? undefined : settlePoints(db, leagueId)))
    .catch(onError)
    .finally(() => {
      if (queue.leagues.get(leagueId) === next) queue.leagues.delete(leagueId);
    });
  queue.leagues.set(leagueId, next);
  return next;
}

/**
 * For an app that closes before its database: the folds still pausing are dropped (their events stay
 * pending, for the next reader or process to fold), and the ones running are waited for.
 */
export async function stopFolds(db: Database): Promise<void> {
  const queue = queues.get(db);
  if (!queue) return;
  queue.stopped = true;
  for (const wake of [...queue.wakes]) wake();
  await Promise.all(queue.leagues.values());
}

/** Waits `ms` (0: not at all) without keeping the process alive for it; a stop ends the wait at once. */
function pause(queue: FoldQueue, ms: number): Promise<void> {
  if (ms <= 0 || queue.stopped) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      queue.wakes.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    timer.unref();
    queue.wakes.add(wake);
  });
}

/**
 * After a match change's transaction has committed: when it left its points pending, the fold starts
 * `pointsFold.startAfterMs` later.
 */
export function foldAfter(db: Database, leagueId: string, pending: boolean): void {
  if (pending && pointsFold.afterCommit) void foldSoon(db, leagueId);
}
