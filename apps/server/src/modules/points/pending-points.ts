import { type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { unpackChanges } from './packed-changes.ts';

/**
 * What a participant's page adds to the totals and week rows it reads while a big match change is pending
 * (points-fold.ts): the save has committed its points as one event, and for the few seconds until the fold
 * has written them, the page adds the event's change for its rosters itself instead of waiting for the fold.
 *
 * The page reads `pendingEventIds` in the same statement as the totals or week rows (one snapshot): the
 * events it names are exactly the ones those rows lack. An event's changes never change, folded or not, so
 * each process unpacks an event once and keeps it while it may still be asked for.
 */
export const pendingEventIds = (leagueId: SQLWrapper) =>
  sql<string>`(select coalesce(string_agg(l.id::text || ':' || coalesce(l.folded_through, -1)::text || ':' || l.weeks_folded::int,
      ',' order by l.id), '')
    from roster_points_ledger l where l.league_id = ${leagueId} and l.pending)`;

export interface PendingEvent {
  weekId: string;
  /** roster numbers ascending, and each one's change in cents */
  seqs: Int32Array;
  cents: Int32Array;
}

/**
 * An event as a statement read it: the totals of the rosters numbered above `after` are not written yet,
 * nor are its week rows unless `weeksWritten`.
 */
interface PendingPart {
  event: PendingEvent;
  after: number;
  weeksWritten: boolean;
}

/** The changes of the pending events a statement named, by roster number. */
export class PendingPoints {
  static readonly none = new PendingPoints([]);

  constructor(private readonly events: readonly PendingPart[]) {}

  get isEmpty(): boolean {
    return this.events.length === 0;
  }

  /** What the events add to roster `seq`'s total, in cents. */
  total(seq: number): number {
    let sum = 0;
    for (const e of this.events) if (seq > e.after) sum += changeOf(e.event, seq);
    return sum;
  }

  /** Each change of a total not written yet, by roster number ascending within each event. */
  forEachChange(visit: (seq: number, cents: number) => void): void {
    for (const { event, after } of this.events) {
      for (let i = 0; i < event.seqs.length; i++)
        if (event.seqs[i]! > after) visit(event.seqs[i]!, event.cents[i]!);
    }
  }

  /** What they add to its points of each week, in cents (weeks they do not move are left out). */
  weeks(seq: number): Map<string, number> {
    const byWeek = new Map<string, number>();
    for (const e of this.events) {
      const c = e.weeksWritten ? 0 : changeOf(e.event, seq);
      if (c !== 0) byWeek.set(e.event.weekId, (byWeek.get(e.event.weekId) ?? 0) + c);
    }
    return byWeek;
  }
}

function changeOf(event: PendingEvent, seq: number): number {
  const at = firstAfter(event.seqs, seq - 1);
  return event.seqs[at] === seq ? event.cents[at]! : 0;
}

/** The index of the first of `seqs` (ascending) above `seq` (`seqs.length` when none is). */
export function firstAfter(seqs: Int32Array, seq: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (seqs[mid]! <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Points plus cents, to the cent (both have at most two decimals). */
export const plusCents = (points: number, cents: number) =>
  cents === 0 ? points : Math.round(points * 100 + cents) / 100;

/** Events pending a moment ago: a fold takes seconds, so a few are all a process is ever asked for. */
const unpacked = new Map<number, Promise<PendingEvent>>();
const KEPT_EVENTS = 8;

/** A pending event's changes, unpacked once per process (they never change, folded or not). */
export function unpackedEvent(db: DbOrTx, id: number): Promise<PendingEvent> {
  let event = unpacked.get(id);
  if (!event) {
    event = db
      .execute<{ week_id: string; packed: Uint8Array | null }>(
        sql`select week_id, packed from roster_points_ledger where id = ${id}`,
      )
      .then(({ rows }) => {
        const row = rows[0];
        const changes = row?.packed ? unpackChanges(row.packed) : null;
        if (!row?.week_id || !changes) throw new Error(`pending points event ${id} cannot be read`);
        return { weekId: row.week_id, ...changes };
      });
    // a failed read is not kept
    const kept = event;
    kept.catch(() => unpacked.get(id) === kept && unpacked.delete(id));
    unpacked.set(id, kept);
    for (const old of unpacked.keys()) {
      if (unpacked.size <= KEPT_EVENTS) break;
      if (old !== id) unpacked.delete(old);
    }
  }
  return event;
}

/** The pending events a `pendingEventIds` column names, each with the part of it not written yet. */
export async function pendingPoints(db: DbOrTx, ids: string | null | undefined): Promise<PendingPoints> {
  if (!ids) return PendingPoints.none;
  const parts = ids.split(',').map((part) => part.split(':').map(Number) as [number, number, number]);
  return new PendingPoints(
    await Promise.all(
      parts.map(async ([id, after, weeks]) => ({
        event: await unpackedEvent(db, id),
        after,
        weeksWritten: weeks === 1,
      })),
    ),
  );
}

/**
 * Each roster's points per week (of `weekIds`, else of every week it has points in), the pending changes
 * added: roster id → week id → points. A week appears when the roster has a row for it or a pending change
 * in it. The rosters are of `leagueId`.
 */
export async function weekPointsWithPending(
  db: DbOrTx,
  leagueId: string,
  rosterIds: readonly string[],
  weekIds?: readonly string[],
): Promise<Map<string, Map<string, number>>> {
  const byRoster = new Map<string, Map<string, number>>();
  if (rosterIds.length === 0 || weekIds?.length === 0) return byRoster;
  const { rows } = await db.execute<{
    id: string;
    seq: number | string;
    weeks: [string, number][];
    pending: string;
  }>(sql`
    select r.id, r.seq,
           (select coalesce(json_agg(json_build_array(p.week_id, p.points)), '[]') from roster_week_points p
            where p.roster_id = r.id ${weekIds ? sql`and p.week_id = any(${sql.param(weekIds)}::uuid[])` : sql``}) as weeks,
           ${pendingEventIds(sql`${leagueId}::uuid`)} as pending
    from rosters r where r.id = any(${sql.param(rosterIds)}::uuid[]) and r.league_id = ${leagueId}`);
  const pending = await pendingPoints(db, rows[0]?.pending);
  for (const row of rows) {
    const points = new Map(row.weeks.map(([weekId, p]) => [weekId, Number(p)]));
    for (const [weekId, cents] of pending.weeks(Number(row.seq))) {
      if (!weekIds || weekIds.includes(weekId)) points.set(weekId, plusCents(points.get(weekId) ?? 0, cents));
    }
    byRoster.set(row.id, points);
  }
  return byRoster;
}
