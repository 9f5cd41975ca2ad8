/* The leagues module's public face: the route parameter of a league, the league a signed-in visitor sees first, and its rules' acceptance. */

export { RULES_VERSION } from './accept-rules.ts';
export { defaultLeagueId, hasAcceptedRules } from './list-leagues.ts';
export { LeagueParamsSchema } from './schemas.ts';
