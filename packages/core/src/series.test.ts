import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchFormat } from './series.ts';
import {
  defaultGamesPlayed,
  isMatchFormat,
  isPerfectSeries,
  isValidSeries,
  MATCH_FORMATS,
  seriesResultError,
  seriesWinner,
  showPerfectSeriesBadge,
  validGameCounts,
  winsNeeded,
} from './series.ts';

describe('formats and game counts', () => {
  it('knows BO1, BO3 and BO5', () => {
    expect(MATCH_FORMATS).toEqual([1, 3, 5]);
    expect(isMatchFormat(3)).toBe(true);
    expect(isMatchFormat(2)).toBe(false);
    expect(isMatchFormat('3')).toBe(false);
  });

  it('allows 1 game in a BO1, 2–3 in a BO3, 3–5 in a BO5', () => {
    expect(validGameCounts(1)).toEqual([1]);
    expect(validGameCounts(3)).toEqual([2, 3]);
    expect(validGameCounts(5)).toEqual([3, 4, 5]);
  });

  it('validates a series result', () => {
    expect(isValidSeries(1, 1)).toBe(true);
    expect(isValidSeries(1, 2)).toBe(false);
    expect(isValidSeries(3, 1)).toBe(false);
    expect(isValidSeries(3, 3)).toBe(true);
    expect(isValidSeries(5, 2)).toBe(false);
    expect(isValidSeries(5, 5)).toBe(true);
    expect(isValidSeries(5, 6)).toBe(false);
    expect(isValidSeries(2, 2)).toBe(false);
  });

  it('defaults to the shortest series and needs a majority of wins', () => {
    expect(MATCH_FORMATS.map(defaultGamesPlayed)).toEqual([1, 2, 3]);
    expect(MATCH_FORMATS.map(winsNeeded)).toEqual([1, 2, 3]);
  });
});

describe('seriesWinner', () => {
  it('is the first team to reach the needed wins', () => {
    expect(seriesWinner(1, ['T1'])).toBe('T1');
    expect(seriesWinner(3, ['T1', 'T1'])).toBe('T1');
    expect(seriesWinner(3, ['T1', 'Gen.G', 'Gen.G'])).toBe('Gen.G');
    expect(seriesWinner(5, ['T1', 'Gen.G', 'T1', 'Gen.G', 'Gen.G'])).toBe('Gen.G');
    expect(seriesWinner(5, ['T1', 'T1', 'T1'])).toBe('T1');
  });

  it('is null until a team has enough wins', () => {
    expect(seriesWinner(1, [])).toBeNull();
    expect(seriesWinner(3, ['T1', 'Gen.G'])).toBeNull();
    expect(seriesWinner(5, ['T1', 'T1', 'Gen.G', 'Gen.G'])).toBeNull();
  });

  it('skips games without a winner', () => {
    expect(seriesWinner(3, ['T1', null, 'T1'])).toBe('T1');
    expect(seriesWinner(3, [null, null, null])).toBeNull();
  });

  it('ignores games after the decision and beyond the format', () => {
    // T1 reached 2 wins first; the stray third game can't change that
    expect(seriesWinner(3, ['T1', 'T1', 'Gen.G'])).toBe('T1');
    // a BO1 only reads its first game
    expect(seriesWinner(1, [null, 'T1'])).toBeNull();
  });

  it('the winner won at least winsNeeded games, and more than the loser (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<MatchFormat>(...MATCH_FORMATS),
        fc.array(fc.constantFrom('A', 'B', null), { maxLength: 7 }),
        (format, games) => {
          const winner = seriesWinner(format, games);
          const played = games.slice(0, format);
          const wins = (team: string) => played.filter((g) => g === team).length;
          if (winner === null) {
            expect(wins('A')).toBeLessThan(winsNeeded(format));
            expect(wins('B')).toBeLessThan(winsNeeded(format));
          } else {
            const loser = winner === 'A' ? 'B' : 'A';
            expect(wins(winner)).toBeGreaterThanOrEqual(winsNeeded(format));
            expect(wins(winner)).toBeGreaterThan(wins(loser));
          }
        },
      ),
    );
  });
});

describe('perfect series', () => {
  it('is a sweep: BO1 in 1, BO3 in 2, BO5 in 3', () => {
    expect(isPerfectSeries(1, 1)).toBe(true);
    expect(isPerfectSeries(3, 2)).toBe(true);
    expect(isPerfectSeries(3, 3)).toBe(false);
    expect(isPerfectSeries(5, 3)).toBe(true);
    expect(isPerfectSeries(5, 4)).toBe(false);
  });

  it('shows the badge only when more than one game was played', () => {
    expect(showPerfectSeriesBadge(1, 1)).toBe(false);
    expect(showPerfectSeriesBadge(3, 2)).toBe(true);
    expect(showPerfectSeriesBadge(3, 3)).toBe(false);
    expect(showPerfectSeriesBadge(5, 3)).toBe(true);
  });
});

describe('seriesResultError', () => {
  const base = { format: 3, gamesPlayed: 2, winner: 'T1', team1: 'T1', team2: 'Gen.G' };

  it('accepts a valid result', () => {
    expect(seriesResultError(base)).toBeNull();
  });

  it('checks games, then winner presence, then winner membership', () => {
    expect(seriesResultError({ ...base, gamesPlayed: 1, winner: null })).toBe('invalid_games');
    expect(seriesResultError({ ...base, winner: null })).toBe('missing_winner');
    expect(seriesResultError({ ...base, winner: '  ' })).toBe('missing_winner');
    expect(seriesResultError({ ...base, winner: 'DRX' })).toBe('winner_not_in_match');
  });
});
