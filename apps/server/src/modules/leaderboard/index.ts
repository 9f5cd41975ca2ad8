/*
 * The leaderboard's public face: a league's points version, its standings (cached per process) with a
 * roster's position and a members-only order, and the leaderboard page's cursor and rows, which the private
 * leagues' rankings reuse.
 */
export {
  type Cursor,
  decodeCursor,
  type EntryRow,
  encodeCursor,
  LEADERBOARD_PAGE_SIZE,
  rowsById,
} from './leaderboard-page.ts';
export { pointsVersion } from './points-version.ts';
export type { Standings } from './standings.ts';
export { clearStandings, standingsFor } from './standings-cache.ts';
export { pageAfter, positionOf, restrictedOrder } from './standings-pages.ts';
