import { z } from 'zod';

export const ErrorSchema = z
  .object({
    code: z.string(),
    message: z.string().describe('Testo da mostrare all’utente (italiano)'),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });

export const MessageSchema = z.object({ message: z.string() });

/** The error responses a route can give, for its OpenAPI description. */
export function errors<const C extends readonly (400 | 401 | 403 | 404 | 409 | 422 | 429)[]>(...codes: C) {
  return Object.fromEntries(codes.map((c) => [c, ErrorSchema])) as { [K in C[number]]: typeof ErrorSchema };
}
