/* The leagues module's public face: the route parameter of a league, and the league a signed-in visitor sees first. */

export { defaultLeagueId } from './list-leagues.ts';
export { LeagueParamsSchema } from './schemas.ts';
