import type { Moves, SeqIndex } from '../points/index.ts';
import type { VersionParts } from './points-version.ts';
import type { RosterIds } from './roster-ids.ts';
import type { SortedKeys } from './sorted-keys.ts';

/**
 * A league's standings kept in memory, one per league and process: every roster's total, in cents, by
 * "slot". Slots are the rosters in roster-number order (rosters.seq), so a packed change (points-log.ts),
 * whose numbers come nearly in that order, walks the arrays forward instead of jumping about a million of
 * them. Each slot also carries its roster's rank in (username, id) order as the database's collation
 * sorts them, so the leaderboard order (total descending, then username, then id: DECISIONS 17) compares
 * two numbers per roster and needs no sorted copy: a page is the `limit` smallest keys after the cursor's,
 * a position is 1 + the rosters with more points, each one pass over the totals (a few milliseconds at a
 * million).
 *
 * When the league's totals change, the standings are patched from the points logs, not read again: the
 * ledger events since (each carries its changes packed, points-log.ts) and the adjustments since. Only a
 * join or a leave (new ranks) reads the league again. A match save's events (bitmaps) are applied a turn
 * at a time; meanwhile the first page and positions are answered ahead of them (`StandingsPreview`): from the last
 * sorted order, each total of the band that can have moved looked up in the events.
 */
export interface Standings {
  version: string;
  parts: VersionParts;
  /** slot → roster id, and back (roster-ids.ts) */
  ids: RosterIds;
  /** slot → total points × 100 (whole numbers) */
  cents: Float64Array;
  /** slot → the roster's place in (username, id) order, from 0: the tie-break of equal totals */
  rank: Int32Array;
  /** roster number (rosters.seq) → slot, for the packed changes */
  seqs: SeqIndex;
  /** the first page, once asked for (the standings of one version never change once published) */
  top?: { limit: number; slice: PageSlice };
  /** the rosters in leaderboard order, once sorted (sortStandings): pages and positions by binary search */
  sorted?: SortedKeys | null;
  /** patched standings, until they are sorted: an earlier version's order, for the first page (bandPage) */
  earlier?: EarlierOrder;
  /**
   * An array as long as `cents`, allocated right after the sort (a quiet moment), that the next patch copies
   * its totals into (`copyOfTotals`, once): a patch then allocates nothing while a page waits for it.
   */
  spareTotals?: Float64Array;
}

/**
 * The sorted order of an earlier version of the same rosters, and by how much at most any total has risen
 * or fallen since (cents, ≥ 0): a roster can only be in the new top if it was within that rise of it
 * before, and only a roster within those bounds of a total can have passed it either way.
 */
export interface EarlierOrder extends Moves {
  sorted: SortedKeys;
}

/**
 * A place in the leaderboard order: a total and a name rank (a fraction for a roster no longer in the
 * league: it sorted between two ranks).
 */
export interface OrderKey {
  cents: number;
  rank: number;
}

export interface PageSlice {
  /** the number of rosters before the page */
  start: number;
  slots: number[];
  positions: number[];
  /** more rosters after the page */
  more: boolean;
  /** the rosters with more points than pageAfter's `aboveOf`, when its pass counted them */
  above?: number;
}
