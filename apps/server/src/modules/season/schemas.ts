import {
  boundedArray,
  calendarDate,
  INT4_MAX,
  instantText,
  MATCH_FORMATS,
  MESSAGES,
  PLAYER_STAT_COUNTS,
  type PlayerStatCount,
  safeText,
  TEAM_NAME_MAX,
} from '@fantarift/core';
import { z } from 'zod';

// per game; the cap keeps every points sum inside its numeric(12, 2) column (scoring rules are at most ±1000)
export const GAME_STAT_MAX = 10_000;
const count = z.coerce
  .number({ error: MESSAGES.stats.negativeValue })
  .int()
  .min(0, MESSAGES.stats.negativeValue)
  .max(GAME_STAT_MAX, MESSAGES.validation.numberOutOfRange(0, GAME_STAT_MAX))
  .default(0);

const teamName = safeText(TEAM_NAME_MAX);

/** One schema for each counted statistic of a player's game: the editor's input and the match view's answer. */
export const gameStatCounts = <T extends z.ZodType>(count: T) =>
  Object.fromEntries(PLAYER_STAT_COUNTS.map((stat) => [stat, count])) as Record<PlayerStatCount, T>;

export const PlayerGameStatsSchema = z.object({
  playerId: z.string().uuid(),
  championId: z.string().uuid().nullable().default(null),
  ...gameStatCounts(count),
  mvp: z.boolean().default(false),
});

export const TeamObjectivesSchema = z.object({
  teamName: teamName.min(1),
  // dragons are clamped to 0–4 and the herald to 0/1 (admin spec §4), not refused
  dragons: count.transform((v) => Math.min(v, 4)),
  barons: count,
  elders: count,
  heralds: count.transform((v) => Math.min(v, 1)),
  towers: count,
  larvas: count,
  firstBlood: z.boolean().default(false),
  firstDrake: z.boolean().default(false),
  firstBaron: z.boolean().default(false),
  firstHerald: z.boolean().default(false),
  firstElder: z.boolean().default(false),
  firstTower: z.boolean().default(false),
  athakan: z.boolean().default(false),
});

export const SaveMatchStatsSchema = z
  .object({
    gamesPlayed: z.number().int().min(1).max(5),
    winner: teamName.nullable(),
    games: z
      .array(
        z.object({
          gameNumber: z.number().int().min(1).max(5),
          winner: teamName.nullable().default(null),
          players: boundedArray(PlayerGameStatsSchema, 20),
          objectives: boundedArray(TeamObjectivesSchema, 2),
        }),
      )
      .max(5),
    seriesMvpPlayerId: z.string().uuid().nullable().default(null),
  })
  .meta({ id: 'SaveMatchStats' });
export type SaveMatchStatsInput = z.infer<typeof SaveMatchStatsSchema>;

export const WeekBodySchema = z.object({
  weekNumber: z
    .number()
    .int()
    .min(1, MESSAGES.weeks.weekNumberMin)
    .max(INT4_MAX, MESSAGES.validation.numberOutOfRange(1, INT4_MAX)),
  name: safeText(100).trim().min(1, MESSAGES.weeks.nameRequired),
  // empty passes here so that the service can say which field is missing
  startDate: z.literal('').or(calendarDate()),
  endDate: z.literal('').or(calendarDate()),
  isActive: z.boolean().optional(),
});

export const MatchBodySchema = z.object({
  team1: teamName.trim().min(1, MESSAGES.matches.selectBothTeams),
  team2: teamName.trim().min(1, MESSAGES.matches.selectBothTeams),
  date: z
    .string({ error: MESSAGES.matches.selectDate })
    .trim()
    .min(1, MESSAGES.matches.selectDate)
    .max(40, MESSAGES.validation.invalidDate)
    .pipe(instantText())
    .transform((v) => new Date(v)),
  matchDay: z
    .number()
    .int()
    .min(1, MESSAGES.matches.matchDayInvalid)
    .max(100, MESSAGES.matches.matchDayInvalid)
    .default(1),
  matchFormat: z
    .number()
    .int()
    .min(1, MESSAGES.matches.formatInvalid)
    .max(5, MESSAGES.matches.formatInvalid)
    .refine((f) => (MATCH_FORMATS as readonly number[]).includes(f), MESSAGES.matches.formatInvalid)
    .default(1),
});
