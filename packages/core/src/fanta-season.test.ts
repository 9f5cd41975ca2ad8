import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CaptainOption, captainExtra } from './captain.ts';
import { ROLES, type Role } from './economy.ts';
import {
  checkLineup,
  defaultLineup,
  effectiveLineup,
  type FantaLineup,
  type FantaPlayerWeek,
  fantaWeek,
  type SquadPlayer,
  substitute,
} from './fanta-season.ts';

const OFF: CaptainOption = { captainMultiplier: 1, viceCaptainEnabled: true };
const X2: CaptainOption = { captainMultiplier: 2, viceCaptainEnabled: true };

/** Two players a role: "top1" (price 20) and "top2" (price 10), and so on. */
const squad: SquadPlayer[] = ROLES.flatMap((role) => [
  { playerId: `${role}1`, role, price: 20 },
  { playerId: `${role}2`, role, price: 10 },
]);
const firsts = ROLES.map((r) => `${r}1`);
const seconds = ROLES.map((r) => `${r}2`);
const lineup = (p: Partial<FantaLineup> = {}): FantaLineup => ({
  starters: firsts,
  bench: seconds,
  captainPlayerId: null,
  viceCaptainPlayerId: null,
  ...p,
});
const weeks = (m: Record<string, FantaPlayerWeek>) => (id: string) => m[id];

describe('checkLineup', () => {
  it('accepts one starter per role and the rest on the bench', () => {
    expect(checkLineup(squad, lineup(), OFF)).toBeNull();
    expect(
      checkLineup(squad, lineup({ captainPlayerId: 'Mid1', viceCaptainPlayerId: 'Top1' }), X2),
    ).toBeNull();
  });

  it('refuses each bad line-up with its reason', () => {
    const code = (l: FantaLineup, o = X2) => checkLineup(squad, l, o)?.code;
    expect(
      code(
        lineup({
          starters: ['Top1', 'Top2', 'Mid1', 'ADC1', 'Support1'],
          bench: ['Jungle1', 'Jungle2', 'Mid2', 'ADC2', 'Support2'],
        }),
      ),
    ).toBe('TWO_OF_ROLE');
    expect(code(lineup({ starters: [...firsts.slice(0, 4), 'someone'] }))).toBe('NOT_IN_SQUAD');
    expect(code(lineup({ starters: firsts.slice(0, 4), bench: [...seconds, 'Support1'] }))).toBe(
      'MISSING_ROLE',
    );
    expect(code(lineup({ bench: seconds.slice(1) }))).toBe('BENCH_INCOMPLETE');
    expect(code(lineup({ bench: [...seconds, 'Top1'] }))).toBe('DUPLICATE_PLAYER');
    expect(code(lineup({ captainPlayerId: 'Top2' }))).toBe('CAPTAIN_NOT_STARTER');
    expect(code(lineup({ captainPlayerId: 'Top1' }), OFF)).toBe('CAPTAIN_OFF');
    expect(code(lineup({ captainPlayerId: 'Top1', viceCaptainPlayerId: 'Top1' }))).toBe('VICE_IS_CAPTAIN');
    expect(code(lineup({ viceCaptainPlayerId: 'Top1' }))).toBe('VICE_WITHOUT_CAPTAIN');
    expect(
      code(lineup({ captainPlayerId: 'Top1', viceCaptainPlayerId: 'Mid1' }), {
        ...X2,
        viceCaptainEnabled: false,
      }),
    ).toBe('VICE_OFF');
    expect(checkLineup([], lineup({ starters: [], bench: [] }), OFF)?.code).toBe('EMPTY_SQUAD');
    for (const refusal of [checkLineup(squad, lineup({ bench: [] }), OFF)!])
      expect(refusal.message).toMatch(/panchina/);
  });

  it('asks a starter only for the roles the squad holds', () => {
    const small = squad.filter((p) => p.role !== 'Support');
    expect(
      checkLineup(small, lineup({ starters: firsts.slice(0, 4), bench: seconds.slice(0, 4) }), OFF),
    ).toBeNull();
  });
});

describe('default and effective line-up', () => {
  it('fields the dearest player of each role the first week', () => {
    const l = defaultLineup(squad);
    expect(l.starters).toEqual(firsts);
    expect(new Set(l.bench)).toEqual(new Set(seconds));
  });

  it('keeps last week’s line-up, fitted to the squad at the lock', () => {
    const saved = lineup({
      starters: ['Top2', ...firsts.slice(1)],
      bench: ['Top1', ...seconds.slice(1)],
      captainPlayerId: 'Mid1',
    });
    expect(effectiveLineup(squad, saved, X2)).toEqual(saved);
    // Top2 released, a new Top3 bought: the bench's first Top starts, Top3 joins the bench's end
    const later = [
      ...squad.filter((p) => p.playerId !== 'Top2'),
      { playerId: 'Top3', role: 'Top' as Role, price: 5 },
    ];
    const fitted = effectiveLineup(later, saved, X2);
    expect(fitted.starters).toContain('Top1');
    expect(fitted.bench.at(-1)).toBe('Top3');
    expect(checkLineup(later, fitted, X2)).toBeNull();
    // the captain option turned off drops the captain
    expect(effectiveLineup(squad, saved, OFF).captainPlayerId).toBeNull();
  });

  const arbSquad = fc.uniqueArray(
    fc.record({
      playerId: fc.stringMatching(/^[a-f]{3}$/),
      role: fc.constantFrom(...ROLES),
      price: fc.integer({ min: 1, max: 50 }),
    }),
    { selector: (p) => p.playerId, minLength: 1, maxLength: 15 },
  );

  it('always gives a valid line-up, whatever was saved (property)', () => {
    fc.assert(
      fc.property(arbSquad, arbSquad, fc.boolean(), (before, now, withCaptain) => {
        const saved = defaultLineup(before);
        if (withCaptain) {
          saved.captainPlayerId = saved.starters[0] ?? null;
          saved.viceCaptainPlayerId = saved.starters[1] ?? null;
        }
        expect(checkLineup(now, defaultLineup(now), X2)).toBeNull();
        expect(checkLineup(now, effectiveLineup(now, saved, X2), X2)).toBeNull();
      }),
    );
  });
});

