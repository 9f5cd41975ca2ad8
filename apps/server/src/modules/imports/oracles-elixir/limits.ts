import { SHORT_TEXT_MAX } from '@fantarift/core';

/**
 * How much of a file one import takes, and so how large its summary can be. A file may be 200 MB of
 * arbitrary text: every value the summary echoes (league, team, player, champion, game id) and every
 * list it builds is bounded here, at the reading, so the route's response schema (routes.ts) can say
 * exactly what an answer holds and a legal file never ends in a 500.
 */

/** Longest cell the import reads: a team name the admin can map (teamMap keys, team_aliases hold 200). */
export const MAX_CELL_CHARS = SHORT_TEXT_MAX;

/** Leagues in one file (a year of Oracle's Elixir data has about 50). */
export const MAX_FILE_LEAGUES = 1000;

/** Games of the chosen league and period one import takes (a league plays a few hundred a year). */
export const MAX_IMPORT_GAMES = 10_000;

/** Games in one series: a BO5. */
export const MAX_SERIES_GAMES = 5;

/** Players in one game. */
const PLAYERS_PER_GAME = 10;

/** Every game has two teams: at most this many file teams are unmatched. */
export const MAX_UNMATCHED_TEAMS = 2 * MAX_IMPORT_GAMES;

/** Every player of every game may be new. */
export const MAX_NEW_PLAYERS = PLAYERS_PER_GAME * MAX_IMPORT_GAMES;

/**
 * Warnings: the absent columns (one), per game its empty cells and, per series, a closed week; per
 * distinct player of the file an ambiguous name, per distinct champion an unknown one.
 */
export const MAX_WARNINGS = 1 + 2 * MAX_IMPORT_GAMES + 2 * PLAYERS_PER_GAME * MAX_IMPORT_GAMES;
