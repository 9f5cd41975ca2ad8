import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../../lib/schemas.ts';
import { tags } from '../schemas.ts';
import { listAuditLog } from './list-audit-log.ts';

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
        summary: 'Registro delle azioni degli amministratori (ultime 100, con filtri)',
        querystring: z.object({
          action: z.string().max(100).optional(),
          tableName: z.string().max(100).optional(),
          recordId: z.string().max(200).optional(),
          adminUserId: z.string().uuid().optional(),
          severity: z.enum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional().default(100),
        }),
        response: { 200: z.object({ entries: z.array(AuditRowSchema) }), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ entries: await listAuditLog(app.db, request.query) }),
  );
};

export default adminOverviewRoutes;
