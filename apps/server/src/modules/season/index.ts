/*
 * The season's public face: a match's statistics saved, a match change with its points, and a recalculation
 * as the admin runs it (the importer, the demo data and the scoring benchmark call them).
 */
export { saveMatchStats } from './match-stats.ts';
export { withMatchPoints } from './matches.ts';
export { recalculate } from './recalculate.ts';
export { GAME_STAT_MAX, gameStatCounts, type SaveMatchStatsInput } from './schemas.ts';
