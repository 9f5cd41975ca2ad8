/** Best-of series rules (admin spec §4 "Series rules"). */

export const MATCH_FORMATS = [1, 3, 5] as const;
export type MatchFormat = (typeof MATCH_FORMATS)[number];

export function isMatchFormat(value: unknown): value is MatchFormat {
  return value === 1 || value === 3 || value === 5;
}

/** BO1 → [1], BO3 → [2, 3], BO5 → [3, 4, 5]: from a clean sweep to the full series. */
export function validGameCounts(format: MatchFormat): number[] {
  const needed = winsNeeded(format);
  const counts: number[] = [];
  for (let games = needed; games <= format; games++) counts.push(games);
  return counts;
}

export function isValidSeries(format: number, gamesPlayed: number): boolean {
  return isMatchFormat(format) && validGameCounts(format).includes(gamesPlayed);
}

/** The admin form starts from the shortest possible series. */
export function defaultGamesPlayed(format: MatchFormat): number {
  return winsNeeded(format);
}

export function winsNeeded(format: MatchFormat): number {
  return Math.ceil(format / 2);
}

/**
 * The first team to reach ceil(format/2) game wins, counting games in order; null
 * entries are games without a recorded winner. Games after the series is decided
 * are ignored, so a stray extra row can't flip the result.
 */
export function seriesWinner(format: MatchFormat, gameWinners: readonly (string | null)[]): string | null {
  const needed = winsNeeded(format);
  const wins = new Map<string, number>();
  for (const winner of gameWinners.slice(0, format)) {
    if (winner === null) continue;
    const count = (wins.get(winner) ?? 0) + 1;
    if (count >= needed) return winner;
    wins.set(winner, count);
  }
  return null;
}

/** A sweep: BO1 in 1 game, BO3 in 2, BO5 in 3. */
export function isPerfectSeries(format: MatchFormat, gamesPlayed: number): boolean {
  return gamesPlayed === winsNeeded(format);
}

/** The "Perfect Series Bonus" badge is not shown for a BO1, even though the bonus applies. */
export function showPerfectSeriesBadge(format: MatchFormat, gamesPlayed: number): boolean {
  return isPerfectSeries(format, gamesPlayed) && gamesPlayed > 1;
}

export interface SeriesResultInput {
  format: number;
  gamesPlayed: number;
  winner: string | null;
  team1: string;
  team2: string;
}

export type SeriesResultError = 'invalid_games' | 'missing_winner' | 'winner_not_in_match';

/** The checks of "Series save" (admin spec §5), as codes so callers pick the message. */
export function seriesResultError(input: SeriesResultInput): SeriesResultError | null {
  if (!isValidSeries(input.format, input.gamesPlayed)) return 'invalid_games';
  if (input.winner === null || input.winner.trim() === '') return 'missing_winner';
  if (input.winner !== input.team1 && input.winner !== input.team2) return 'winner_not_in_match';
  return null;
}
