import { MATCH_FORMATS, MESSAGES } from '@fantarift/core';
import { z } from 'zod';

const count = z.coerce
  .number({ error: MESSAGES.stats.negativeValue })
  .int()
  .min(0, MESSAGES.stats.negativeValue)
  .default(0);

export const PlayerGameStatsSchema = z.object({
  playerId: z.string().uuid(),
  championId: z.string().uuid().nullable().default(null),
  kills: count,
  deaths: count,
  assists: count,
  cs: count,
  doubleKills: count,
  tripleKills: count,
  quadraKills: count,
  pentaKills: count,
  jungleSteals: count,
  mvp: z.boolean().default(false),
});

export const TeamObjectivesSchema = z.object({
  teamName: z.string().min(1),
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
    winner: z.string().nullable(),
    games: z
      .array(
        z.object({
          gameNumber: z.number().int().min(1).max(5),
          winner: z.string().nullable().default(null),
          players: z.array(PlayerGameStatsSchema).max(20),
          objectives: z.array(TeamObjectivesSchema).max(2),
        }),
      )
      .max(5),
    seriesMvpPlayerId: z.string().uuid().nullable().default(null),
  })
  .meta({ id: 'SaveMatchStats' });
export type SaveMatchStatsInput = z.infer<typeof SaveMatchStatsSchema>;

export const WeekBodySchema = z.object({
  weekNumber: z.number().int().min(1, MESSAGES.weeks.weekNumberMin),
  name: z.string().trim().min(1, MESSAGES.weeks.nameRequired).max(100),
  startDate: z.string().min(1, MESSAGES.weeks.datesRequired),
  endDate: z.string().min(1, MESSAGES.weeks.datesRequired),
  isActive: z.boolean().optional(),
});

export const MatchBodySchema = z.object({
  team1: z.string().trim().min(1, MESSAGES.matches.selectBothTeams),
  team2: z.string().trim().min(1, MESSAGES.matches.selectBothTeams),
  date: z.coerce.date({ error: MESSAGES.matches.selectDate }),
  matchDay: z
    .number()
    .int()
    .min(1, MESSAGES.matches.matchDayInvalid)
    .max(100, MESSAGES.matches.matchDayInvalid)
    .default(1),
  matchFormat: z
    .number()
    .int()
    .refine((f) => (MATCH_FORMATS as readonly number[]).includes(f), MESSAGES.matches.formatInvalid)
    .default(1),
});
