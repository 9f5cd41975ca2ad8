import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlayerGameStats, ScoringRules, TeamObjectives } from './scoring.ts';
import {
  burroThresholdBonus,
  championBonus,
  DEFAULT_SCORING_RULES,
  objectiveShare,
  PartialScoringRulesSchema,
  playerGamePoints,
  pointsDiffer,
  resolveScoringRules,
  rosterGamePoints,
  round1,
  ScoringRulesSchema,
  teamObjectivePoints,
} from './scoring.ts';
import { count, objectivesArb, statsArb } from './test/arbitraries.ts';

const rules = DEFAULT_SCORING_RULES;

const noStats: PlayerGameStats = {
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

const noObjectives: TeamObjectives = {
  dragons: 0,
  barons: 0,
  elders: 0,
  heralds: 0,
  towers: 0,
  larvas: 0,
  firstBlood: false,
  firstDrake: false,
  firstBaron: false,
  firstHerald: false,
  firstElder: false,
  firstTower: false,
  athakan: false,
};

describe('DEFAULT_SCORING_RULES', () => {
  it('has the spec §9 values under camelCase keys', () => {
    expect(DEFAULT_SCORING_RULES).toEqual({
      killPoints: 2,
      assistPoints: 1.5,
      deathPoints: -0.5,
      csPointsPer10: 0.2,
      mvpPoints: 5,
      gameMvpPoints: 3,
      dragonPoints: 1,
      baronPoints: 2,
      elderPoints: 3,
      heraldPoints: 1,
      towerPoints: 1,
      firstBloodPoints: 1,
      firstObjectivePoints: 1,
      firstTowerPoints: 1,
      athakanPoints: 2,
      larvaPoints: 0.5,
      doubleKillPoints: 4,
      tripleKillPoints: 6,
      quadraKillPoints: 8,
      pentaKillPoints: 10,
      seriesMvpPoints: 10,
      junglerStealBonus: 2,
      burroRewardThreshold: 10,
      burroRewardAmount: 1,
      zeroDeathsBonus: 2,
      championWinBonusEnabled: true,
      perfectSeriesBonus: 3,
      championMatchBonus: 2,
      captainMultiplier: 1,
      viceCaptainEnabled: true,
    });
    expect(ScoringRulesSchema.parse(DEFAULT_SCORING_RULES)).toEqual(DEFAULT_SCORING_RULES);
    expect(Object.isFrozen(DEFAULT_SCORING_RULES)).toBe(true);
  });

  it('the schema refuses missing or mistyped values; the partial schema accepts subsets', () => {
    expect(ScoringRulesSchema.safeParse({ ...rules, killPoints: '2' }).success).toBe(false);
    const { killPoints: _omitted, ...withoutKill } = rules;
    expect(ScoringRulesSchema.safeParse(withoutKill).success).toBe(false);
    expect(ScoringRulesSchema.safeParse({ ...rules, burroRewardAmount: 1.5 }).success).toBe(false);
    expect(PartialScoringRulesSchema.parse({ killPoints: 3 })).toEqual({ killPoints: 3 });
  });
});

describe('resolveScoringRules', () => {
  it('uses the defaults for a missing row', () => {
    expect(resolveScoringRules(null)).toEqual(rules);
    expect(resolveScoringRules(undefined)).toEqual(rules);
    expect(resolveScoringRules({})).toEqual(rules);
  });

  it('keeps set values (zero included) and fills null or missing ones', () => {
    const resolved = resolveScoringRules({ killPoints: 3, assistPoints: null, towerPoints: 0 });
    expect(resolved.killPoints).toBe(3);
    expect(resolved.assistPoints).toBe(1.5);
    expect(resolved.towerPoints).toBe(0);
    expect(resolved.deathPoints).toBe(-0.5);
  });

  it('keeps the champion win bonus on unless explicitly false', () => {
    expect(resolveScoringRules({ championWinBonusEnabled: null }).championWinBonusEnabled).toBe(true);
    expect(resolveScoringRules({ championWinBonusEnabled: undefined }).championWinBonusEnabled).toBe(true);
    expect(resolveScoringRules({ championWinBonusEnabled: true }).championWinBonusEnabled).toBe(true);
    expect(resolveScoringRules({ championWinBonusEnabled: false }).championWinBonusEnabled).toBe(false);
  });

  it('does not mutate the defaults', () => {
    resolveScoringRules({ killPoints: 99 });
    expect(DEFAULT_SCORING_RULES.killPoints).toBe(2);
  });
});

describe('round1', () => {
  it('rounds to one decimal without float noise', () => {
    expect(round1(0.1 + 0.2)).toBe(0.3);
    expect(round1(0.15)).toBe(0.2); // 0.15 * 10 is 1.4999999999999998 in floats
    expect(round1(1.25)).toBe(1.3);
    expect(round1(2.449)).toBe(2.4);
    expect(round1(0.2 * 7)).toBe(1.4);
    expect(round1(35.4)).toBe(35.4);
    expect(round1(12)).toBe(12);
  });

  it('rounds halves away from zero and never returns -0', () => {
    expect(round1(-0.25)).toBe(-0.3);
    expect(round1(-1.04)).toBe(-1);
    expect(Object.is(round1(-0.04), 0)).toBe(true);
  });

  it('is idempotent and within 0.05 of its input (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        const r = round1(x);
        expect(round1(r)).toBe(r);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });
});

