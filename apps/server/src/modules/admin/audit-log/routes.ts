import { safeText } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../../lib/errors.ts';
import { errors, queryInstant } from '../../../lib/schemas.ts';
import { tags } from '../schemas.ts';
import { auditLogFacets, listAuditLog } from './list-audit-log.ts';

const AuditRowSchema = z
  .object({
    id: z.number().int(),
    adminUserId: z.string().uuid().nullable(),
    adminUsername: z.string().nullable(),
    action: z.string(),
    tableName: z.string(),
    recordId: z.string().nullable(),
    oldValues: z.unknown(),
    newValues: z.unknown(),
    severity: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: 'AdminAuditRow' });

/** The dashboard counts and the audit log. */
const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overview',
    {
      schema: {
        tags,
        summary: 'Conteggi per la dashboard di amministrazione',
        response: {
          200: z.object({
            leagues: z.number(),
            users: z.number(),
            rosters: z.number(),
            players: z.number(),
            champions: z.number(),
            teams: z.number(),
            weeks: z.number(),
            matches: z.number(),
            scoringRules: z.number(),
            weeklyRewards: z.number(),
            snapshots: z.number(),
          }),
          ...errors(401, 403),
        },
      },
    },
    async () => {
      const result = await app.db.execute<Record<string, number>>(sql`
        select (select count(*) from leagues)::int as leagues,
               (select count(*) from users)::int as users,
               (select count(*) from rosters)::int as rosters,
               (select count(*) from players)::int as players,
               (select count(*) from champions)::int as champions,
               (select coalesce(sum(cardinality(teams)), 0) from leagues)::int as teams,
               (select count(*) from weeks)::int as weeks,
               (select count(*) from matches)::int as matches,
               (select count(*) from scoring_rules)::int as scoring_rules,
               (select count(*) from weekly_burrocoin_rewards)::int as weekly_rewards,
               (select count(*) from roster_snapshots)::int as snapshots`);
      const row = result.rows[0]!;
      return {
        leagues: Number(row.leagues),
        users: Number(row.users),
        rosters: Number(row.rosters),
        players: Number(row.players),
        champions: Number(row.champions),
        teams: Number(row.teams),
        weeks: Number(row.weeks),
        matches: Number(row.matches),
        scoringRules: Number(row.scoring_rules),
        weeklyRewards: Number(row.weekly_rewards),
        snapshots: Number(row.snapshots),
      };
    },
  );

  app.get(
    '/audit-log',
    {
      schema: {
        tags,
        summary: 'Registro delle azioni degli amministratori (dal più recente, con filtri e pagine)',
        querystring: z.object({
          action: safeText(100).optional(),
          tableName: safeText(100).optional(),
          recordId: safeText(200).optional(),
          adminUserId: z.string().uuid().optional(),
          severity: z.enum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']).optional(),
          from: queryInstant('Solo le righe scritte da questo istante'),
          to: queryInstant('Solo le righe scritte fino a questo istante'),
          cursor: z
            .string()
            .max(18)
            .regex(/^[1-9][0-9]{0,17}$/, 'Cursore non valido')
            .optional()
            .describe('nextCursor della pagina precedente'),
          limit: z.coerce.number().int().min(1).max(100).optional().default(100),
        }),
        response: {
          200: z.object({ entries: z.array(AuditRowSchema), nextCursor: z.string().nullable() }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { cursor, ...filters } = request.query;
      if (filters.from && filters.to && filters.from > filters.to) {
        throw badRequest('La data iniziale deve precedere quella finale', 'INVALID_DATE_RANGE');
      }
      return listAuditLog(app.db, { ...filters, before: cursor ? Number(cursor) : undefined });
    },
  );

  app.get(
    '/audit-log/facets',
    {
      schema: {
        tags,
        summary: 'Azioni, tabelle e amministratori presenti nel registro (per i filtri)',
        response: {
          200: z.object({
            actions: z.array(z.string()),
            tables: z.array(z.string()),
            admins: z.array(z.object({ id: z.string().uuid(), username: z.string() })),
          }),
          ...errors(401, 403),
        },
      },
    },
    async () => auditLogFacets(app.db),
  );
};

export default adminOverviewRoutes;
