import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import adminOverviewRoutes from '../modules/admin/audit-log/routes.ts';
import adminChampionRoutes from '../modules/admin/champions/routes.ts';
import adminLeagueRoutes from '../modules/admin/leagues/routes.ts';
import adminPhaseRoutes from '../modules/admin/phases/routes.ts';
import adminPlayerRoutes from '../modules/admin/players/routes.ts';
import adminRosterRoutes from '../modules/admin/rosters/routes.ts';
import adminTeamRoutes from '../modules/admin/teams/routes.ts';
import adminJobRoutes from '../modules/admin-jobs/routes.ts';
import { requireAdmin } from '../modules/auth/index.ts';
import oraclesElixirImportRoutes from '../modules/imports/oracles-elixir/routes.ts';
import adminPrivateLeagueRoutes from '../modules/private-leagues/admin-routes.ts';
import rewardsAdminRoutes from '../modules/rewards/admin-routes.ts';
import seasonAdminRoutes from '../modules/season/admin-routes.ts';

/**
 * Every /api/admin route, registered here and nowhere else, behind one admin hook (guard by prefix, never
 * by exception): each area's plugin inherits the hook. The registration order is the order of the
 * OpenAPI document's paths.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  await app.register(rewardsAdminRoutes);
  await app.register(seasonAdminRoutes);
  await app.register(adminOverviewRoutes);
  await app.register(adminLeagueRoutes);
  await app.register(adminPhaseRoutes);
  await app.register(adminTeamRoutes);
  await app.register(adminPlayerRoutes);
  await app.register(adminChampionRoutes);
  await app.register(adminRosterRoutes);
  await app.register(adminPrivateLeagueRoutes);
  await app.register(oraclesElixirImportRoutes);
  await app.register(adminJobRoutes);
};

export default adminRoutes;