describe('teamObjectivePoints', () => {
  it('adds counts times rules and each first flag (worked example)', () => {
    const objectives: TeamObjectives = {
      ...noObjectives,
      dragons: 3, // 3 × 1 = 3
      barons: 1, // 1 × 2 = 2
      heralds: 1, // 1 × 1 = 1
      towers: 8, // 8 × 1 = 8
      larvas: 3, // 3 × 0.5 = 1.5
      firstBlood: true, // + 1
      firstDrake: true, // + 1 (first objective)
      firstBaron: true, // + 1 (first objective)
      firstTower: true, // + 1
    };
    // 3 + 2 + 1 + 8 + 1.5 + 1 + 2 + 1 = 19.5
    expect(teamObjectivePoints(objectives, rules)).toBe(19.5);
  });

  it('pays first-objective points once for each of drake, baron, herald and elder', () => {
    const all = { ...noObjectives, firstDrake: true, firstBaron: true, firstHerald: true, firstElder: true };
    expect(teamObjectivePoints(all, rules)).toBe(4);
    expect(teamObjectivePoints(all, { ...rules, firstObjectivePoints: 2.5 })).toBe(10);
  });

  it('counts elders and athakan', () => {
    // 2 elders × 3 = 6, athakan 2
    expect(teamObjectivePoints({ ...noObjectives, elders: 2, athakan: true }, rules)).toBe(8);
  });

  it('clamps dragons to 4 and heralds to 1, and ignores negative counts', () => {
    expect(teamObjectivePoints({ ...noObjectives, dragons: 7 }, rules)).toBe(4);
    expect(teamObjectivePoints({ ...noObjectives, heralds: 2 }, rules)).toBe(1);
    expect(teamObjectivePoints({ ...noObjectives, towers: -3, dragons: -1 }, rules)).toBe(0);
  });

  it('has no float noise with decimal rules', () => {
    expect(teamObjectivePoints({ ...noObjectives, towers: 3 }, { ...rules, towerPoints: 0.1 })).toBe(0.3);
  });
});

