import { z } from 'zod';

/**
 * Issue 30: head-to-head private leagues ("Scontri diretti"), the Fantacalcio way. The pure rules: the
 * calendar (circle-method round robin), a match-up's goals (points bands or plain points) and the table.
 * Points are handled in cents, as stored (numeric(12, 2)), so a band edge or the draw margin never
 * depends on binary rounding.
 */

export const H2H_LIMITS = {
  minMembers: 2,
  maxMembers: 20,
  /** T: points below it score no goal */
  bandStartMin: 1,
  bandStartMax: 10_000,
  /** S: one more goal every S points from T on */
  bandStepMin: 1,
  bandStepMax: 1_000,
  /** plain points: a difference below this (in points) is a draw */
  drawMargin: 0.1,
} as const;

export const PRIVATE_LEAGUE_FORMATS = ['classic', 'h2h'] as const;
export type PrivateLeagueFormat = (typeof PRIVATE_LEAGUE_FORMATS)[number];
export const H2H_RULES = ['bands', 'points'] as const;
export type H2hRule = (typeof H2H_RULES)[number];

export const h2hMessages = {
  bandStart: `La soglia del primo gol (T) deve essere tra ${H2H_LIMITS.bandStartMin} e ${H2H_LIMITS.bandStartMax.toLocaleString('it-IT')} punti`,
  bandStep: `L'ampiezza di una fascia (S) deve essere tra ${H2H_LIMITS.bandStepMin} e ${H2H_LIMITS.bandStepMax.toLocaleString('it-IT')} punti`,
  twoDecimals: 'Usa al massimo due decimali',
} as const;

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** The result rule as the form and the server read it. */
export const H2hSettingsSchema = z.object({
  rule: z.enum(H2H_RULES),
  bandStart: z
    .number()
    .min(H2H_LIMITS.bandStartMin, h2hMessages.bandStart)
    .max(H2H_LIMITS.bandStartMax, h2hMessages.bandStart)
    .refine(twoDecimals, h2hMessages.twoDecimals),
  bandStep: z
    .number()
    .min(H2H_LIMITS.bandStepMin, h2hMessages.bandStep)
    .max(H2H_LIMITS.bandStepMax, h2hMessages.bandStep)
    .refine(twoDecimals, h2hMessages.twoDecimals),
});
export type H2hSettings = z.infer<typeof H2hSettingsSchema>;

const cents = (points: number) => Math.round(points * 100);

// ---------------------------------------------------------------- the calendar

export interface RoundPairing {
  /** seats (0..n-1) of each match-up, home first */
  pairs: [number, number][];
  /** the seat that rests this round (odd counts), else null */
  rest: number | null;
}

/** Rounds in one cycle: everyone meets everyone once (a rest seat pads odd counts). */
export const roundsPerCycle = (n: number) => (n % 2 === 0 ? n - 1 : n);

/**
 * One cycle of the circle method for `n` seats: seat 0 (or, with an odd count, the resting "ghost") stays
 * put and the others turn one place a round. Home and away alternate round by round for the fixed seat
 * and by table position for the others, so nobody plays at home more than about half the time.
 */
export function roundRobinCycle(n: number): RoundPairing[] {
  if (!Number.isInteger(n) || n < 2) return [];
  const m = n % 2 === 0 ? n : n + 1; // seat n is the ghost: playing it is resting
  const others = Array.from({ length: m - 1 }, (_, i) => i + 1);
  const rounds: RoundPairing[] = [];
  for (let r = 0; r < m - 1; r++) {
    const circle = [0, ...others.slice(r), ...others.slice(0, r)];
    const pairs: [number, number][] = [];
    let rest: number | null = null;
    for (let i = 0; i < m / 2; i++) {
      const a = circle[i]!;
      const b = circle[m - 1 - i]!;
      if (a === n || b === n) {
        rest = a === n ? b : a;
        continue;
      }
      const homeFirst = i === 0 ? r % 2 === 0 : i % 2 === 1;
      pairs.push(homeFirst ? [a, b] : [b, a]);
    }
    rounds.push({ pairs, rest });
  }
  return rounds;
}

/**
 * Round `index` (0-based) of a calendar of `n` seats: cycles follow one another, each one with home and away
 * swapped from the one before, so rounds appended later (weeks the official league adds) continue it.
 */
export function roundPairing(n: number, index: number): RoundPairing {
  const cycle = roundRobinCycle(n);
  const round = cycle[index % cycle.length]!;
  if (Math.floor(index / cycle.length) % 2 === 0) return round;
  return { pairs: round.pairs.map(([h, a]) => [a, h]), rest: round.rest };
}

// ---------------------------------------------------------------- a match-up's goals

/** Fantacalcio's bands: no goal below T points, then one more every S points (T included). */
export function bandGoals(points: number, bandStart: number, bandStep: number): number {
  const p = cents(points);
  const t = cents(bandStart);
  if (p < t) return 0;
  return Math.floor((p - t) / cents(bandStep)) + 1;
}

export interface MatchGoals {
  homeGoals: number;
  awayGoals: number;
}

/**
 * A match-up's goals from both sides' week points. Bands: each side's goals by its own points. Plain points:
 * 1–0 to the side with more points, 0–0 when they differ by less than a tenth (the draw margin).
 */
