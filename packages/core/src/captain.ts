/**
 * The weekly captain (issue 29): a roster's captain has his player points of the week multiplied by the
 * league's `captainMultiplier`; when he played no counted game that week and the week's matches are all
 * completed, the vice's are instead (when `viceCaptainEnabled`). One rule, used by every path that computes
 * points: the server hands `captainBonusTable` to SQL (the match save and every recalculation), and the
 * breakdown calls `captainBonus` itself.
 */
import type { ScoringRules } from './scoring.ts';

export type CaptainRole = 'captain' | 'vice';

/**
 * One of a roster's two choices in one week: whether he played a counted game (a game of a completed match
 * of the week, held by the roster when the match started: DECISIONS 14) and his player points in those
 * games (DECISIONS 11 plus the series MVP points, DECISIONS 13; never champion bonuses).
 */
export interface CaptainWeekPlayer {
  played: boolean;
  points: number;
}

export interface CaptainWeekInput {
  captain: CaptainWeekPlayer | null;
  vice: CaptainWeekPlayer | null;
  /** Every match of the week is completed (the week has at least one). */
  weekComplete: boolean;
}

/** Whose points are multiplied this week: the captain if he played; else the vice once the week is over. */
export type CaptainOption = Pick<ScoringRules, 'captainMultiplier' | 'viceCaptainEnabled'>;

export function captainRoleOfWeek(
  input: { captainPlayed: boolean; vicePlayed: boolean; weekComplete: boolean; hasVice?: boolean },
  rules: CaptainOption,
): CaptainRole | null {
  if (rules.captainMultiplier === 1) return null;
  if (input.captainPlayed) return 'captain';
  if (rules.viceCaptainEnabled && input.hasVice !== false && input.vicePlayed && input.weekComplete)
    return 'vice';
  return null;
}

/** What multiplying adds to a player's points: (multiplier − 1) × points, to the cent, halves away from zero. */
export function captainExtra(points: number, rules: CaptainOption): number {
  const cents = Math.round(Math.abs(points) * 100);
  const extra = Math.round(cents * (rules.captainMultiplier - 1)) / 100;
  return points < 0 && extra !== 0 ? -extra : extra;
}

/** The week's captain bonus of a roster: whose points were multiplied, by how much, and what it added. */
export function captainBonus(
  input: CaptainWeekInput,
  rules: CaptainOption,
): { role: CaptainRole; multiplier: number; playerPoints: number; bonus: number } | null {
  const role = captainRoleOfWeek(
    {
      captainPlayed: input.captain?.played ?? false,
      vicePlayed: input.vice?.played ?? false,
      weekComplete: input.weekComplete,
      hasVice: input.vice !== null,
    },
    rules,
  );
  if (!role) return null;
  const player = (role === 'captain' ? input.captain : input.vice)!;
  return {
    role,
    multiplier: rules.captainMultiplier,
    playerPoints: player.points,
    bonus: captainExtra(player.points, rules),
  };
}

/**
 * The rule as a table for set-based SQL: for each (captain played, vice played, week complete), the factor
 * the captain's and the vice's week points are multiplied by to give the bonus (0 or multiplier − 1); the
 * SQL rounds `points × factor` to the cent as `captainExtra` does.
 */
export function captainFactorRows(rules: CaptainOption) {
  const rows: {
    captainPlayed: boolean;
    vicePlayed: boolean;
    weekComplete: boolean;
    captain: number;
    vice: number;
  }[] = [];
  const extra = rules.captainMultiplier - 1;
  for (const captainPlayed of [true, false])
    for (const vicePlayed of [true, false])
      for (const weekComplete of [true, false]) {
        const role = captainRoleOfWeek({ captainPlayed, vicePlayed, weekComplete }, rules);
        rows.push({
          captainPlayed,
          vicePlayed,
          weekComplete,
          captain: role === 'captain' ? extra : 0,
          vice: role === 'vice' ? extra : 0,
        });
      }
  return rows;
}

/** "Capitano ×2 (Caps)" / "Vice capitano ×1,5 (Faker)": the breakdown's line for the bonus. */
export function captainLineLabel(role: CaptainRole, multiplier: number, playerName: string): string {
  const times = String(multiplier).replace('.', ',');
  return `${role === 'captain' ? 'Capitano' : 'Vice capitano'} ×${times} (${playerName})`;
}

/** A week as the captain's choice sees it: its number and its lock (the start of its first match; null: none yet). */
export interface CaptainWeekSlot {
  id: string;
  weekNumber: number;
  locksAt: Date | null;
}

/**
 * The week a choice made at `now` counts for (`next`: the first week after every locked one; null when there
 * is none) and the locked week being played (`current`: the last locked one, if any). A week locks at the
 * start of its first match; a choice made after that counts from the next week, never for a locked one.
 */
export function captainChoiceWeeks<W extends CaptainWeekSlot>(
  weeks: readonly W[],
  now: Date,
): { next: W | null; current: W | null } {
  const sorted = [...weeks].sort((a, b) => a.weekNumber - b.weekNumber);
  let current: W | null = null;
  for (const w of sorted) if (w.locksAt !== null && w.locksAt.getTime() <= now.getTime()) current = w;
  const next =
    sorted.find((w) => (current === null || w.weekNumber > current.weekNumber) && w !== current) ?? null;
  return { next, current };
}
