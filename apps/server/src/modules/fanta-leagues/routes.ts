import { FANTA_MESSAGES, FANTA_SEASON_MESSAGES, INVITE_CODE_ALPHABET } from '@fantarift/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, LeagueParamsSchema, MessageSchema } from '../../lib/schemas.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import {
  assignOffline,
  closeExpiredLot,
  endAuction,
  expiredLots,
  nominate,
  openRepairAuction,
  pauseAuction,
  placeBid,
  releasePlayer,
  resumeAuction,
  skipTurn,
  undoLastAssignment,
} from './auction.ts';
import { auctionState } from './auction-view.ts';
import {
  createFantaLeague,
  fantaHistory,
  fantaPlayers,
  getFantaLeague,
  joinFantaLeague,
  listMyFantaLeagues,
  startAuction,
  updateFantaSettings,
} from './fanta-leagues.ts';
import {
  AssignBodySchema,
  AuctionSchema,
  BidBodySchema,
  BreakdownParamsSchema,
  BreakdownSchema,
  CodeParamsSchema,
  CreateBodySchema,
  FantaHistoryEntrySchema,
  FantaLeagueSchema,
  FantaLeagueSummarySchema,
  FantaPlayerSchema,
  IdParamsSchema,
  LineupBodySchema,
  LineupQuerySchema,
  LineupSchema,
  PlayerBodySchema,
  SettingsBodySchema,
  StandingsSchema,
  tags,
} from './schemas.ts';
import { getLineup, saveLineup, weekBreakdown } from './season.ts';
import { fantaStandings, readWeeksAhead } from './season-standings.ts';

const M = FANTA_MESSAGES;

/** The standings' JSON by answer (season.ts keeps an unchanged league's answer: the same object). */
const serializedStandings = new WeakMap<object, string>();

/** How often each instance looks for lots whose clock ran out (a request on the league closes it sooner). */
export const LOT_SWEEP_MS = 200;

/**
 * Each instance closes the lots whose clock ran out, whichever instance took their bids: the close is
 * idempotent (closeExpiredLot), so two instances sweeping at once assign a player once.
 */
