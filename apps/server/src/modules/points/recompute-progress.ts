/**
 * What a week recomputation (`recomputeWeeks`, `computeWeekPoints`) reports while it runs, from its own
 * counters: reading statements done, weeks summed, weeks written, then the totals. The recalculation and the
 * import turn these into the phase and percentage of their admin job (modules/admin-jobs).
 */
export type RecomputeEvent =
  | { stage: 'read'; done: number; total: number }
  /** the weeks first..last (1-based, of `weeks` with completed matches) are being summed */
  | { stage: 'week'; first: number; last: number; weeks: number; done: number; total: number }
  /** weeks written (or compared with the stored rows) so far */
  | { stage: 'write'; done: number; total: number }
  | { stage: 'totals' };

export type RecomputeProgress = (event: RecomputeEvent) => void;
