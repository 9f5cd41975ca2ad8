import { z } from 'zod';

/**
 * The API shapes of the core's head-to-head results (`h2hTable`, `matchGoals`), which the private leagues
 * and the Leghe Fanta "Scontri diretti" both answer with; each module places them among its own fields.
 */

/** One manager's figures in a head-to-head table (Pt 3/1/0, played, won…, the tie-breaking fantasy points). */
export const h2hRecordShape = {
  points: z.number().int(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  fantasyPoints: z.number(),
};

/** A match-up's result: each side's fantasy points and the goals they make. */
export const fixtureScoreShape = {
  homePoints: z.number(),
  awayPoints: z.number(),
  homeGoals: z.number().int(),
  awayGoals: z.number().int(),
};

/** A round's week: which one, and whether it is still to play, being played or closed. */
export const roundWeekShape = {
  round: z.number().int(),
  weekId: z.string().uuid(),
  weekName: z.string(),
  weekNumber: z.number().int(),
};
export const roundStatusSchema = z.enum(['scheduled', 'live', 'final']);
