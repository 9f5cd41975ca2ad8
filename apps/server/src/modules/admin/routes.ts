import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/app/auth.ts';
import adminJobRoutes from '../admin-jobs/routes.ts';
import oraclesElixirImportRoutes from '../imports/oracles-elixir/routes.ts';
import adminPrivateLeagueRoutes from '../private-leagues/admin-routes.ts';
import seasonAdminRoutes from '../season/admin-routes.ts';
import adminOverviewRoutes from './audit-log/routes.ts';
import adminChampionRoutes from './champions/routes.ts';
import adminLeagueRoutes from './leagues/routes.ts';
import adminPhaseRoutes from './phases/routes.ts';
import adminPlayerRoutes from './players/routes.ts';
import adminRosterRoutes from './rosters/routes.ts';
import adminTeamRoutes from './teams/routes.ts';

/**
 * Everything under /api/admin sits behind one admin hook (guard by prefix, never by exception).
 * Area modules register their routes inside this plugin, so they inherit the hook.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
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
