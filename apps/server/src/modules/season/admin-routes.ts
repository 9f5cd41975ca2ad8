import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Weeks, matches, statistics, scoring rules and recalculation (admin). Registered inside /api/admin. */
const seasonAdminRoutes: FastifyPluginAsyncZod = async () => {};

export default seasonAdminRoutes;
