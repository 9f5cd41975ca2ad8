import { INT4_MAX, MESSAGES, ScoringRulesSchema } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { errors, MessageSchema } from '../../lib/schemas.ts';
import { currentUser } from '../auth/index.ts';
import { deleteLeagueRules, globalRules, rulesForLeague, saveRules } from '../points/index.ts';
import { getMatchStats, saveMatchStats, setSeriesMvp } from './match-stats.ts';
import { createMatch, deleteMatch, setMatchCompleted } from './matches.ts';
import { recalculate, validateMatches } from './recalculate.ts';
import { MatchBodySchema, SaveMatchStatsSchema, WeekBodySchema } from './schemas.ts';
import { createWeek, deleteWeek, listWeeks, updateWeek } from './weeks.ts';

/** issue 12 item 4: a change to a match of a closed (paid) week needs ?confirmClosedWeek=true */
const ConfirmClosedWeekQuery = z.object({
  confirmClosedWeek: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

const Uuid = z.string().uuid();

const MatchSchema = z
  .object({
    id: Uuid,
    leagueId: Uuid,
    weekId: Uuid,
    team1: z.string(),
    team2: z.string(),
    date: z.date(),
    matchDay: z.number().int(),
    matchFormat: z.number().int(),
    completed: z.boolean(),
    gamesPlayed: z.number().int().nullable(),
    winner: z.string().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'Match' });

const WeekSchema = z
  .object({
    id: Uuid,
    leagueId: Uuid,
    weekNumber: z.number().int(),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    isActive: z.boolean(),
    isClosed: z.boolean(),
    rewardsDistributed: z.boolean(),
    closedAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'Week' });

const MatchProblemSchema = z.object({
  matchId: Uuid,
  team1: z.string(),
  team2: z.string(),
  date: z.date(),
  weekName: z.string(),
  errors: z.array(z.string()),
});

const RecalculateSchema = z.discriminatedUnion('mode', [
  z.object({ leagueId: Uuid, mode: z.literal('full') }),
  z.object({
    leagueId: Uuid,
    mode: z.literal('fromWeek'),
    weekNumber: z.number({ error: MESSAGES.recalculation.fromWeekRequired }).int().min(1).max(INT4_MAX),
  }),
  z.object({ leagueId: Uuid, mode: z.literal('singleWeek'), weekId: Uuid.optional() }),
  z.object({ leagueId: Uuid, mode: z.literal('reset') }),
]);

/** Weeks, matches, statistics, scoring rules and recalculation. Registered inside /api/admin. */
const seasonAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin', 'season'];

  app.get(
    '/weeks',
    {
      schema: {
        tags,
        summary: 'Settimane di una lega con i loro match',
        querystring: z.object({ leagueId: Uuid }),
        response: { 200: z.object({ weeks: z.array(WeekSchema.extend({ matches: z.array(MatchSchema) })) }) },
      },
    },
    async (request) => ({ weeks: await listWeeks(app.db, request.query.leagueId) }),
  );

  app.post(
    '/weeks',
    {
      schema: {
        tags,
        summary: 'Crea una settimana',
        body: WeekBodySchema.extend({
          leagueId: z.string({ error: MESSAGES.weeks.selectLeagueFirst }).uuid(),
        }),
        response: { 201: z.object({ week: WeekSchema, message: z.string() }), ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { leagueId, ...input } = request.body;
      const week = await createWeek(app.db, auditActor(request), leagueId, input);
      return reply.status(201).send({ week, message: MESSAGES.weeks.created });
    },
  );

  app.patch(
    '/weeks/:weekId',
    {
      schema: {
        tags,
        summary: 'Modifica una settimana',
        params: z.object({ weekId: Uuid }),
        body: WeekBodySchema.partial(),
        response: { 200: z.object({ week: WeekSchema, message: z.string() }), ...errors(400, 404, 409) },
      },
    },
    async (request) => ({
      week: await updateWeek(app.db, auditActor(request), request.params.weekId, request.body),
      message: MESSAGES.weeks.updated,
    }),
  );

  app.delete(
    '/weeks/:weekId',
    {
      schema: {
        tags,
        summary: 'Elimina una settimana con match e statistiche (mai una chiusa con premi distribuiti)',
        params: z.object({ weekId: Uuid }),
        response: { 200: z.object({ message: z.string(), rostersUpdated: z.number() }), ...errors(404, 409) },
      },
    },
    async (request) => {
      const { rostersUpdated } = await deleteWeek(app.db, auditActor(request), request.params.weekId);
      return { message: MESSAGES.weeks.deleted, rostersUpdated };
    },
  );

  app.post(
    '/weeks/:weekId/matches',
    {
      schema: {
        tags,
        summary: 'Aggiunge un match alla settimana',
        params: z.object({ weekId: Uuid }),
        body: MatchBodySchema,
        response: { 201: z.object({ match: MatchSchema, message: z.string() }), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const match = await createMatch(app.db, auditActor(request), request.params.weekId, request.body);
      return reply.status(201).send({ match, message: MESSAGES.matches.created });
    },
  );

  app.patch(
    '/matches/:matchId/status',
    {
      schema: {
        tags,
        summary: 'Completa o riapre un match (i suoi punti entrano o escono dai roster)',
        params: z.object({ matchId: Uuid }),
        querystring: ConfirmClosedWeekQuery,
        body: z.object({ completed: z.boolean() }),
        response: {
          200: z.object({ match: MatchSchema, message: z.string(), rostersUpdated: z.number() }),
          ...errors(400, 404, 409),
        },
      },
    },
    async (request) => {
      const { match, rostersUpdated } = await setMatchCompleted(
        app.db,
        auditActor(request),
        request.params.matchId,
        request.body.completed,
        request.query.confirmClosedWeek,
      );
      return {
        match,
        rostersUpdated,
        message: request.body.completed ? MESSAGES.matches.completed : MESSAGES.matches.reopened,
      };
    },
  );

  app.delete(
    '/matches/:matchId',
    {
      schema: {
        tags,
        summary: 'Elimina un match: i suoi punti vengono sottratti dai roster',
        params: z.object({ matchId: Uuid }),
        querystring: ConfirmClosedWeekQuery,
        response: { 200: z.object({ message: z.string(), rostersUpdated: z.number() }), ...errors(404, 409) },
      },
    },
    async (request) => {
      const { rostersUpdated } = await deleteMatch(
        app.db,
        auditActor(request),
        request.params.matchId,
        request.query.confirmClosedWeek,
      );
      return { message: MESSAGES.matches.deleted, rostersUpdated };
    },
  );

  app.get(
    '/matches/:matchId/statistics',
    {
      schema: {
        tags,
        summary:
          'Dati dell’editor statistiche: giocatori delle due squadre, statistiche, obiettivi, risultato',
        params: z.object({ matchId: Uuid }),
        response: {
          200: z.object({
            match: MatchSchema,
            players: z.array(z.object({ id: Uuid, name: z.string(), team: z.string(), role: z.string() })),
            stats: z.array(z.record(z.string(), z.unknown())),
            objectives: z.array(z.record(z.string(), z.unknown())),
            games: z.array(
              z.object({ matchId: Uuid, gameNumber: z.number(), winner: z.string().nullable() }),
            ),
            seriesMvpPlayerId: Uuid.nullable(),
            rules: ScoringRulesSchema,
          }),
          ...errors(404),
        },
      },
    },
    async (request) => getMatchStats(app.db, request.params.matchId),
  );

  app.put(
    '/matches/:matchId/statistics',
    {
      schema: {
        tags,
        summary: 'Salva in una transazione risultato, statistiche, obiettivi e Series MVP; aggiorna i punti',
        params: z.object({ matchId: Uuid }),
        querystring: ConfirmClosedWeekQuery,
        body: SaveMatchStatsSchema,
        response: {
          200: z.object({ match: MatchSchema, message: z.string(), rostersUpdated: z.number() }),
          ...errors(400, 404, 409),
        },
      },
    },
    async (request) => {
      const { match, rostersUpdated } = await saveMatchStats(
        app.db,
        auditActor(request),
        request.params.matchId,
        request.body,
        request.query.confirmClosedWeek,
      );
      return { match, rostersUpdated, message: MESSAGES.stats.saved };
    },
  );

  app.put(
    '/matches/:matchId/series-mvp',
    {
      schema: {
        tags,
        summary: 'Imposta o rimuove (null) il Series MVP (solo un giocatore della squadra vincitrice)',
        params: z.object({ matchId: Uuid }),
        querystring: ConfirmClosedWeekQuery,
        body: z.object({ playerId: Uuid.nullable() }),
        response: {
          200: z.object({ message: z.string(), rostersUpdated: z.number() }),
          ...errors(400, 404, 409),
        },
      },
    },
    async (request) => {
      const { rostersUpdated } = await setSeriesMvp(
        app.db,
        auditActor(request),
        request.params.matchId,
        request.body.playerId,
        request.query.confirmClosedWeek,
      );
      return {
        rostersUpdated,
        message: request.body.playerId ? MESSAGES.matches.seriesMvpSaved : MESSAGES.matches.seriesMvpRemoved,
      };
    },
  );

  app.get(
    '/scoring-rules',
    {
      schema: {
        tags,
        summary: 'Regole di punteggio globali (valori predefiniti dove mancano)',
        response: { 200: z.object({ rules: ScoringRulesSchema, stored: z.boolean() }) },
      },
    },
    async () => globalRules(app.db),
  );

  app.put(
    '/scoring-rules',
    {
      schema: {
        tags,
        summary: 'Salva tutte le regole di punteggio globali',
        body: ScoringRulesSchema,
        response: { 200: z.object({ rules: ScoringRulesSchema, message: z.string() }) },
      },
    },
    async (request) => {
      const rules = await app.db.transaction(async (tx) => {
        const { old, id } = await saveRules(tx, null, request.body);
        await writeAudit(tx, auditActor(request), {
          action: 'UPDATE_SCORING_RULES',
          tableName: 'scoring_rules',
          recordId: id,
          oldValues: old,
          newValues: request.body,
        });
        return request.body;
      });
      return { rules, message: MESSAGES.scoring.saved };
    },
  );

  app.get(
    '/scoring-rules/league/:leagueId',
    {
      schema: {
        tags,
        summary: 'Regole in vigore per una lega (proprie, altrimenti globali)',
        params: z.object({ leagueId: Uuid }),
        response: { 200: z.object({ rules: ScoringRulesSchema }) },
      },
    },
    async (request) => ({ rules: await rulesForLeague(app.db, request.params.leagueId) }),
  );

  app.put(
    '/scoring-rules/league/:leagueId',
    {
      schema: {
        tags,
        summary: 'Salva regole proprie di una lega (sostituiscono quelle globali)',
        params: z.object({ leagueId: Uuid }),
        body: ScoringRulesSchema,
        response: { 200: z.object({ rules: ScoringRulesSchema, message: z.string() }) },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const { old, id } = await saveRules(tx, request.params.leagueId, request.body);
        await writeAudit(tx, auditActor(request), {
          action: 'UPDATE_SCORING_RULES',
          tableName: 'scoring_rules',
          recordId: id,
          oldValues: old,
          newValues: { leagueId: request.params.leagueId, ...request.body },
        });
      });
      return { rules: request.body, message: MESSAGES.scoring.saved };
    },
  );

  app.delete(
    '/scoring-rules/league/:leagueId',
    {
      schema: {
        tags,
        summary: 'Elimina le regole proprie di una lega (torna a quelle globali)',
        params: z.object({ leagueId: Uuid }),
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const old = await deleteLeagueRules(tx, request.params.leagueId);
        await writeAudit(tx, auditActor(request), {
          action: 'DELETE_SCORING_RULES',
          tableName: 'scoring_rules',
          recordId: old?.id ?? null,
          oldValues: old ?? null,
        });
      });
      return { message: MESSAGES.scoring.saved };
    },
  );

  app.get(
    '/match-validation',
    {
      schema: {
        tags,
        summary: 'Controllo dei match completati prima del ricalcolo',
        querystring: z.object({ leagueId: Uuid }),
        response: { 200: z.object({ problems: z.array(MatchProblemSchema) }) },
      },
    },
    async (request) => ({ problems: await validateMatches(app.db, request.query.leagueId, null) }),
  );

  app.post(
    '/recalculate',
    {
      schema: {
        tags,
        summary: 'Ricalcolo: completo, dalla settimana N, settimana singola o reset della classifica',
        body: RecalculateSchema,
        response: {
          200: z.object({ message: z.string(), rostersUpdated: z.number() }),
          ...errors(400, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.mode === 'singleWeek' && !body.weekId) throw badRequest(MESSAGES.recalculation.selectWeek);
      const mode =
        body.mode === 'fromWeek'
          ? { mode: body.mode, weekNumber: body.weekNumber }
          : body.mode === 'singleWeek'
            ? { mode: body.mode, weekId: body.weekId! }
            : { mode: body.mode };
      const message = (rostersUpdated: number) =>
        body.mode === 'reset'
          ? MESSAGES.recalculation.resetDone
          : MESSAGES.recalculation.done(rostersUpdated);
      // an admin job (modules/admin-jobs): the phase and percentage can be followed from any page, and a
      // second start for the league while this one runs is answered 409 with this job
      const { rostersUpdated } = await app.adminJobs.run(
        {
          kind: 'recalculation',
          leagueId: body.leagueId,
          user: currentUser(request),
          leagueNotFound:
            body.mode === 'reset' ? MESSAGES.recalculation.noLeagueForReset : 'Lega non trovata',
        },
        (progress) => recalculate(app.db, auditActor(request), body.leagueId, mode, progress),
        (outcome) => ({
          message: message(outcome.rostersUpdated),
          result: { mode: body.mode, rostersUpdated: outcome.rostersUpdated },
        }),
      );
      return { rostersUpdated, message: message(rostersUpdated) };
    },
  );
};

export default seasonAdminRoutes;
