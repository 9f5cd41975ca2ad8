import { ROLES } from '@fantarift/core';
import { z } from 'zod';

export const ErrorSchema = z
  .object({
    code: z.string(),
    message: z.string().describe('Testo da mostrare all’utente (italiano)'),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });

export const MessageSchema = z.object({ message: z.string() });

/** The `:leagueId` of a route under a league. */
export const LeagueParamsSchema = z.object({ leagueId: z.string().uuid() });

/**
 * A player as the game's and the admin's lists and cards answer him (the fields of db/columns.ts
 * playerColumns); each answer adds its own after these.
 */
export const playerFields = {
  id: z.string().uuid(),
  name: z.string(),
  team: z.string(),
  role: z.enum(ROLES),
  tier: z.number().int(),
  cost: z.number().int(),
};

/** A champion as the market, the roster and the admin answer him; each answer adds its own after these. */
export const championFields = {
  id: z.string().uuid(),
  name: z.string(),
  tier: z.number().int(),
  cost: z.number().int(),
  roles: z.array(z.enum(ROLES)),
};

/** The error responses a route can give, for its OpenAPI description. */
export function errors<const C extends readonly (400 | 401 | 403 | 404 | 409 | 422 | 429)[]>(...codes: C) {
  return Object.fromEntries(codes.map((c) => [c, ErrorSchema])) as { [K in C[number]]: typeof ErrorSchema };
}

const EARLIEST_INSTANT = new Date('2000-01-01T00:00:00.000Z');
const LATEST_INSTANT = new Date('9999-12-31T23:59:59.999Z');
const INSTANT_OUT_OF_RANGE = 'Data fuori dall’intervallo ammesso (anni 2000–9999)';

/**
 * An instant in a query string, bounded to years PostgreSQL's timestamptz and an ISO string agree on
 * (a year like 99999 parses in JavaScript but the database refuses it).
 */
export function queryInstant(description: string) {
  return z.coerce
    .date({ error: 'Data non valida' })
    .min(EARLIEST_INSTANT, { error: INSTANT_OUT_OF_RANGE })
    .max(LATEST_INSTANT, { error: INSTANT_OUT_OF_RANGE })
    .optional()
    .describe(description);
}
