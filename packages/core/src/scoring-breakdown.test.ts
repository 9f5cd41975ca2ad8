import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  championBonus,
  DEFAULT_SCORING_RULES,
  type PlayerGameStats,
  playerGamePoints,
  resolveScoringRules,
  type TeamObjectives,
} from './scoring.ts';
import { championBonusParts, playerGamePointsLines } from './scoring-breakdown.ts';
import { objectivesArb, statsArb } from './test/arbitraries.ts';

const zero: PlayerGameStats = {
  kills: 0,
  deaths: 0,
  assists: 0,
  cs: 0,
  doubleKills: 0,
  tripleKills: 0,
  quadraKills: 0,
  pentaKills: 0,
  jungleSteals: 0,
  mvp: false,
};
const hundredths = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((n) => n / 100);
const rulesArb = fc
  .record({
    killPoints: hundredths(0, 5),
    assistPoints: hundredths(0, 5),
    csPointsPer10: hundredths(0, 1),
    deathPoints: hundredths(-3, 0),
    dragonPoints: hundredths(0, 3),
    towerPoints: hundredths(0, 3),
    larvaPoints: hundredths(0, 2),
    firstObjectivePoints: hundredths(0, 3),
    zeroDeathsBonus: hundredths(0, 5),
    perfectSeriesBonus: hundredths(0, 5),
    championWinBonusEnabled: fc.boolean(),
  })
  .map((partial) => resolveScoringRules(partial));
// Lines that cancel out (a death malus against a bonus) can leave -1e-13 in floating point, which
// rounds to -0; a sum of 0 is +0, as the engine's total is.
const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b * 100, 0)) / 100 || 0;

describe('playerGamePointsLines', () => {
  it('explains kills as count × rule and ends on the engine total', () => {
    const { lines, total } = playerGamePointsLines(
      {
        stats: { ...zero, kills: 5, deaths: 2, assists: 3, cs: 215 },
        teamObjectives: null,
        perfectSeriesWinner: false,
      },
      DEFAULT_SCORING_RULES,
    );
    expect(lines).toContainEqual({ kind: 'kills', count: 5, per: 2, points: 10 });
    expect(lines).toContainEqual({ kind: 'cs', count: 21, per: 0.2, points: 4.2 });
    expect(lines.some((l) => l.kind === 'zeroDeaths')).toBe(false);
    expect(total).toBe(10 + 4.5 - 1 + 4.2);
  });

  it('the lines always add up to playerGamePoints (rounding, when any, is a line of its own)', () => {
    fc.assert(
      fc.property(
        statsArb,
        fc.option(objectivesArb),
        fc.boolean(),
        rulesArb,
        (stats, obj, perfect, rules) => {
          const input = { stats, teamObjectives: obj, perfectSeriesWinner: perfect };
          const { lines, total } = playerGamePointsLines(input, rules);
          expect(total).toBe(playerGamePoints(input, rules));
          expect(sum(lines.map((l) => l.points))).toBe(Math.round(total * 100) / 100);
          for (const l of lines) {
            if (l.count !== null && l.per !== null) expect(l.points).toBeCloseTo(l.count * l.per, 9);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a game whose lines cancel out adds up to +0 (the counterexample of CI seed -454571197)', () => {
    const stats = { ...zero, kills: 7, deaths: 15, cs: 260, doubleKills: 1, jungleSteals: 2 };
    const teamObjectives: TeamObjectives = {
      dragons: 3,
      barons: 0,
      elders: 2,
      heralds: 1,
      towers: 0,
      larvas: 1,
      firstBlood: true,
      firstDrake: true,
      firstBaron: true,
      firstHerald: true,
      firstElder: false,
      firstTower: true,
      athakan: false,
    };
    const rules = resolveScoringRules({
      killPoints: 0.01,
      assistPoints: 0,
      deathPoints: -1.29,
      csPointsPer10: 0.28,
      dragonPoints: 1.7,
      towerPoints: 0,
      larvaPoints: 0.85,
      firstObjectivePoints: 0.07,
      zeroDeathsBonus: 0,
      perfectSeriesBonus: 0.92,
      championWinBonusEnabled: false,
    });
    const { lines, total } = playerGamePointsLines(
      { stats, teamObjectives, perfectSeriesWinner: true },
      rules,
    );
    expect(total).toBe(0);
    expect(sum(lines.map((l) => l.points))).toBe(Math.round(total * 100) / 100);
  });

  it('splits the champion bonus into match bonus and win bonus that add up to championBonus', () => {
    for (const enabled of [true, false]) {
      const rules = { ...DEFAULT_SCORING_RULES, championWinBonusEnabled: enabled };
      for (let tier = 1; tier <= 6; tier++) {
        for (const won of [true, false]) {
          const parts = championBonusParts(tier, won, rules);
          expect(parts.matchBonus).toBe(tier);
          expect(parts.matchBonus + parts.winBonus).toBe(
            championBonus({ championTier: tier, teamWonGame: won }, rules),
          );
          expect(parts.winBonus).toBe(enabled && won ? tier : 0);
        }
      }
    }
  });
});
