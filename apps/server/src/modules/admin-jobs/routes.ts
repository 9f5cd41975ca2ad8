import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/schemas.ts';

const Uuid = z.string().uuid();

export const AdminJobSchema = z
  .object({
    id: Uuid,
    kind: z.enum(['recalculation', 'import']),
    leagueId: Uuid,
    startedBy: Uuid.nullable(),
    startedByName: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    phase: z.string().describe('La fase in corso, in italiano (es. "Calcolo dei punti: settimana 3 di 9")'),
    percent: z.number().int().min(0).max(100),
    message: z.string().nullable().describe('Esito da mostrare all’admin, a lavoro finito'),
    result: z.unknown(),
    startedAt: z.date(),
    heartbeatAt: z.date(),
    finishedAt: z.date().nullable(),
  })
  .meta({ id: 'AdminJob' });

const tags = ['admin', 'jobs'];

/** Progress of the long admin work (recalculation, import). Registered inside /api/admin (admin only). */
const adminJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs',
    {
      schema: {
        tags,
        summary: 'Il lavoro in corso di una lega (ricalcolo o importazione), altrimenti l’ultimo',
        querystring: z.object({
          leagueId: Uuid,
          kind: z.enum(['recalculation', 'import']),
        }),
        response: { 200: z.object({ job: AdminJobSchema.nullable() }), ...errors(400) },
      },
    },
    async (request) => {
      const { kind, leagueId } = request.query;
      // a job left running by a dead process shows as failed, not running for ever
      await app.adminJobs.releaseStale(kind, leagueId);
      return { job: await app.adminJobs.current(kind, leagueId) };
    },
  );

  app.get(
    '/jobs/:id',
    {
      schema: {
        tags,
        summary: 'Fase e percentuale di un lavoro (ricalcolo o importazione)',
        params: z.object({ id: Uuid }),
        response: { 200: z.object({ job: AdminJobSchema }), ...errors(400, 404) },
      },
    },
    async (request) => ({ job: await app.adminJobs.byId(request.params.id) }),
  );
};

export default adminJobRoutes;