describe('playerGamePoints', () => {
  it('scores a carry with objectives (worked example)', () => {
    const stats: PlayerGameStats = {
      ...noStats,
      kills: 5, // 5 × 2 = 10
      assists: 7, // 7 × 1.5 = 10.5
      deaths: 2, // 2 × -0.5 = -1
      cs: 253, // floor(25.3) = 25 × 0.2 = 5
      doubleKills: 1, // 4
      mvp: true, // 3
    };
    const teamObjectives: TeamObjectives = {
      ...noObjectives,
      dragons: 3,
      barons: 1,
      heralds: 1,
      towers: 8,
      larvas: 3,
      firstBlood: true,
      firstDrake: true,
      firstBaron: true,
      firstTower: true,
    }; // 19.5 (see teamObjectivePoints) / 5 = 3.9
    // 10 + 10.5 - 1 + 5 + 4 + 3 + 3.9 = 35.4
    expect(playerGamePoints({ stats, teamObjectives, perfectSeriesWinner: false }, rules)).toBe(35.4);
  });

  it('scores a deathless support in a perfect series (worked example)', () => {
    const stats: PlayerGameStats = { ...noStats, assists: 12, cs: 31 };
    // 12 × 1.5 = 18; floor(3.1) = 3 × 0.2 = 0.6; zero deaths 2; perfect series 3; no objectives entered
    // 18 + 0.6 + 2 + 3 = 23.6
    expect(playerGamePoints({ stats, teamObjectives: null, perfectSeriesWinner: true }, rules)).toBe(23.6);
  });

  it('scores multikills and objective steals (worked example)', () => {
    const stats: PlayerGameStats = {
      ...noStats,
      kills: 9, // 18
      deaths: 1, // -0.5
      assists: 4, // 6
      cs: 180, // 18 × 0.2 = 3.6
      doubleKills: 2, // 8
      tripleKills: 1, // 6
      quadraKills: 1, // 8
      pentaKills: 1, // 10
      jungleSteals: 2, // 2 × 2 = 4
    };
    const teamObjectives = { ...noObjectives, dragons: 7, heralds: 2 }; // clamped: 4 + 1 = 5 → share 1
    // 18 - 0.5 + 6 + 3.6 + 8 + 6 + 8 + 10 + 4 + 1 = 64.1
    expect(playerGamePoints({ stats, teamObjectives, perfectSeriesWinner: false }, rules)).toBe(64.1);
  });

  it('gives only the zero-deaths bonus for an empty stat line', () => {
    expect(
      playerGamePoints({ stats: noStats, teamObjectives: null, perfectSeriesWinner: false }, rules),
    ).toBe(2);
  });

  it('follows custom rules', () => {
    const custom = resolveScoringRules({ killPoints: 3, zeroDeathsBonus: 0, csPointsPer10: 0.5 });
    // 2 kills × 3 = 6; 99 cs → 9 × 0.5 = 4.5; no zero-deaths bonus
    expect(
      playerGamePoints(
        { stats: { ...noStats, kills: 2, cs: 99 }, teamObjectives: null, perfectSeriesWinner: false },
        custom,
      ),
    ).toBe(10.5);
  });
});

describe('championBonus and rosterGamePoints', () => {
  it('adds the tier, and the tier again for a win when enabled (DECISIONS 12)', () => {
    expect(championBonus({ championTier: 3, teamWonGame: true }, rules)).toBe(6); // 3 + 3
    expect(championBonus({ championTier: 3, teamWonGame: false }, rules)).toBe(3);
    expect(championBonus({ championTier: 6, teamWonGame: true }, rules)).toBe(12);
    const noWinBonus = { ...rules, championWinBonusEnabled: false };
    expect(championBonus({ championTier: 3, teamWonGame: true }, noWinBonus)).toBe(3);
  });

  it('uses the tier, not the championMatchBonus rule value', () => {
    expect(championBonus({ championTier: 5, teamWonGame: false }, { ...rules, championMatchBonus: 2 })).toBe(
      5,
    );
  });

  it('adds the bonus only when the roster held the champion', () => {
    // 35.4 + tier 4 × 2 (won) = 43.4
    expect(rosterGamePoints({ playerPoints: 35.4, heldChampionTier: 4, teamWonGame: true }, rules)).toBe(
      43.4,
    );
    expect(rosterGamePoints({ playerPoints: 35.4, heldChampionTier: null, teamWonGame: true }, rules)).toBe(
      35.4,
    );
    expect(rosterGamePoints({ playerPoints: 0.1, heldChampionTier: 1, teamWonGame: false }, rules)).toBe(1.1);
  });
});

describe('burroThresholdBonus and pointsDiffer', () => {
  it('pays the extra Burro Coin when week points reach the threshold', () => {
    expect(burroThresholdBonus(10, rules)).toBe(1);
    expect(burroThresholdBonus(42.5, rules)).toBe(1);
    expect(burroThresholdBonus(9.9, rules)).toBe(0);
    expect(burroThresholdBonus(50, { ...rules, burroRewardThreshold: 60, burroRewardAmount: 3 })).toBe(0);
  });

  it('treats differences up to 0.01 as unchanged', () => {
    expect(pointsDiffer(10, 10.01)).toBe(false);
    expect(pointsDiffer(0.1 + 0.2, 0.3)).toBe(false);
    expect(pointsDiffer(10, 10.02)).toBe(true);
    expect(pointsDiffer(10, 9.9)).toBe(true);
  });
});

