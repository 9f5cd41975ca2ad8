import { MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { privateLeagues } from '../../db/schema.ts';
import { type AuditActor, auditActor, writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { errors, LeagueParamsSchema, MessageSchema } from '../../lib/schemas.ts';

const tags = ['admin', 'private-leagues'];

export async function listLeaguePrivateLeagues(db: Database, leagueId: string) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    ownerUserId: string;
    ownerUsername: string;
    memberCount: number;
    createdAt: string;
  }>(sql`
    select pl.id, pl.name, pl.owner_user_id as "ownerUserId", u.username as "ownerUsername",
           pl.member_count as "memberCount",
           to_char(pl.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
    from private_leagues pl join users u on u.id = pl.owner_user_id
    where pl.league_id = ${leagueId}
    order by pl.created_at, pl.id
    limit 5000`);
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
}

/** Deletes a private league (an abusive name, say), with its old values in the audit log. */
export async function adminDeletePrivateLeague(db: Database, actor: AuditActor, id: string) {
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(privateLeagues).where(eq(privateLeagues.id, id)).for('update');
    if (!old) throw notFound(MESSAGES.privateLeagues.notFound, 'PRIVATE_LEAGUE_NOT_FOUND');
    await tx.delete(privateLeagues).where(eq(privateLeagues.id, id));
    const { inviteCode: _code, ...values } = old;
    await writeAudit(tx, actor, {
      action: 'DELETE_PRIVATE_LEAGUE',
      tableName: 'private_leagues',
      recordId: id,
      oldValues: values,
      severity: 'MEDIUM',
    });
  });
}

/** Admin: the private leagues of an official league, and deleting one (audited). */
const adminPrivateLeagueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leagues/:leagueId/private-leagues',
    {
      schema: {
        tags,
        summary: 'Le leghe private di una lega ufficiale (nome, proprietario, membri)',
        params: LeagueParamsSchema,
        response: {
          200: z.object({
            privateLeagues: z.array(
              z.object({
                id: z.string().uuid(),
                name: z.string(),
                ownerUserId: z.string().uuid(),
                ownerUsername: z.string(),
                memberCount: z.number().int(),
                createdAt: z.string(),
              }),
            ),
          }),
          ...errors(401, 403),
        },
      },
    },
    async (request) => ({ privateLeagues: await listLeaguePrivateLeagues(app.db, request.params.leagueId) }),
  );

  app.delete(
    '/private-leagues/:id',
    {
      schema: {
        tags,
        summary: 'Elimina una lega privata (registrato nel log di audit)',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: MessageSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      await adminDeletePrivateLeague(app.db, auditActor(request), request.params.id);
      return { message: MESSAGES.privateLeagues.deleted };
    },
  );
};

export default adminPrivateLeagueRoutes;
