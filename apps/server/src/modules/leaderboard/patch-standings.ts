import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  applyInTurns,
  applyPacked,
  type Bitmap,
  bitmapLookup,
  bitmapOf,
  type Moves,
  packedMoves,
} from '../points/index.ts';
import { asBytes, type LogPrefetch, prefetchCovers } from './log-read-ahead.ts';
import { parseVersion } from './points-version.ts';
import { RANK_SPAN, slotAtIndex } from './sorted-keys.ts';
import type { EarlierOrder, Standings } from './standings.ts';

/**
 * The standings of `target` from `from` and the log rows in between, or null when they cannot be patched
 * (rosters joined or left, a delta too large to pack, a roster the standings do not know). The ledger
 * events come from `early` when the page read them ahead with the version and they are all there.
 */
export async function patchStandings(
  db: DbOrTx,
  leagueId: string,
  from: Standings,
  target: string,
  early?: LogPrefetch,
  /** told the standings ahead of their totals, when the events allow it (`StandingsPreview`) */
  tellPreview?: (ahead: StandingsPreview) => void,
): Promise<Standings | null> {
  const want = parseVersion(target);
  const have = from.parts;
  if (want.participants !== have.participants || want.newest !== have.newest) return null;
  const read = early && prefetchCovers(early, have, want);
  const [ledger, adjustments] = await Promise.all([
    read
      ? Promise.resolve({ rows: read })
      : want.ledgerId > have.ledgerId
        ? db.execute<{ packed: unknown }>(sql`
          select packed from roster_points_ledger
          where league_id = ${leagueId} and id > ${have.ledgerId} and id <= ${want.ledgerId} order by id`)
        : Promise.resolve({ rows: [] as { packed: unknown }[] }),
    want.adjustmentId > have.adjustmentId
      ? db.execute<{ roster_id: string; cents: number }>(sql`
          select roster_id::text as roster_id, round(delta * 100)::float8 as cents from roster_point_adjustments
          where league_id = ${leagueId} and id > ${have.adjustmentId} and id <= ${want.adjustmentId}`)
      : Promise.resolve({ rows: [] as { roster_id: string; cents: number }[] }),
  ]);
  const events: Uint8Array[] = [];
  for (const row of ledger.rows) {
    const packed = asBytes(row.packed);
    if (!packed) return null;
    events.push(packed);
  }
  // bitmap events only (a match save's): the first page and positions can be answered before they are
  // applied, which happens a turn at a time
  const bitmaps = adjustments.rows.length === 0 ? events.map(bitmapOf) : [];
  if (events.length > 0 && bitmaps.length === events.length && bitmaps.every((b) => b !== null)) {
    const ahead = previewOf(from, target, bitmaps);
    if (ahead && tellPreview) {
      tellPreview(ahead);
      // the pages told go first (their page, their rows asked for, their positions) before any total is copied
      await new Promise((resolve) => setImmediate(resolve));
    }
    const cents = copyOfTotals(from);
    for (const b of bitmaps) if (!(await applyInTurns(b, from.seqs, cents))) return null;
    return patchedStandings(from, cents, target, movesOf(bitmaps));
  }
  // no total moved by more than the largest delta each way of each event plus every adjustment that way
  const moves: Moves = { rise: 0, fall: 0 };
  const cents = copyOfTotals(from);
  for (const packed of events) {
    if (!applyPacked(packed, from.seqs, cents)) return null;
    addMoves(moves, packedMoves(packed));
  }
  for (const row of adjustments.rows) {
    const slot = from.ids.slotOf(row.roster_id);
    if (slot === undefined) return null;
    const delta = Number(row.cents);
    cents[slot] = cents[slot]! + delta;
    moves.rise += Math.max(0, delta);
    moves.fall += Math.max(0, -delta);
  }
  return patchedStandings(from, cents, target, moves);
}

/** A copy of `from`'s totals, in its spare array when it has one (which it then gives up). */
export function copyOfTotals(from: Standings): Float64Array {
  const spare = from.spareTotals;
  from.spareTotals = undefined;
  if (!spare || spare.length !== from.cents.length) return from.cents.slice();
  spare.set(from.cents);
  return spare;
}

/**
 * The standings of the same rosters at `version`, with their new totals: not sorted yet, but carrying the
 * last sorted order they descend from and bounds of how far any total moved since, for the first page and
 * positions (bandPage, bandAbove) until they are sorted.
 */
export function patchedStandings(
  from: Standings,
  cents: Float64Array,
  version: string,
  /** bounds of the moves of the totals from `from` to `cents` (read from the events by patchStandings) */
  moves: Moves,
): Standings {
  return {
    ...from,
    version,
    parts: parseVersion(version),
    cents,
    top: undefined,
    sorted: undefined,
    earlier: earlierOf(from, moves),
    spareTotals: undefined,
  };
}

const addMoves = (to: Moves, more: Moves) => {
  to.rise += more.rise;
  to.fall += more.fall;
};

/** The last sorted order `from` descends from, with the bounds of the moves since widened by `moves`. */
function earlierOf(from: Standings, moves: Moves): EarlierOrder | undefined {
  const base = from.sorted ? { sorted: from.sorted, rise: 0, fall: 0 } : from.earlier;
  return base && { sorted: base.sorted, rise: base.rise + moves.rise, fall: base.fall + moves.fall };
}

/** Bounds of the moves of a run of bitmap events: each roster moved once an event. */
function movesOf(bitmaps: Bitmap[]): Moves {
  const moves: Moves = { rise: 0, fall: 0 };
  for (const b of bitmaps) addMoves(moves, packedMoves(b.bytes));
  return moves;
}

/**
 * `from` ahead of the totals `bitmaps` bring (`StandingsPreview`), or null when it has no sorted order to start from
 * (then the pages wait for the events to be applied).
 */
export function previewOf(from: Standings, version: string, bitmaps: Bitmap[]): StandingsPreview | null {
  const earlier = earlierOf(from, movesOf(bitmaps));
  if (!earlier) return null;
  const lookups = bitmaps.map(bitmapLookup);
  const numbers = from.seqs.numbers;
  const total = (slot: number) => {
    let cents = from.cents[slot]!;
    for (const lookup of lookups) cents += lookup(numbers[slot]!);
    return cents;
  };
  // from's own order: each total is its key's and the number beside it, read in order (a band of 65,536
  // rosters in a couple of milliseconds, where a slot at a time is a few cache misses each)
  const own = from.sorted === earlier.sorted ? from.sorted : null;
  const totalAt = own
    ? (i: number) => {
        let cents = own.best - Math.floor(own.keys[i]! / RANK_SPAN);
        for (const lookup of lookups) cents += lookup(own.numbers[i]!);
        return cents;
      }
    : (i: number) => total(slotAtIndex(earlier.sorted, i));
  return { from, version, earlier, total, totalAt };
}

/**
 * Patched standings whose events are still being applied (a turn at a time, `applyInTurns`): their first
 * page and positions come from the earlier order's band (bandPage, bandAbove), each total of the band
 * looked up in the events, so the page right after a match save waits for the event's read, not its
 * 650,000 changes.
 */
export interface StandingsPreview {
  /** the standings patched from: the same rosters, slots and name ranks */
  from: Standings;
  version: string;
  earlier: EarlierOrder;
  /** slot → its total at `version` (cents) */
  total: (slot: number) => number;
  /** the same, of the roster at index i of the earlier order */
  totalAt: (i: number) => number;
}