// ---------------------------------------------------------------- properties

const tenths = (min: number, max: number) => fc.integer({ min: min * 10, max: max * 10 }).map((n) => n / 10);
const rulesArb: fc.Arbitrary<ScoringRules> = fc
  .record({
    killPoints: tenths(0, 5),
    assistPoints: tenths(0, 5),
    csPointsPer10: tenths(0, 1),
    deathPoints: tenths(-3, 0),
    dragonPoints: tenths(0, 3),
    towerPoints: tenths(0, 3),
    larvaPoints: tenths(0, 2),
    firstObjectivePoints: tenths(0, 3),
    zeroDeathsBonus: tenths(0, 5),
  })
  .map((partial) => resolveScoringRules(partial));
const objectivesOrNull = fc.option(objectivesArb);

describe('scoring properties', () => {
  it('points never decrease with more kills, assists or cs', () => {
    fc.assert(
      fc.property(
        statsArb,
        objectivesOrNull,
        fc.boolean(),
        rulesArb,
        fc.constantFrom('kills', 'assists', 'cs'),
        count(50),
        (stats, teamObjectives, perfectSeriesWinner, r, key, extra) => {
          const before = playerGamePoints({ stats, teamObjectives, perfectSeriesWinner }, r);
          const more = { ...stats, [key]: stats[key] + extra };
          const after = playerGamePoints({ stats: more, teamObjectives, perfectSeriesWinner }, r);
          expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });

  it('points never increase with more deaths beyond zero', () => {
    fc.assert(
      fc.property(
        statsArb,
        objectivesOrNull,
        fc.boolean(),
        rulesArb,
        count(10),
        (stats, teamObjectives, perfect, r, extra) => {
          const base = { ...stats, deaths: Math.max(1, stats.deaths) };
          const before = playerGamePoints({ stats: base, teamObjectives, perfectSeriesWinner: perfect }, r);
          const after = playerGamePoints(
            { stats: { ...base, deaths: base.deaths + extra }, teamObjectives, perfectSeriesWinner: perfect },
            r,
          );
          expect(after).toBeLessThanOrEqual(before);
        },
      ),
    );
  });

  it('dying once costs the death points plus the zero-deaths bonus', () => {
    fc.assert(
      fc.property(statsArb, fc.boolean(), (stats, perfect) => {
        const flawless = playerGamePoints(
          { stats: { ...stats, deaths: 0 }, teamObjectives: null, perfectSeriesWinner: perfect },
          rules,
        );
        const once = playerGamePoints(
          { stats: { ...stats, deaths: 1 }, teamObjectives: null, perfectSeriesWinner: perfect },
          rules,
        );
        // -0.5 for the death and the lost 2-point bonus
        expect(round1(flawless - once)).toBe(2.5);
      }),
    );
  });

  it("five players' objective shares add up to the team's objective points", () => {
    fc.assert(
      fc.property(
        objectivesArb,
        rulesArb,
        fc.array(statsArb, { minLength: 5, maxLength: 5 }),
        (objectives, r, team) => {
          const total = teamObjectivePoints(objectives, r);
          expect(objectiveShare(objectives, r) * 5).toBeCloseTo(total, 9);
          // Through the rounded game points: each player's gain from objectives is within 0.05 of a share.
          const gains = team.map(
            (stats) =>
              playerGamePoints({ stats, teamObjectives: objectives, perfectSeriesWinner: false }, r) -
              playerGamePoints({ stats, teamObjectives: null, perfectSeriesWinner: false }, r),
          );
          const sum = gains.reduce((a, b) => a + b, 0);
          expect(Math.abs(sum - total)).toBeLessThanOrEqual(5 * 0.1 + 1e-9);
        },
      ),
    );
  });

  it('game points are always a multiple of 0.1', () => {
    fc.assert(
      fc.property(statsArb, objectivesOrNull, fc.boolean(), rulesArb, (stats, teamObjectives, perfect, r) => {
        const points = playerGamePoints({ stats, teamObjectives, perfectSeriesWinner: perfect }, r);
        expect(round1(points)).toBe(points);
        expect(Math.abs(points * 10 - Math.round(points * 10))).toBeLessThan(1e-6);
      }),
    );
  });
});