describe('automatic substitutes', () => {
  it('waits for the week’s last match, then brings in the first bench player of the role who played', () => {
    const l = lineup({ bench: ['Top2', 'Jungle2', 'Mid2', 'ADC2', 'Support2'] });
    const squad3 = [...squad, { playerId: 'Top3', role: 'Top' as Role, price: 1 }];
    const l3 = { ...l, bench: ['Top3', ...l.bench] };
    const w = weeks({
      Top2: { played: true, points: 8 },
      Top3: { played: false, points: 0 },
      Jungle1: { played: true, points: 3 },
      Mid1: { played: true, points: 4 },
      ADC1: { played: true, points: 5 },
      Support1: { played: true, points: 1 },
    });
    expect(substitute(squad3, l3, w, false).substitutions).toEqual([]);
    const done = substitute(squad3, l3, w, true);
    expect(done.substitutions).toEqual([{ role: 'Top', outPlayerId: 'Top1', inPlayerId: 'Top2' }]);
    expect(fantaWeek(squad3, l3, w, true, OFF).points).toBe(21);
    expect(fantaWeek(squad3, l3, w, false, OFF).points).toBe(13);
  });

  it('never brings in a player of another role, nor one who did not play', () => {
    const w = weeks({ Jungle2: { played: true, points: 9 }, Top2: { played: false, points: 0 } });
    const r = fantaWeek(squad, lineup(), w, true, OFF);
    expect(r.substitutions).toEqual([{ role: 'Jungle', outPlayerId: 'Jungle1', inPlayerId: 'Jungle2' }]);
    expect(r.points).toBe(9);
  });
});

describe('the week sum', () => {
  it('multiplies the captain; a captain substituted out passes it to the vice once the week is over', () => {
    const w = weeks({
      Top1: { played: true, points: 10.4 },
      Mid1: { played: true, points: -2.3 },
      Mid2: { played: true, points: 1 },
      ADC1: { played: false, points: 0 },
      ADC2: { played: true, points: 6 },
    });
    const c = fantaWeek(squad, lineup({ captainPlayerId: 'Top1', viceCaptainPlayerId: 'Mid1' }), w, true, X2);
    expect(c.captain).toMatchObject({ role: 'captain', playerId: 'Top1', bonus: 10.4 });
    expect(c.points).toBe(24.5);
    const v = fantaWeek(squad, lineup({ captainPlayerId: 'ADC1', viceCaptainPlayerId: 'Mid1' }), w, true, X2);
    expect(v.captain).toMatchObject({ role: 'vice', playerId: 'Mid1', bonus: -2.3 });
    expect(v.points).toBe(11.8);
    expect(
      fantaWeek(squad, lineup({ captainPlayerId: 'ADC1', viceCaptainPlayerId: 'Mid1' }), w, false, X2)
        .captain,
    ).toBeNull();
  });

  it('is the fielded players’ points plus the captain rule’s extra (property)', () => {
    const pts = fc.dictionary(
      fc.constantFrom(...firsts, ...seconds),
      fc.record({ played: fc.boolean(), points: fc.integer({ min: -100, max: 400 }).map((x) => x / 10) }),
    );
    fc.assert(
      fc.property(
        pts,
        fc.boolean(),
        fc.constantFrom(1, 1.5, 2),
        fc.constantFrom(...firsts),
        (m, complete, mult, cap) => {
          const option = { captainMultiplier: mult as 1 | 1.5 | 2, viceCaptainEnabled: true };
          const l = lineup({ captainPlayerId: mult === 1 ? null : cap });
          const w = (id: string) => m[id];
          const r = fantaWeek(squad, l, w, complete, option);
          const base = r.fielded.reduce((s, f) => s + f.points, 0);
          const capRow = r.fielded.find((f) => f.playerId === cap);
          const extra = mult !== 1 && capRow?.played ? captainExtra(m[cap]!.points, option) : 0;
          expect(r.points).toBeCloseTo(base + extra, 6);
          expect(Math.round(r.points * 100)).toBeCloseTo(r.points * 100, 6);
          // every substitution's player comes from the bench, same role, and played
          for (const s of r.substitutions) {
            expect(complete).toBe(true);
            expect(s.inPlayerId.startsWith(s.role)).toBe(true);
            expect(m[s.inPlayerId]?.played).toBe(true);
          }
        },
      ),
    );
  });
});