export function matchGoals(
  homePoints: number,
  awayPoints: number,
  settings: Pick<H2hSettings, 'rule' | 'bandStart' | 'bandStep'>,
): MatchGoals {
  if (settings.rule === 'bands') {
    return {
      homeGoals: bandGoals(homePoints, settings.bandStart, settings.bandStep),
      awayGoals: bandGoals(awayPoints, settings.bandStart, settings.bandStep),
    };
  }
  const diff = cents(homePoints) - cents(awayPoints);
  if (Math.abs(diff) < cents(H2H_LIMITS.drawMargin)) return { homeGoals: 0, awayGoals: 0 };
  return diff > 0 ? { homeGoals: 1, awayGoals: 0 } : { homeGoals: 0, awayGoals: 1 };
}

export type MatchOutcome = 'home' | 'draw' | 'away';
export const matchOutcome = (g: MatchGoals): MatchOutcome =>
  g.homeGoals > g.awayGoals ? 'home' : g.homeGoals < g.awayGoals ? 'away' : 'draw';

/**
 * T and S suggested from a week of the official league: T at its median roster, S half the spread of its
 * middle half (so the middle half of the rosters scores 0 to 2 goals), whole points within the limits.
 */
export function suggestBands(week: { p25: number; median: number; p75: number } | null): {
  bandStart: number;
  bandStep: number;
} {
  if (!week) return { bandStart: 60, bandStep: 10 };
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)));
  return {
    bandStart: clamp(week.median, H2H_LIMITS.bandStartMin, H2H_LIMITS.bandStartMax),
    bandStep: clamp((week.p75 - week.p25) / 2, H2H_LIMITS.bandStepMin, H2H_LIMITS.bandStepMax),
  };
}

// ---------------------------------------------------------------- the table

export interface TableMember {
  userId: string;
  username: string;
}

export interface PlayedFixture {
  homeUserId: string;
  awayUserId: string;
  homePoints: number;
  awayPoints: number;
  homeGoals: number;
  awayGoals: number;
}

/** A member's record: Pt (3 a win, 1 a draw), played, won, drawn, lost, goals for and against. */
export interface TableRecord {
  points: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
}

export interface TableRow extends TableMember, TableRecord {
  /** the sum of the member's week points in the rounds played */
  fantasyPoints: number;
  position: number;
}

interface Tally extends TableRecord {
  fantasyCents: number;
}

const emptyTally = (): Tally => ({
  points: 0,
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  goalsFor: 0,
  goalsAgainst: 0,
  fantasyCents: 0,
});

function tally(userIds: Iterable<string>, fixtures: readonly PlayedFixture[]): Map<string, Tally> {
  const byUser = new Map<string, Tally>();
  for (const id of userIds) byUser.set(id, emptyTally());
  const side = (t: Tally | undefined, fantasy: number, gf: number, ga: number) => {
    if (!t) return;
    t.played++;
    t.goalsFor += gf;
    t.goalsAgainst += ga;
    t.fantasyCents += cents(fantasy);
    if (gf > ga) {
      t.won++;
      t.points += 3;
    } else if (gf === ga) {
      t.drawn++;
      t.points += 1;
    } else t.lost++;
  };
  for (const f of fixtures) {
    side(byUser.get(f.homeUserId), f.homePoints, f.homeGoals, f.awayGoals);
    side(byUser.get(f.awayUserId), f.awayPoints, f.awayGoals, f.homeGoals);
  }
  return byUser;
}

const byName = (a: TableMember, b: TableMember) =>
  a.username < b.username ? -1 : a.username > b.username ? 1 : a.userId < b.userId ? -1 : 1;

/**
 * The table: Pt (3/1/0), played, won, drawn, lost, goals, total fantasy points. Ties broken by points, then
 * total fantasy points, then goal difference, then the points of the matches among the tied members only
 * (head-to-head), then name. Every member has a position of his own (names are unique).
 */
export function h2hTable(members: readonly TableMember[], fixtures: readonly PlayedFixture[]): TableRow[] {
  const all = tally(
    members.map((m) => m.userId),
    fixtures,
  );
  const rows = members.map((m) => {
    const t = all.get(m.userId)!;
    return { member: m, t };
  });
  const primary = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    b.t.points - a.t.points ||
    b.t.fantasyCents - a.t.fantasyCents ||
    b.t.goalsFor - b.t.goalsAgainst - (a.t.goalsFor - a.t.goalsAgainst);
  rows.sort((a, b) => primary(a, b) || byName(a.member, b.member));
  // each run of members level on the first three keys is ordered by their matches among themselves
  const ordered: typeof rows = [];
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    while (j < rows.length && primary(rows[i]!, rows[j]!) === 0) j++;
    const group = rows.slice(i, j);
    if (group.length > 1) {
      const ids = new Set(group.map((g) => g.member.userId));
      const mini = tally(
        ids,
        fixtures.filter((f) => ids.has(f.homeUserId) && ids.has(f.awayUserId)),
      );
      group.sort(
        (a, b) =>
          mini.get(b.member.userId)!.points - mini.get(a.member.userId)!.points || byName(a.member, b.member),
      );
    }
    ordered.push(...group);
    i = j;
  }
  return ordered.map(({ member, t: { fantasyCents, ...record } }, k) => ({
    userId: member.userId,
    username: member.username,
    ...record,
    fantasyPoints: fantasyCents / 100,
    position: k + 1,
  }));
}
