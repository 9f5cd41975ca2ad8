import { MESSAGES } from '@fantarift/core';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/schemas.ts';
import { auditActor } from '../admin/audit.ts';
import {
  endOfDay,
  historicalLeaderboard,
  listSnapshots,
  restoreHistorical,
  restoreSnapshot,
} from './recovery.ts';
import {
  calculateRewards,
  closeWeek,
  distributeRewards,
  editRewardAmount,
  listRewards,
} from './weekly-rewards.ts';

const Uuid = z.string().uuid();
const WeekNumber = z
  .number({ error: MESSAGES.rewards.weekNumberMin })
  .int()
  .min(1, MESSAGES.rewards.weekNumberMin);

const RewardPreviewSchema = z.object({
  rosterId: Uuid,
  userId: Uuid,
  username: z.string(),
  position: z.number().int(),
  rewardTier: z.string(),
  totalPoints: z.number(),
  rewardAmount: z.number().int(),
});

const RewardWeekSchema = z.object({
  weekNumber: z.number().int(),
  total: z.number().int(),
  rows: z.array(
    z.object({
      id: Uuid,
      weekNumber: z.number().int(),
      userId: Uuid,
      username: z.string(),
      userPosition: z.number().int(),
      rewardTier: z.string(),
      totalPoints: z.number(),
      rewardAmount: z.number().int(),
      createdAt: z.date(),
    }),
  ),
});

const HistoricalRowSchema = z.object({
  position: z.number().int(),
  rosterId: Uuid,
  username: z.string(),
  totalPoints: z.number(),
  pandaCoin: z.number().int(),
  burroCoin: z.number().int(),
});

