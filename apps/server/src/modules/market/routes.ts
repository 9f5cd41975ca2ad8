import { CURRENCIES, intQuery, MESSAGES, ROLES, safeText } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { championFields, errors, playerFields } from '../../lib/schemas.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { LeagueParamsSchema } from '../leagues/index.ts';
import { championCatalogue, leaguePlayers } from './catalogue.ts';
import { type ItemKind, trade } from './trade.ts';

const Role = z.enum(ROLES);
const tierQuery = (max: number) => intQuery(1, max);

const CataloguePlayerSchema = z
  .object({
    ...playerFields,
    region: z.string().nullable(),
    imageUrl: z.string().nullable(),
    performanceUrl: z.string().nullable(),
    suggested: z.boolean().describe('Il team partecipa alla fase corrente'),
  })
  .meta({ id: 'CataloguePlayer' });

const CatalogueChampionSchema = z
  .object({
    ...championFields,
    imageUrl: z.string().nullable(),
    performanceUrl: z.string().nullable(),
  })
  .meta({ id: 'CatalogueChampion' });

const TradeResultSchema = z
  .object({
    itemId: z.string().uuid(),
    itemName: z.string(),
    amount: z.number().int().describe('Monete pagate (acquisto) o rimborsate (vendita)'),
    currency: z.enum(CURRENCIES),
    message: z.string(),
    roster: z.object({
      id: z.string().uuid(),
      pandaCoin: z.number().int(),
      burroCoin: z.number().int(),
      playerCount: z.number().int(),
      championCount: z.number().int(),
    }),
  })
  .meta({ id: 'TradeResult' });

const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['market'];

  app.get(
    '/leagues/:leagueId/players',
    {
      schema: {
        tags,
        summary: 'Giocatori acquistabili nella lega (per tier e nome), con i filtri del mercato',
        params: LeagueParamsSchema,
        querystring: z.object({
          search: safeText(100).optional(),
          role: Role.optional(),
          tier: tierQuery(5),
          team: safeText(100).optional(),
        }),
        response: {
          200: z.object({
            players: z.array(CataloguePlayerSchema),
            teams: z.array(z.string()),
            currentPhase: z.object({ name: z.string(), participatingTeams: z.array(z.string()) }).nullable(),
          }),
          ...errors(401, 404),
        },
      },
      onRequest: async (request) => {
        if (!request.user) throw unauthorized(MESSAGES.common.notAuthenticated);
      },
    },
    async (request) => leaguePlayers(app.db, request.params.leagueId, request.query),
  );

  app.get(
    '/champions',
    {
      schema: {
        tags,
        summary: 'Tutti i campioni (per nome), con i filtri del mercato',
        querystring: z.object({
          leagueId: z.string().uuid().optional(),
          search: safeText(100).optional(),
          role: Role.optional(),
          tier: tierQuery(6),
        }),
        response: { 200: z.object({ champions: z.array(CatalogueChampionSchema) }), ...errors(401) },
      },
      onRequest: async (request) => {
        if (!request.user) throw unauthorized(MESSAGES.common.notAuthenticated);
      },
    },
    async (request) => ({
      champions: await championCatalogue(app.db, request.query.leagueId ?? null, request.query),
    }),
  );

  const tradeRoute = (kind: ItemKind, action: 'buy' | 'sell') => {
    const segment = kind === 'player' ? 'players' : 'champions';
    const itemParam = kind === 'player' ? 'playerId' : 'championId';
    const notAuthenticated =
      kind === 'player' ? MESSAGES.market.notAuthenticatedPlayers : MESSAGES.market.notAuthenticatedChampions;
    app.post(
      `/leagues/:leagueId/${segment}/:${itemParam}/${action}`,
      {
        schema: {
          tags,
          summary: `${action === 'buy' ? 'Acquista' : 'Vendi'} ${kind === 'player' ? 'un giocatore' : 'un campione'}`,
          params: LeagueParamsSchema.extend({ [itemParam]: z.string().uuid() }),
          response: { 200: TradeResultSchema, ...errors(400, 401, 403, 404, 409) },
        },
        // the trade statement resolves the session itself: a trade is one round trip (trade.ts)
        config: { sessionInline: true },
        onRequest: async (request) => {
          if (!request.cookies[SESSION_COOKIE]) throw unauthorized(notAuthenticated);
        },
      },
      async (request) => {
        const params = request.params as { leagueId: string } & Record<string, string>;
        const { user, result } = await trade(app.db, action, kind, {
          trader: { sessionToken: request.cookies[SESSION_COOKIE]! },
          leagueId: params.leagueId,
          itemId: params[itemParam]!,
          now: new Date(),
        });
        if (!user || !result) throw unauthorized(notAuthenticated);
        request.user = user;
        return result;
      },
    );
  };
  tradeRoute('player', 'buy');
  tradeRoute('player', 'sell');
  tradeRoute('champion', 'buy');
  tradeRoute('champion', 'sell');
};

export default marketRoutes;
