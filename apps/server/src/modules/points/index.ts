/*
 * The points engine's public face: what the rest of the server (season, the importer, rewards and recovery,
 * the leaderboard, the admin screens) and the benchmarks call. Everything else in this folder is its own.
 *
 * - rules and scoring: a league's rules, a match's player and objective points;
 * - a match's delta: captured before a change, applied after (in SQL, or from line-ups at scale);
 * - recalculation: week sums and totals recomputed from scratch for a scope of weeks;
 * - the points log: its lock, its packed changes (written and read), and the fold that writes a big change's
 *   totals after the save, with what a page adds while it is pending;
 * - the explanation of a roster's points.
 */

export { captainBonusQuery, weekComplete } from './captain-points.ts';
export { assertExclusiveFirsts } from './exclusive-firsts.ts';
export { explainRosterPoints } from './explain-roster-points.ts';
export {
  applyInTurns,
  applyPacked,
  type Bitmap,
  bitmapLookup,
  bitmapOf,
  type Moves,
  packedMoves,
  unpackChanges,
} from './packed-changes.ts';
export {
  type PendingPoints,
  pendingEventIds,
  pendingPoints,
  plusCents,
  weekPointsWithPending,
} from './pending-points.ts';
export {
  foldAfter,
  foldSoon,
  lockSettledPoints,
  logPendingEvent,
  pointsFold,
  settlePoints,
  stopFolds,
} from './points-fold.ts';
export { lockPointsLog, PACKED_BITMAP, PACKED_GROUPED, packChanges, packedChanges } from './points-log.ts';
export type { RecomputeEvent, RecomputeProgress } from './recompute-progress.ts';
export {
  applyCaptainCompleteness,
  applyMatchDelta,
  captureMatchContribution,
  type MatchDelta,
  recomputeWeeks,
  refreshTotals,
} from './roster-points.ts';
export { buildSeqIndex, type SeqIndex, slotOfSeq } from './roster-slots.ts';
export { RosterPointsSchema } from './schemas.ts';
export { scoreMatch, scoreMatches } from './score-match.ts';
export { deleteLeagueRules, globalRules, rulesForLeague, saveRules } from './scoring-rules.ts';
export { playerStatCounts } from './stat-columns.ts';