/** Weekly Burro Coin rewards, week close, rewards editor and leaderboard recovery (admin). */
const rewardsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin', 'rewards'];

  app.post(
    '/weekly-rewards/calculate',
    {
      schema: {
        tags,
        summary: 'Anteprima dei premi settimanali (nulla viene scritto)',
        body: z.object({ leagueId: Uuid, weekNumber: WeekNumber }),
        response: {
          200: z.object({ rows: z.array(RewardPreviewSchema), total: z.number().int() }),
          ...errors(400, 404),
        },
      },
    },
    async (request) => {
      const rows = await calculateRewards(app.db, request.body.leagueId);
      return { rows, total: rows.reduce((s, r) => s + r.rewardAmount, 0) };
    },
  );

  app.post(
    '/weekly-rewards/distribute',
    {
      schema: {
        tags,
        summary: 'Distribuisce i premi della settimana (una sola volta)',
        body: z.object({ leagueId: Uuid, weekNumber: WeekNumber }),
        response: {
          200: z.object({ total: z.number().int(), participants: z.number().int(), message: z.string() }),
          ...errors(400, 404, 409),
        },
      },
    },
    async (request) => {
      const { total, participants } = await app.db.transaction((tx) =>
        distributeRewards(tx, auditActor(request), request.body.leagueId, request.body.weekNumber),
      );
      return { total, participants, message: MESSAGES.rewards.distributed(total, participants) };
    },
  );

  app.get(
    '/weekly-rewards',
    {
      schema: {
        tags,
        summary: 'Premi distribuiti di una lega, per settimana (decrescente) e posizione',
        querystring: z.object({ leagueId: Uuid }),
        response: { 200: z.object({ weeks: z.array(RewardWeekSchema) }) },
      },
    },
    async (request) => ({ weeks: await listRewards(app.db, request.query.leagueId) }),
  );

  app.patch(
    '/weekly-rewards/:rewardId',
    {
      schema: {
        tags,
        summary:
          'Modifica l’importo di un premio distribuito: il saldo Burro Coin si sposta della differenza',
        params: z.object({ rewardId: Uuid }),
        body: z.object({
          rewardAmount: z
            .number({ error: MESSAGES.rewards.amountInvalid })
            .int(MESSAGES.rewards.amountInvalid)
            .min(0, MESSAGES.rewards.amountInvalid),
        }),
        response: {
          200: z.object({ message: z.string(), rewardAmount: z.number().int() }),
          ...errors(400, 404),
        },
      },
    },
    async (request) => {
      const updated = await editRewardAmount(
        app.db,
        auditActor(request),
        request.params.rewardId,
        request.body.rewardAmount,
      );
      return { message: MESSAGES.rewards.updated, rewardAmount: updated.rewardAmount };
    },
  );

  app.post(
    '/weeks/:weekId/close',
    {
      schema: {
        tags,
        summary: 'Chiude la settimana e distribuisce i Burro Coin (premi + bonus soglia), una sola volta',
        params: z.object({ weekId: Uuid }),
        response: {
          200: z.object({
            totalDistributed: z.number().int(),
            participantsCount: z.number().int(),
            message: z.string(),
          }),
          ...errors(404, 409),
        },
      },
    },
    async (request) => {
      const result = await closeWeek(app.db, auditActor(request), request.params.weekId);
      return { ...result, message: MESSAGES.weeks.closed(result.totalDistributed, result.participantsCount) };
    },
  );

  app.get(
    '/snapshots',
    {
      schema: {
        tags,
        summary: 'Snapshot automatici dei roster di una lega (più recenti prima)',
        querystring: z.object({ leagueId: Uuid }),
        response: {
          200: z.object({
            snapshots: z.array(
              z.object({
                id: Uuid,
                leagueId: Uuid,
                userId: Uuid,
                rosterId: Uuid.nullable(),
                username: z.string(),
                phaseName: z.string().nullable(),
                snapshotDate: z.date(),
                snapshotType: z.string(),
                rosterData: z.unknown(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({
      snapshots: (await listSnapshots(app.db, request.query.leagueId)).map(({ phaseId: _p, ...s }) => s),
    }),
  );

  app.post(
    '/snapshots/:snapshotId/restore',
    {
      schema: {
        tags,
        summary: 'Ripristina punti e monete dei roster dallo snapshot scelto (e da quelli presi insieme)',
        params: z.object({ snapshotId: Uuid }),
        response: { 200: z.object({ restored: z.number().int(), message: z.string() }), ...errors(400) },
      },
    },
    async (request) => {
      const { restored } = await restoreSnapshot(app.db, auditActor(request), request.params.snapshotId);
      return { restored, message: MESSAGES.recovery.restored(restored) };
    },
  );

  app.get(
    '/leaderboard-history',
    {
      schema: {
        tags,
        summary:
          'Classifica com’era alla fine di una data (UTC), ricostruita dai registri; format=csv per il file',
        querystring: z.object({
          leagueId: Uuid,
          date: z
            .string({ error: MESSAGES.recovery.dateRequired })
            .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.recovery.dateRequired),
          format: z.enum(['json', 'csv']).default('json'),
        }),
        response: {
          200: z.union([z.object({ rows: z.array(HistoricalRowSchema) }), z.string()]),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const rows = await historicalLeaderboard(app.db, request.query.leagueId, endOfDay(request.query.date));
      if (request.query.format === 'csv') {
        const csv = stringify(
          rows.map((r) => [r.position, r.username, r.totalPoints.toFixed(1), r.pandaCoin, r.burroCoin]),
          { header: true, columns: ['posizione', 'utente', 'punti_totali', 'panda_coin', 'burro_coin'] },
        );
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="classifica-${request.query.date}.csv"`)
          .send(csv);
      }
      return { rows };
    },
  );

  app.post(
    '/leaderboard-history/restore',
    {
      schema: {
        tags,
        summary: 'Ripristina punti e monete dei roster com’erano alla fine della data indicata',
        body: z.object({
          leagueId: Uuid,
          date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.recovery.dateRequired),
        }),
        response: { 200: z.object({ restored: z.number().int(), message: z.string() }), ...errors(400, 404) },
      },
    },
    async (request) => {
      const { restored } = await restoreHistorical(
        app.db,
        auditActor(request),
        request.body.leagueId,
        request.body.date,
      );
      return { restored, message: MESSAGES.recovery.restored(restored) };
    },
  );
};

export default rewardsAdminRoutes;
