import { intInRange, isCalendarDate, safeText } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LeagueParamsSchema } from '../../lib/schemas.ts';

/** Shared pieces of the admin route schemas. */
export const tags = ['admin'];

export const LeagueIdParams = LeagueParamsSchema;
export const PhaseParams = LeagueIdParams.extend({ phaseId: z.string().uuid() });
export const TeamParams = LeagueIdParams.extend({ teamName: safeText(200).min(1) });
export const PlayerIdParams = z.object({ playerId: z.string().uuid() });
export const ChampionIdParams = z.object({ championId: z.string().uuid() });
export const RosterIdParams = z.object({ rosterId: z.string().uuid() });

/** 'YYYY-MM-DD' real calendar dates (no 2026-02-30, no year 0), as PostgreSQL `date` columns give them. */
export const isIsoDate = isCalendarDate;

/** A query-string integer (tier filters and the like); empty means "no filter". */
export const optionalIntQuery = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), intInRange(min, max).optional());

/** A text[] parameter (drizzle would otherwise expand a JS array into a row list). */
export const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
