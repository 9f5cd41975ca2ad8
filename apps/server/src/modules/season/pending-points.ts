import { type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { unpackChanges } from '../leaderboard/standings.ts';

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
  sql<string>`(select coalesce(string_agg(l.id::text, ',' order by l.id), '')
    from roster_points_ledger l where l.league_id = ${leagueId} and l.pending)`;

interface PendingEvent {
  weekId: string;
  /** roster numbers ascending, and each one's change in cents */
  seqs: Int32Array;
  cents: Int32Array;
}

/** The changes of the pending events a statement named, by roster number. */
export class PendingPoints {
  static readonly none = new PendingPoints([]);

  constructor(private readonly events: readonly PendingEvent[]) {}

  get isEmpty(): boolean {
    return this.events.length === 0;
  }

  /** What the events add to roster `seq`'s total, in cents. */
  total(seq: number): number {
    let sum = 0;
    for (const e of this.events) sum += changeOf(e, seq);
    return sum;
  }

  /** What they add to its points of each week, in cents (weeks they do not move are left out). */
  weeks(seq: number): Map<string, number> {
    const byWeek = new Map<string, number>();
    for (const e of this.events) {
      const c = changeOf(e, seq);
      if (c !== 0) byWeek.set(e.weekId, (byWeek.get(e.weekId) ?? 0) + c);
    }
    return byWeek;
  }
}

function changeOf(e: PendingEvent, seq: number): number {
  let lo = 0;
  let hi = e.seqs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = e.seqs[mid]!;
    if (at === seq) return e.cents[mid]!;
    if (at < seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/** Points plus cents, to the cent (both have at most two decimals). */
export const plusCents = (points: number, cents: number) =>
  cents === 0 ? points : Math.round(points * 100 + cents) / 100;

/** Events pending a moment ago: a fold takes seconds, so a few are all a process is ever asked for. */
const unpacked = new Map<number, Promise<PendingEvent>>();
const KEPT_EVENTS = 8;

/** The pending events `ids` (a `pendingEventIds` column) names, unpacked (each once per process). */
export async function pendingPoints(db: DbOrTx, ids: string | null | undefined): Promise<PendingPoints> {
  if (!ids) return PendingPoints.none;
  const wanted = ids.split(',').map(Number);
  const missing = wanted.filter((id) => !unpacked.has(id));
  if (missing.length > 0) {
    const loading = db
      .execute<{ id: number | string; week_id: string; packed: Uint8Array | null }>(sql`
        select id, week_id, packed from roster_points_ledger where id = any(${sql.param(missing)}::int8[])`)
      .then(({ rows }) => new Map(rows.map((row) => [Number(row.id), row])));
    for (const id of missing) {
      const event = loading.then((rows) => {
        const row = rows.get(id);
        const changes = row?.packed ? unpackChanges(row.packed) : null;
        if (!row || !changes) throw new Error(`pending points event ${id} cannot be read`);
        return { weekId: row.week_id, ...changes };
      });
      // a failed read is not kept
      event.catch(() => unpacked.get(id) === event && unpacked.delete(id));
      unpacked.set(id, event);
    }
  }
  const events = wanted.map((id) => unpacked.get(id)!);
  for (const id of unpacked.keys()) {
    if (unpacked.size <= KEPT_EVENTS) break;
    if (!wanted.includes(id)) unpacked.delete(id);
  }
  return new PendingPoints(await Promise.all(events));
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
