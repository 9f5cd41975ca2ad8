/*
 * The leagues module's public face: the route parameter of a league, the league a signed-in visitor sees
 * first, its rules' acceptance, and the fields every reader of a league sees (the admin's league adds its
 * own to them).
 */

export { RULES_VERSION } from './accept-rules.ts';
export { defaultLeagueId, hasAcceptedRules, presentLeagueFields } from './list-leagues.ts';
export { type LeagueFields, LeagueFieldsSchema, LeagueParamsSchema } from './schemas.ts';
