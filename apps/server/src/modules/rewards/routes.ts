import { REWARD_TIERS } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/schemas.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import { LeagueParamsSchema } from '../leagues/index.ts';
import { listRewards } from './weekly-rewards.ts';

/** The participant's own weekly reward history in a league, with the reward tiers. */
const rewardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.get(
    '/:leagueId/my-rewards',
    {
      schema: {
        tags: ['leaderboard'],
        summary: 'Storico dei premi settimanali dell’utente nella lega',
        params: LeagueParamsSchema,
        response: {
          200: z.object({
            rewards: z.array(
              z.object({
                weekNumber: z.number().int(),
                userPosition: z.number().int(),
                rewardTier: z.string(),
                totalPoints: z.number(),
                rewardAmount: z.number().int(),
                bonusAmount: z.number().int(),
                createdAt: z.date(),
              }),
            ),
            rewardTiers: z.array(
              z.object({ tier: z.string(), amount: z.number().int(), description: z.string() }),
            ),
          }),
          ...errors(401),
        },
      },
    },
    async (request) => {
      const weeks = await listRewards(app.db, request.params.leagueId, currentUser(request).id);
      return {
        rewards: weeks.flatMap((w) =>
          w.rows.map(
            ({
              weekNumber,
              userPosition,
              rewardTier,
              totalPoints,
              rewardAmount,
              bonusAmount,
              createdAt,
            }) => ({
              weekNumber,
              userPosition,
              rewardTier,
              totalPoints,
              rewardAmount,
              bonusAmount,
              createdAt,
            }),
          ),
        ),
        rewardTiers: [...REWARD_TIERS],
      };
    },
  );
};

export default rewardRoutes;
