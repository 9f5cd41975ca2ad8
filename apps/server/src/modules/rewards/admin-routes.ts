import { COIN_MAX, calendarDate, INT4_MAX, MESSAGES } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../lib/audit.ts';
import { errors } from '../../lib/schemas.ts';
import { leaderboardCsv } from './leaderboard-csv.ts';
import {
  endOfDay,
  historicalLeaderboard,
  listSnapshots,
  type RestoreChange,
  restoreHistorical,
  restoreSnapshot,
} from './recovery.ts';
import {
  calculateRewards,
  closeWeek,
  distributeRewards,
  editRewardAmount,
  listRewards,
  rewardTotals,
} from './weekly-rewards.ts';

const Uuid = z.string().uuid();
const WeekNumber = z
  .number({ error: MESSAGES.rewards.weekNumberMin })
  .int()
  .min(1, MESSAGES.rewards.weekNumberMin)
  .max(INT4_MAX, MESSAGES.validation.numberOutOfRange(1, INT4_MAX));

const RewardPreviewSchema = z.object({
  rosterId: Uuid,
  userId: Uuid,
  username: z.string(),
  position: z.number().int(),
  rewardTier: z.string(),
  totalPoints: z.number(),
  rewardAmount: z.number().int(),
  bonusAmount: z.number().int(),
});

const DistributionTotalsSchema = {
  total: z.number().int(),
  tierTotal: z.number().int(),
  bonusTotal: z.number().int(),
};

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
      bonusAmount: z.number().int(),
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

const FromTo = z.object({ from: z.number(), to: z.number() });
const Names = z.array(z.string().max(200)).max(20);

/** DECISIONS 28: the admin chooses; coins never come back without the holdings they paid for */
const RestoreModeBody = z.object({
  mode: z.enum(['all', 'points'], {
    error: 'Scegli cosa ripristinare: punti, monete e roster, o solo i punti',
  }),
});

const RestoreResultSchema = z.object({
  restored: z.number().int(),
  message: z.string(),
  changes: z.array(
    z.object({
      rosterId: Uuid,
      username: z.string(),
      totalPoints: FromTo,
      pandaCoin: FromTo,
      burroCoin: FromTo,
      playersAdded: Names,
      playersRemoved: Names,
      championsAdded: Names,
      championsRemoved: Names,
    }),
  ),
});

/** at most 500 rosters' changes in an answer (the count is always exact) */
const restoreAnswer = (restored: number, changes: RestoreChange[], preview: boolean) => ({
  restored,
  message: preview
    ? MESSAGES.pointsTrust.restorePreviewSummary(restored)
    : MESSAGES.recovery.restored(restored),
  changes: changes.slice(0, 500),
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
          200: z.object({
            rows: z.array(RewardPreviewSchema),
            ...DistributionTotalsSchema,
            bonusCount: z.number().int(),
          }),
          ...errors(400, 404),
        },
      },
    },
    async (request) => {
      const rows = await calculateRewards(app.db, request.body.leagueId, request.body.weekNumber);
      return { rows, ...rewardTotals(rows) };
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
          200: z.object({
            ...DistributionTotalsSchema,
            participants: z.number().int(),
            message: z.string(),
          }),
          ...errors(400, 404, 409),
        },
      },
    },
    async (request) => {
      const { total, tierTotal, bonusTotal, participants } = await distributeRewards(
        app.db,
        auditActor(request),
        request.body.leagueId,
        request.body.weekNumber,
      );
      return {
        total,
        tierTotal,
        bonusTotal,
        participants,
        message: MESSAGES.rewards.distributed(total, participants),
      };
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
            .min(0, MESSAGES.rewards.amountInvalid)
            .max(COIN_MAX, MESSAGES.rewards.amountInvalid),
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
            alreadyPaid: z.boolean(),
            message: z.string(),
          }),
          ...errors(404, 409),
        },
      },
    },
    async (request) => {
      const result = await closeWeek(app.db, auditActor(request), request.params.weekId);
      return {
        ...result,
        message: result.alreadyPaid
          ? MESSAGES.pointsTrust.closedAlreadyPaid
          : MESSAGES.weeks.closed(result.totalDistributed, result.participantsCount),
      };
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
                batchId: Uuid.describe(
                  'gli snapshot presi insieme (un cambio fase): il ripristino li riporta tutti',
                ),
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

  for (const preview of [false, true]) {
    app.post(
      preview ? '/snapshots/:snapshotId/restore-preview' : '/snapshots/:snapshotId/restore',
      {
        schema: {
          tags,
          summary: preview
            ? 'Anteprima del ripristino da snapshot: cosa cambierebbe per ogni roster (nulla viene scritto)'
            : 'Ripristina dallo snapshot scelto (e da quelli presi insieme) punti, monete e roster insieme, o solo i punti',
          params: z.object({ snapshotId: Uuid }),
          body: RestoreModeBody,
          response: { 200: RestoreResultSchema, ...errors(400, 404, 409) },
        },
      },
      async (request) => {
        const { restored, changes } = await restoreSnapshot(
          app.db,
          auditActor(request),
          request.params.snapshotId,
          request.body.mode,
          preview,
        );
        return restoreAnswer(restored, changes, preview);
      },
    );
  }

  app.get(
    '/leaderboard-history',
    {
      schema: {
        tags,
        summary:
          'Classifica com’era alla fine di una data (UTC), ricostruita dai registri; format=csv per il file',
        querystring: z.object({
          leagueId: Uuid,
          date: calendarDate(MESSAGES.recovery.dateRequired),
          format: z
            .enum(['json', 'csv', 'excel'])
            .default('json')
            .describe(
              'excel: punto e virgola, virgola decimale e BOM UTF-8, per i fogli di calcolo italiani',
            ),
        }),
        response: {
          200: z.union([z.object({ rows: z.array(HistoricalRowSchema) }), z.string()]),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const rows = await historicalLeaderboard(app.db, request.query.leagueId, endOfDay(request.query.date));
      if (request.query.format !== 'json') {
        const csv = leaderboardCsv(rows, request.query.format);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="classifica-${request.query.date}.csv"`)
          .send(csv);
      }
      return { rows };
    },
  );

  for (const preview of [false, true]) {
    app.post(
      preview ? '/leaderboard-history/restore-preview' : '/leaderboard-history/restore',
      {
        schema: {
          tags,
          summary: preview
            ? 'Anteprima del ripristino alla fine della data indicata (nulla viene scritto)'
            : 'Ripristina i roster com’erano alla fine della data indicata: punti, monete e roster insieme, o solo i punti',
          body: RestoreModeBody.extend({
            leagueId: Uuid,
            date: calendarDate(MESSAGES.recovery.dateRequired),
          }),
          response: { 200: RestoreResultSchema, ...errors(400, 404, 409) },
        },
      },
      async (request) => {
        const { restored, changes } = await restoreHistorical(
          app.db,
          auditActor(request),
          request.body.leagueId,
          request.body.date,
          request.body.mode,
          preview,
        );
        return restoreAnswer(restored, changes, preview);
      },
    );
  }
};

export default rewardsAdminRoutes;
