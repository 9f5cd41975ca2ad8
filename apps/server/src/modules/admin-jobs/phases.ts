import type { RecomputeProgress } from '../points/index.ts';
import { type Progress, stage } from './jobs.ts';

export const PHASES = {
  validate: 'Controllo dei match',
  score: 'Punteggio delle partite',
  read: 'Lettura delle statistiche',
  week: (first: number, last: number, weeks: number) =>
    first === last
      ? `Calcolo dei punti: settimana ${first} di ${weeks}`
      : `Calcolo dei punti: settimane ${first}–${last} di ${weeks}`,
  write: (week: number, weeks: number) =>
    weeks > 0 ? `Scrittura dei punti: settimana ${week} di ${weeks}` : 'Scrittura dei punti',
  totals: 'Totali dei roster',
  reset: 'Azzeramento della classifica',
  save: 'Salvataggio',
  readFile: 'Lettura del file',
  readFileMb: (mb: number) => `Lettura del file (${mb.toLocaleString('it-IT')} MB)`,
  plan: 'Confronto con le partite salvate',
  writeMatches: (done: number, total: number) => `Scrittura delle partite: ${done} di ${total}`,
} as const;

/**
 * A week recomputation's events as phases of a job, inside the range [from, to] of its progress: a
 * fifth for reading, then the weeks summed (to 45%) and written (to 85%, week by week), the rest for
 * the totals: each share follows the part of the job's time that step takes in a large league
 * (docs/leaderboard-at-scale.md).
 */
export function recomputeProgress(progress: Progress, from: number, to: number): RecomputeProgress {
  const at = stage(progress, from, to);
  return (event) => {
    if (event.stage === 'read') at(PHASES.read, 0.2 * (event.total ? event.done / event.total : 1));
    else if (event.stage === 'week')
      at(
        PHASES.week(event.first, event.last, event.weeks),
        0.2 + 0.25 * (event.total ? event.done / event.total : 1),
      );
    else if (event.stage === 'write')
      at(
        PHASES.write(Math.min(event.done + 1, event.total), event.total),
        0.45 + 0.4 * (event.total ? event.done / event.total : 1),
      );
    else at(PHASES.totals, 0.86);
  };
}
