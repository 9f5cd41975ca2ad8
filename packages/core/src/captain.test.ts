import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CaptainWeekInput,
  captainBonus,
  captainChoiceWeeks,
  captainExtra,
  captainFactorRows,
  captainLineLabel,
  captainRoleOfWeek,
} from './captain.ts';
import { DEFAULT_SCORING_RULES, resolveScoringRules, type ScoringRules } from './scoring.ts';

const rulesWith = (captainMultiplier: 1 | 1.5 | 2, viceCaptainEnabled = true): ScoringRules => ({
  ...DEFAULT_SCORING_RULES,
  captainMultiplier,
  viceCaptainEnabled,
});
const multiplierArb = fc.constantFrom<1 | 1.5 | 2>(1, 1.5, 2);
/** week points in cents, as stored: game points to the tenth plus series MVP points, negative too */
const pointsArb = fc.integer({ min: -5000, max: 50_000 }).map((c) => c / 100);
const playerArb = fc.option(fc.record({ played: fc.boolean(), points: pointsArb }), { nil: null });
const inputArb: fc.Arbitrary<CaptainWeekInput> = fc.record({
  captain: playerArb,
  vice: playerArb,
  weekComplete: fc.boolean(),
});

describe('captain rule', () => {
  it('is off by default, so the spec points are unchanged', () => {
    expect(DEFAULT_SCORING_RULES.captainMultiplier).toBe(1);
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(captainBonus(input, DEFAULT_SCORING_RULES)).toBeNull();
      }),
    );
  });

  it('multiplies the captain who played, whatever the vice did', () => {
    fc.assert(
      fc.property(multiplierArb, pointsArb, playerArb, fc.boolean(), (m, points, vice, weekComplete) => {
        fc.pre(m !== 1);
        const bonus = captainBonus({ captain: { played: true, points }, vice, weekComplete }, rulesWith(m));
        expect(bonus?.role).toBe('captain');
        // (multiplier − 1) × points to the cent: at most half a cent away
        expect(Math.abs(bonus!.bonus - points * (m - 1))).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.round(bonus!.bonus * 100)).toBeCloseTo(bonus!.bonus * 100, 6);
      }),
    );
  });

  it('gives the vice only when the captain did not play, the week is complete and the vice is on', () => {
    fc.assert(
      fc.property(inputArb, multiplierArb, fc.boolean(), (input, m, viceOn) => {
        const bonus = captainBonus(input, rulesWith(m, viceOn));
        const captainPlayed = input.captain?.played ?? false;
        const viceCounts = viceOn && !captainPlayed && input.weekComplete && (input.vice?.played ?? false);
        if (m === 1) expect(bonus).toBeNull();
        else if (captainPlayed) expect(bonus?.role).toBe('captain');
        else if (viceCounts) expect(bonus).toMatchObject({ role: 'vice', playerPoints: input.vice!.points });
        else expect(bonus).toBeNull();
      }),
    );
  });

  it('never gives both, and the bonus is never larger than the player points times (multiplier − 1)', () => {
    fc.assert(
      fc.property(inputArb, multiplierArb, (input, m) => {
        const bonus = captainBonus(input, rulesWith(m));
        if (!bonus) return;
        expect(Math.abs(bonus.bonus)).toBeLessThanOrEqual(
          Math.abs(bonus.playerPoints) * (m - 1) + 0.005 + 1e-9,
        );
      }),
    );
  });

  it('rounds ×1.5 to the cent, halves away from zero, like PostgreSQL round(numeric, 2)', () => {
    expect(captainExtra(12.35, rulesWith(1.5))).toBe(6.18);
    expect(captainExtra(-12.35, rulesWith(1.5))).toBe(-6.18);
    expect(captainExtra(38.2, rulesWith(2))).toBe(38.2);
    expect(captainExtra(0, rulesWith(2))).toBe(0);
  });

  it('as a table for SQL agrees with the function on every case', () => {
    fc.assert(
      fc.property(multiplierArb, fc.boolean(), pointsArb, pointsArb, (m, viceOn, cp, vp) => {
        const rules = rulesWith(m, viceOn);
        for (const row of captainFactorRows(rules)) {
          const bonus = captainBonus(
            {
              captain: { played: row.captainPlayed, points: cp },
              vice: { played: row.vicePlayed, points: vp },
              weekComplete: row.weekComplete,
            },
            rules,
          );
          const viaTable =
            captainExtra(cp, { ...rules, captainMultiplier: (row.captain + 1) as 1 }) +
            captainExtra(vp, { ...rules, captainMultiplier: (row.vice + 1) as 1 });
          expect(viaTable).toBeCloseTo(bonus?.bonus ?? 0, 6);
        }
      }),
    );
  });

  it('role of the week with no vice chosen', () => {
    expect(
      captainRoleOfWeek(
        { captainPlayed: false, vicePlayed: true, weekComplete: true, hasVice: false },
        rulesWith(2),
      ),
    ).toBeNull();
  });

  it('resolves stored values: anything but 1, 1.5 or 2 is the default', () => {
    expect(resolveScoringRules({ captainMultiplier: 1.5 as 1.5 }).captainMultiplier).toBe(1.5);
    expect(resolveScoringRules({ captainMultiplier: 3 as 2 }).captainMultiplier).toBe(1);
    expect(resolveScoringRules({ viceCaptainEnabled: null }).viceCaptainEnabled).toBe(true);
    expect(resolveScoringRules({ viceCaptainEnabled: false }).viceCaptainEnabled).toBe(false);
  });

  it('labels the line as the breakdown shows it', () => {
    expect(captainLineLabel('captain', 2, 'Caps')).toBe('Capitano ×2 (Caps)');
    expect(captainLineLabel('vice', 1.5, 'Faker')).toBe('Vice capitano ×1,5 (Faker)');
  });
});

describe('captain choice weeks', () => {
  const at = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
  const weeks = [
    { id: 'w1', weekNumber: 1, locksAt: at(10) },
    { id: 'w2', weekNumber: 2, locksAt: at(20) },
    { id: 'w3', weekNumber: 3, locksAt: null },
  ];

  it('before any lock the choice counts for the first week', () => {
    expect(captainChoiceWeeks(weeks, at(1))).toEqual({ next: weeks[0], current: null });
  });

  it('at the lock itself the week is locked and the choice counts for the next one', () => {
    expect(captainChoiceWeeks(weeks, at(10))).toEqual({ next: weeks[1], current: weeks[0] });
    expect(captainChoiceWeeks(weeks, at(25))).toEqual({ next: weeks[2], current: weeks[1] });
  });

  it('never a locked week, and never one before a locked week', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        (locks, now) => {
          const ws = locks.map((h, i) => ({
            id: `w${i}`,
            weekNumber: i + 1,
            locksAt: h === null ? null : at(h),
          }));
          const { next, current } = captainChoiceWeeks(ws, at(now));
          if (next) {
            expect(next.locksAt === null || next.locksAt.getTime() > at(now).getTime()).toBe(true);
            for (const w of ws)
              if (w.locksAt && w.locksAt.getTime() <= at(now).getTime())
                expect(w.weekNumber).toBeLessThan(next.weekNumber);
          }
          if (current) expect(current.locksAt!.getTime()).toBeLessThanOrEqual(at(now).getTime());
        },
      ),
    );
  });
});
