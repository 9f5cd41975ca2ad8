import { MESSAGES, REWARD_TIERS } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { errors } from '../../lib/schemas.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { LeagueParamsSchema } from '../leagues/index.ts';
import { LEADERBOARD_PAGE_SIZE, leaderboardPage } from './leaderboard-page.ts';
import { refreshStandings } from './standings-cache.ts';

const EntrySchema = z
  .object({
    position: z.number().int(),
    rosterId: z.string().uuid(),
    userId: z.string().uuid(),
    username: z.string(),
    totalPoints: z.number(),
    playerCount: z.number().int(),
    championCount: z.number().int(),
    pandaCoin: z.number().int(),
    burroCoin: z.number().int(),
    isMe: z.boolean(),
  })
  .meta({ id: 'LeaderboardEntry' });

const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // the leaderboard may have changed (through this instance or another): the league's standings, when this
  // process keeps them, are patched now rather than by the next page. Any event that makes the leaderboard
  // stale, not only `points`: one transaction announces one event per league, and a broader one (a `league`
  // or `week` event) stands for the points change it covers (lib/league-events.ts); with nothing new since
  // the kept standings, this costs one look at the league's version
  const stop = app.live.onEvent((event) => {
    if (!event.invalidate.includes('leaderboard')) return;
    refreshStandings(app.db, event.leagueId).catch((err: unknown) =>
      app.log.warn({ err, leagueId: event.leagueId }, 'leaderboard standings not updated ahead'),
    );
  });
  app.addHook('onClose', async () => {
    stop();
  });

  app.get(
    '/:leagueId/leaderboard',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          'Classifica della lega, paginata (cursor), con la posizione dell’utente e i premi settimanali',
        params: LeagueParamsSchema,
        querystring: z.object({
          cursor: z
            .string()
            .max(500)
            .regex(/^[A-Za-z0-9_-]*$/, MESSAGES.validation.invalidCursor)
            .optional(),
          limit: z.coerce.number().int().min(1).max(200).default(LEADERBOARD_PAGE_SIZE),
        }),
        response: {
          200: z.object({
            league: z.object({
              id: z.string(),
              name: z.string(),
              status: z.string(),
              marketOpen: z.boolean(),
            }),
            participantCount: z.number().int(),
            entries: z.array(EntrySchema),
            nextCursor: z.string().nullable(),
            me: EntrySchema.nullable(),
            rewardTiers: z.array(
              z.object({ tier: z.string(), amount: z.number().int(), description: z.string() }),
            ),
          }),
          ...errors(400, 401, 404),
        },
      },
      // the session is read in the page's own first round trip, beside the league and the page's rows
      config: { sessionInline: true },
      onRequest: async (request) => {
        if (!request.cookies[SESSION_COOKIE]) throw unauthorized(MESSAGES.common.notAuthenticated);
      },
    },
    async (request, reply) => {
      const page = await leaderboardPage(app.db, {
        leagueId: request.params.leagueId,
        sessionToken: request.cookies[SESSION_COOKIE]!,
        cursor: request.query.cursor,
        limit: request.query.limit,
      });
      if (!page) throw unauthorized(MESSAGES.common.notAuthenticated);
      const { user, timings, ...body } = page;
      request.user = user;
      reply.header(
        'server-timing',
        Object.entries(timings)
          .map(([part, ms]) => `${part};dur=${ms.toFixed(1)}`)
          .join(', '),
      );
      return { ...body, rewardTiers: [...REWARD_TIERS] };
    },
  );
};

export default leaderboardRoutes;
