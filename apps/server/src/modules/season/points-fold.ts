import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { lockPointsLog } from '../leaderboard/points-log.ts';
import { unpackChanges } from '../leaderboard/standings.ts';

/**
 * In a league of more than `inlineMax` rosters a match change is committed as one pending points-ledger event
 * (its week and its changes packed by roster number), and its week rows and totals are written right after,
 * by the fold: at a million rosters a BO3 moves two thirds of them, and rewriting 670,000 week rows and totals
 * took longer than everything else the save does. Until then pages add the event themselves
 * (pending-points.ts). In smaller leagues a change writes them in its own transaction, as before.
 * Settings, not constants: tests lower the size to take the pending path with a handful of rosters.
 */
export const pointsFold = {
  inlineMax: 150_000,
  /** the fold starts as soon as a change commits; tests turn it off to read pages while events are pending */
  afterCommit: true,
};

/**
 * The CTEs that add each delta of `deltas` (a relation with `roster_id`, `points`) to the roster's row for
 * `weekId` (made when missing) and to its total, ending with `changed` (`id`, `seq`, `delta`) for the ledger.
 * The week's rows are found by a range of the primary key and updated in place.
 */
export const addToWeekAndTotal = (deltas: SQL, weekId: string) => sql`
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
    ),
    changed as (
      update rosters r set total_points = r.total_points + d.points, updated_at = now()
      from ${deltas} d
      where d.roster_id = r.id
      returning r.id, r.seq, d.points as delta
    )`;

/**
 * Commits a match change's points as a pending event: `packed` (points-log.ts `packChanges`), the week they
 * count in. Under the league's points-log lock, as every log row; `foldAfter` then starts the fold.
 */
export async function logPendingEvent(
  db: DbOrTx,
  e: { leagueId: string; weekId: string; reason: string; packed: Uint8Array },
): Promise<void> {
  await lockPointsLog(db, e.leagueId);
  const packed = Buffer.from(e.packed.buffer, e.packed.byteOffset, e.packed.byteLength);
  await db.execute(sql`
    insert into roster_points_ledger (league_id, roster_ids, deltas, packed, reason, week_id, pending)
    values (${e.leagueId}, '{}', '{}', ${packed}, ${e.reason}, ${e.weekId}, true)`);
}

const foldLock = (leagueId: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`points-fold:${leagueId}`}, 0))`;

/**
 * Writes the week rows and totals of every pending event of the league, in id order, inside `db`'s
 * transaction, and marks them folded; returns how many events it folded. A pending event carries its changes
 * packed by roster number (its arrays of ids and deltas, which the historical leaderboard reads, are filled
 * here). One fold at a time per league (its own lock): a second one waits for the first and then finds
 * nothing left. It takes no points-log lock, so a save can log its event while an earlier one is being
 * folded (additions commute).
 */
export async function foldPending(db: DbOrTx, leagueId: string): Promise<number> {
  await db.execute(foldLock(leagueId));
  const { rows } = await db.execute<{ id: number; week_id: string; packed: Uint8Array | null }>(sql`
    select id, week_id, packed from roster_points_ledger
    where league_id = ${leagueId} and pending order by id`);
  for (const event of rows) {
    const changes = event.packed ? unpackChanges(event.packed) : null;
    if (!changes) throw new Error(`pending points event ${event.id} cannot be read`);
    await db.execute(sql`
      with event_deltas as materialized (
        select r.id as roster_id, (u.cents / 100.0)::numeric(12, 2) as points
        from unnest(${sql.param(Array.from(changes.seqs))}::int8[], ${sql.param(Array.from(changes.cents))}::int4[])
          as u(seq, cents)
        join rosters r on r.league_id = ${leagueId} and r.seq = u.seq
      ),
      ${addToWeekAndTotal(sql`event_deltas`, event.week_id)}
      update roster_points_ledger l set pending = false, roster_ids = coalesce(c.ids, '{}'), deltas = coalesce(c.deltas, '{}')
      from (select array_agg(id) as ids, array_agg(delta) as deltas from changed) c
      where l.id = ${event.id}`);
  }
  return rows.length;
}

/** The leagues with pending events (one probe of a partial index when there are none). */
async function pendingLeagues(db: DbOrTx, leagueId?: string): Promise<string[]> {
  const { rows } = await db.execute<{ league_id: string }>(sql`
    select distinct league_id from roster_points_ledger
    where pending ${leagueId ? sql`and league_id = ${leagueId}` : sql``}`);
  return rows.map((r) => r.league_id);
}

/**
 * Every total and week row up to date before they are read: folds the pending events of `leagueId` (of every
 * league without it), waiting for a fold under way. Nothing to do, the usual case, costs one query.
 */
export async function settlePoints(db: DbOrTx, leagueId?: string): Promise<void> {
  for (const league of await pendingLeagues(db, leagueId)) {
    await db.transaction((tx) => foldPending(tx, league));
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

const folding = new Map<string, Promise<void>>();

/**
 * After a change's transaction commits: folds its league's pending events, if any, without making the
 * caller wait (readers that come first fold them themselves). The promise is for tests and the bench.
 */
export function foldSoon(
  db: Database,
  leagueId: string,
  onError: (err: unknown) => void = (err) => console.error('points fold failed', err),
): Promise<void> {
  const previous = folding.get(leagueId) ?? Promise.resolve();
  const next = previous
    .then(() => settlePoints(db, leagueId))
    .catch(onError)
    .finally(() => {
      if (folding.get(leagueId) === next) folding.delete(leagueId);
    });
  folding.set(leagueId, next);
  return next;
}

/** After a match change's transaction has committed: when it left its points pending, the fold starts now. */
export function foldAfter(db: Database, leagueId: string, pending: boolean): void {
  if (pending && pointsFold.afterCommit) void foldSoon(db, leagueId);
}