export const lotSweeperPlugin = fp(async function lotSweeper(app: FastifyInstance) {
  let running = false;
  let stopped = false;
  const sweep = async () => {
    if (running || stopped) return;
    running = true;
    try {
      for (const id of await expiredLots(app.db)) {
        if (stopped) break;
        await closeExpiredLot(app.db, id);
      }
    } catch (err) {
      if (!stopped) app.log.warn({ err }, 'fanta: closing expired lots failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), LOT_SWEEP_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
  });
});

const normaliseCode = (code: string) => code.trim().toUpperCase();
const looksLikeCode = new RegExp(`^[${INVITE_CODE_ALPHABET}]+$`);

const owner = (request: Parameters<typeof currentUser>[0], id: string) => ({
  userId: currentUser(request).id,
  id,
});

/** Leghe Fanta (issue 31): every route needs a session; non-members get 404. */
const fantaLeagueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  // a change of an official league's weeks (a save, an import, a week's or the league's change, through this
  // instance or another): the standings of this process read the moved weeks now, not on the first page after
  const stop = app.live.onEvent((event) => {
    if (event.fantaLeagueId || !event.invalidate.includes('matches')) return;
    readWeeksAhead(app.db, event.leagueId).catch((err: unknown) =>
      app.log.warn({ err, leagueId: event.leagueId }, 'fanta: standings weeks not read ahead'),
    );
  });
  app.addHook('onClose', async () => {
    stop();
  });

  app.post(
    '/leagues/:leagueId/fanta-leagues',
    {
      schema: {
        tags,
        summary: 'Crea una Lega Fanta nella lega ufficiale (budget, rosa per ruolo, secondi per offerta)',
        params: LeagueParamsSchema,
        body: CreateBodySchema,
        response: { 201: z.object({ fantaLeague: FantaLeagueSchema }), ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const fantaLeague = await createFantaLeague(app.db, {
        userId: currentUser(request).id,
        leagueId: request.params.leagueId,
        ...request.body,
      });
      return reply.status(201).send({ fantaLeague });
    },
  );

  app.get(
    '/fanta-leagues',
    {
      schema: {
        tags,
        summary: 'Le mie Leghe Fanta',
        response: { 200: z.object({ fantaLeagues: z.array(FantaLeagueSummarySchema) }), ...errors(401) },
      },
    },
    async (request) => ({ fantaLeagues: await listMyFantaLeagues(app.db, currentUser(request).id) }),
  );

  app.post(
    '/fanta-leagues/invite/:code/join',
    {
      schema: {
        tags,
        summary: "Entra nella Lega Fanta con il codice invito (prima dell'inizio dell'asta)",
        params: CodeParamsSchema,
        response: {
          200: z.object({ message: z.string(), fantaLeague: FantaLeagueSchema }),
          ...errors(401, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const code = normaliseCode(request.params.code);
      const fantaLeague = await joinFantaLeague(app.db, looksLikeCode.test(code) ? code : '-', {
        userId: currentUser(request).id,
        ip: request.ip,
      });
      return { message: M.joined, fantaLeague };
    },
  );

  app.get(
    '/fanta-leagues/:id',
    {
      schema: {
        tags,
        summary: 'Una mia Lega Fanta: impostazioni, manager, pool per ruolo e rosa proposta',
        params: IdParamsSchema,
        response: { 200: z.object({ fantaLeague: FantaLeagueSchema }), ...errors(401, 404) },
      },
    },
    async (request) => ({
      fantaLeague: await getFantaLeague(app.db, currentUser(request).id, request.params.id),
    }),
  );

  app.patch(
    '/fanta-leagues/:id',
    {
      schema: {
        tags,
        summary: "Cambia le impostazioni (solo il proprietario, prima dell'inizio dell'asta)",
        params: IdParamsSchema,
        body: SettingsBodySchema,
        response: { 200: z.object({ fantaLeague: FantaLeagueSchema }), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      fantaLeague: await updateFantaSettings(app.db, {
        ...owner(request, request.params.id),
        ...request.body,
      }),
    }),
  );

  app.get(
    '/fanta-leagues/:id/players',
    {
      schema: {
        tags,
        summary: 'I giocatori della lega ufficiale con il loro proprietario in questa Lega Fanta',
        params: IdParamsSchema,
        response: { 200: z.object({ players: z.array(FantaPlayerSchema) }), ...errors(401, 404) },
      },
    },
    async (request) => ({ players: await fantaPlayers(app.db, currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/fanta-leagues/:id/history',
    {
      schema: {
        tags,
        summary: 'Lo storico: assegnazioni, annullamenti e svincoli (i più recenti prima)',
        params: IdParamsSchema,
        response: { 200: z.object({ history: z.array(FantaHistoryEntrySchema) }), ...errors(401, 404) },
      },
    },
    async (request) => ({ history: await fantaHistory(app.db, currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/fanta-leagues/:id/auction',
    {
      schema: {
        tags,
        summary:
          "Lo stato dell'asta: giocatore all'asta, offerte, tempo (con l'ora del server), turno, manager",
        params: IdParamsSchema,
        response: { 200: AuctionSchema, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auctionState(app.db, currentUser(request).id, request.params.id);
    },
  );

  const ownerAction = (
    path: string,
    summary: string,
    action: (p: { userId: string; id: string }) => Promise<unknown>,
    message: string,
  ) =>
    app.post(
      `/fanta-leagues/:id/auction/${path}`,
      {
        schema: {
          tags,
          summary,
          params: IdParamsSchema,
          response: { 200: MessageSchema, ...errors(401, 403, 404, 409) },
        },
      },
      async (request) => {
        await action(owner(request, request.params.id));
        return { message };
      },
    );

  ownerAction('start', "Avvia l'asta (solo il banditore)", (p) => startAuction(app.db, p), M.started);
  ownerAction(
    'pause',
    "Mette in pausa l'asta: il tempo resta fermo (solo il banditore)",
    (p) => pauseAuction(app.db, p),
    M.pausedNow,
  );
  ownerAction(
    'resume',
    "Riprende l'asta con il tempo che restava (solo il banditore)",
    (p) => resumeAuction(app.db, p),
    M.resumed,
  );
  ownerAction(
    'skip',
    'Salta il turno di chiamata del manager assente (solo il banditore)',
    (p) => skipTurn(app.db, p),
    M.skipped,
  );
  ownerAction('end', "Chiude l'asta (solo il banditore)", (p) => endAuction(app.db, p), M.endedNow);
  ownerAction(
    'undo',
    "Annulla l'ultima assegnazione: crediti restituiti, giocatore libero (solo il banditore)",
    (p) => undoLastAssignment(app.db, p),
    M.undone,
  );
  ownerAction(
    'repair',
    "Apre l'asta di riparazione tra una settimana e l'altra (solo il banditore)",
    (p) => openRepairAuction(app.db, p),
    M.repairOpened,
  );

  app.post(
    '/fanta-leagues/:id/auction/nominate',
    {
      schema: {
        tags,
        summary: "Chi ha il turno mette all'asta un giocatore libero con l'offerta di partenza",
        params: IdParamsSchema,
        body: BidBodySchema,
        response: { 200: MessageSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      await nominate(app.db, { ...owner(request, request.params.id), ...request.body });
      return { message: M.nominated };
    },
  );

  app.post(
    '/fanta-leagues/:id/auction/bid',
    {
      schema: {
        tags,
        summary:
          "Un rilancio sul giocatore all'asta: 409 con il motivo se rifiutato (decide l'orologio del server)",
        params: IdParamsSchema,
        body: BidBodySchema,
        response: {
          200: z.object({ message: z.string(), version: z.number().int(), endsAt: z.string() }),
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const placed = await placeBid(app.db, { ...owner(request, request.params.id), ...request.body });
      return { message: M.bidAccepted, ...placed };
    },
  );

  app.post(
    '/fanta-leagues/:id/auction/assign',
    {
      schema: {
        tags,
        summary: 'Asta offline: il banditore assegna giocatore → manager per un prezzo, con le stesse regole',
        params: IdParamsSchema,
        body: AssignBodySchema,
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await assignOffline(app.db, {
        ...owner(request, request.params.id),
        playerId: request.body.playerId,
        managerUserId: request.body.userId,
        price: request.body.price,
      });
      return { message: M.assigned };
    },
  );

  app.post(
    '/fanta-leagues/:id/release',
    {
      schema: {
        tags,
        summary: "Svincola un proprio giocatore dopo l'asta: metà del prezzo (per difetto) torna in crediti",
        params: IdParamsSchema,
        body: PlayerBodySchema,
        response: {
          200: z.object({ message: z.string(), refund: z.number().int() }),
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const { refund } = await releasePlayer(app.db, {
        ...owner(request, request.params.id),
        ...request.body,
      });
      return { message: M.releasedFor(refund), refund };
    },
  );

  app.get(
    '/fanta-leagues/:id/lineup',
    {
      schema: {
        tags,
        summary:
          'La mia formazione di una settimana (senza weekId: la prossima da schierare), con la rosa e, a settimana bloccata, i punti e le sostituzioni',
        params: IdParamsSchema,
        querystring: LineupQuerySchema,
        response: { 200: z.object({ lineup: LineupSchema }), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        lineup: await getLineup(app.db, currentUser(request).id, request.params.id, request.query.weekId),
      };
    },
  );

  app.put(
    '/fanta-leagues/:id/lineup',
    {
      schema: {
        tags,
        summary:
          'Schiera la formazione di una settimana: un titolare per ruolo, la panchina in ordine, capitano e vice (fino alla prima partita)',
        params: IdParamsSchema,
        body: LineupBodySchema,
        response: {
          200: z.object({ message: z.string(), lineup: LineupSchema }),
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const userId = currentUser(request).id;
      const b = request.body;
      await saveLineup(app.db, {
        userId,
        id,
        weekId: b.weekId,
        starters: b.starters,
        bench: b.bench,
        captainPlayerId: b.captainPlayerId ?? null,
        viceCaptainPlayerId: b.viceCaptainPlayerId ?? null,
      });
      return {
        message: FANTA_SEASON_MESSAGES.lineupSaved,
        lineup: await getLineup(app.db, userId, id, b.weekId),
      };
    },
  );

  app.get(
    '/fanta-leagues/:id/standings',
    {
      schema: {
        tags,
        summary: 'La classifica (Classica): il totale delle settimane della stagione, in diretta',
        params: IdParamsSchema,
        response: { 200: StandingsSchema, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await fantaStandings(app.db, currentUser(request).id, request.params.id);
      // a kept answer is the same object on every read: its JSON (the response schema's check and
      // serialization) is made once
      let body = serializedStandings.get(answer);
      if (body === undefined) {
        body = String(reply.serialize(answer));
        serializedStandings.set(answer, body);
      }
      // a string body with a JSON type goes out as it is (the type provider types the object it stands for)
      return reply.type('application/json; charset=utf-8').send(body as unknown as typeof answer);
    },
  );

  app.get(
    '/fanta-leagues/:id/weeks/:weekId/managers/:userId',
    {
      schema: {
        tags,
        summary:
          'La settimana di un manager nel dettaglio: titolari, sostituzioni, le partite di ognuno e il capitano (a settimana iniziata)',
        params: BreakdownParamsSchema,
        response: { 200: BreakdownSchema, ...errors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return weekBreakdown(app.db, {
        userId: currentUser(request).id,
        id: request.params.id,
        weekId: request.params.weekId,
        managerUserId: request.params.userId,
      });
    },
  );
};

export default fantaLeagueRoutes;
