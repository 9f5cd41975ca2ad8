import { type H2hSettings, h2hTable, matchGoals, type PlayedFixture, roundPairing } from '@fantarift/core';

/**
 * A Lega Fanta "Scontri diretti" (issue 32, docs/fanta-season.md): issue 30's calendar, goals and table
 * (`roundPairing`, `matchGoals`, `h2hTable` in packages/core) on the managers' weeks, which the standings have
 * just computed. Nothing is stored: the rounds are the season's weeks in order, the seats the members in the
 * order they are given, so the calendar is the same on every read and the results move with the weeks.
 */

export type RoundStatus = 'scheduled' | 'live' | 'final';

export interface FantaH2hFixture extends PlayedFixture {
  homeUsername: string;
  awayUsername: string;
}

export interface FantaH2hRound {
  round: number;
  weekId: string;
  weekName: string;
  weekNumber: number;
  status: RoundStatus;
  restingUserId: string | null;
  restingUsername: string | null;
  fixtures: FantaH2hFixture[];
}

export interface FantaH2h {
  rule: H2hSettings;
  table: ReturnType<typeof h2hTable>;
  rounds: FantaH2hRound[];
}

/** A week of the official league as the season reads it (season.ts's `RoundWeek`). */
interface RoundWeek {
  id: string;
  weekNumber: number;
  name: string;
  locksAt: Date | null;
  locked: boolean;
  complete: boolean;
  started: boolean;
  counted: boolean;
}

interface ManagerWeeks {
  userId: string;
  username: string;
  /** points of each week of `played`, in its order */
  weekPoints: number[];
}

/**
 * The season's rounds: every week from the first one of the season (the first locking after the auction's
 * end) on, one round each, skipping a week whose matches started before the auction ended; a week without
 * matches yet is a round to be played. Before the auction ends there is no round.
 */
export function seasonRounds(all: readonly RoundWeek[]): RoundWeek[] {
  const first = all.find((w) => w.counted);
  if (!first) return [];
  return all.filter((w) => w.weekNumber >= first.weekNumber && (w.counted || w.locksAt === null));
}

/**
 * The calendar and the table. A round is scheduled until its week locks, live until its last match is
 * completed, then final; the table counts a round once one of its matches is completed (a week just locked
 * would otherwise read as everyone's 0–0 draw), as issue 30's does.
 */
export function h2hSeason(
  rule: H2hSettings,
  all: readonly RoundWeek[],
  played: readonly RoundWeek[],
  seats: readonly ManagerWeeks[],
): FantaH2h {
  const index = new Map(played.map((w, i) => [w.id, i]));
  const pointsOf = (m: ManagerWeeks, weekId: string) => {
    const i = index.get(weekId);
    return i === undefined ? 0 : (m.weekPoints[i] ?? 0);
  };
  const counted: PlayedFixture[] = [];
  const rounds = seasonRounds(all).map((w, i): FantaH2hRound => {
    const pairing = roundPairing(seats.length, i);
    const status: RoundStatus = !w.locked ? 'scheduled' : w.complete ? 'final' : 'live';
    const fixtures = pairing.pairs.map(([h, a]) => {
      const home = seats[h]!;
      const away = seats[a]!;
      const homePoints = pointsOf(home, w.id);
      const awayPoints = pointsOf(away, w.id);
      const goals =
        status === 'scheduled' ? { homeGoals: 0, awayGoals: 0 } : matchGoals(homePoints, awayPoints, rule);
      return {
        homeUserId: home.userId,
        awayUserId: away.userId,
        homeUsername: home.username,
        awayUsername: away.username,
        homePoints,
        awayPoints,
        ...goals,
      };
    });
    if (w.locked && w.started) counted.push(...fixtures);
    const rest = pairing.rest === null ? null : seats[pairing.rest]!;
    return {
      round: i + 1,
      weekId: w.id,
      weekName: w.name,
      weekNumber: w.weekNumber,
      status,
      restingUserId: rest?.userId ?? null,
      restingUsername: rest?.username ?? null,
      fixtures,
    };
  });
  return { rule, table: h2hTable(seats, counted), rounds };
}
