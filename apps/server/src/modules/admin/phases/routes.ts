import { MESSAGES } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../../lib/audit.ts';
import { errors } from '../../../lib/schemas.ts';
import { getAdminLeague } from '../leagues/list-leagues.ts';
import { AdminPhaseSchema } from '../leagues/schemas.ts';
import { LeagueIdParams, PhaseParams, tags } from '../schemas.ts';
import { activatePhase } from './activate-phase.ts';
import { addPhase } from './add-phase.ts';
import { deletePhase } from './delete-phase.ts';
import { AddPhaseBodySchema, PhaseTeamsBodySchema, UpdatePhaseBodySchema } from './schemas.ts';
import { updatePhase } from './update-phase.ts';
import { updatePhaseTeams } from './update-phase-teams.ts';

const PhaseResponse = z.object({ message: z.string(), phase: AdminPhaseSchema });

/** Phases of a league: list, add, inline edit, delete, participating teams, activation with snapshots. */
const adminPhaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leagues/:leagueId/phases',
    {
      schema: {
        tags,
        summary: 'Fasi della lega in ordine di phase_order',
        params: LeagueIdParams,
        response: { 200: z.object({ phases: z.array(AdminPhaseSchema) }), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({ phases: (await getAdminLeague(app.db, request.params.leagueId)).phases }),
  );

  app.post(
    '/leagues/:leagueId/phases',
    {
      schema: {
        tags,
        summary: 'Aggiunge una fase alla lega',
        params: LeagueIdParams,
        body: AddPhaseBodySchema,
        response: { 201: PhaseResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const phase = await addPhase(app.db, auditActor(request), request.params.leagueId, request.body);
      return reply.status(201).send({ message: MESSAGES.phases.added, phase });
    },
  );

  app.patch(
    '/leagues/:leagueId/phases/:phaseId',
    {
      schema: {
        tags,
        summary: 'Modifica una fase: numero di team e date',
        params: PhaseParams,
        body: UpdatePhaseBodySchema,
        response: { 200: PhaseResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { leagueId, phaseId } = request.params;
      const phase = await updatePhase(app.db, auditActor(request), leagueId, phaseId, request.body);
      return { message: MESSAGES.phases.updated, phase };
    },
  );

  app.delete(
    '/leagues/:leagueId/phases/:phaseId',
    {
      schema: {
        tags,
        summary: 'Elimina una fase (mai quella corrente)',
        params: PhaseParams,
        response: { 200: z.object({ message: z.string() }), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) =>
      deletePhase(app.db, auditActor(request), request.params.leagueId, request.params.phaseId),
  );

  app.put(
    '/leagues/:leagueId/phases/:phaseId/teams',
    {
      schema: {
        tags,
        summary: 'Team partecipanti alla fase (al massimo team_count)',
        params: PhaseParams,
        body: PhaseTeamsBodySchema,
        response: { 200: PhaseResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { leagueId, phaseId } = request.params;
      const phase = await updatePhaseTeams(
        app.db,
        auditActor(request),
        leagueId,
        phaseId,
        request.body.teams,
      );
      return { message: MESSAGES.phases.teamsUpdated, phase };
    },
  );

  app.post(
    '/leagues/:leagueId/phases/:phaseId/activate',
    {
      schema: {
        tags,
        summary: 'Rende corrente la fase, dopo lo snapshot di tutti i roster della lega',
        params: PhaseParams,
        response: {
          200: z.object({
            message: z.string(),
            phase: AdminPhaseSchema,
            snapshotsCreated: z.number().int(),
            snapshotMessage: z.string().nullable(),
            snapshotError: z.string().nullable(),
          }),
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      activatePhase(app.db, auditActor(request), request.params.leagueId, request.params.phaseId),
  );
};

export default adminPhaseRoutes;
