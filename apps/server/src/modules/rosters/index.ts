/* The rosters module's public face: opening a roster (a league join), and finding one with its weeks. */
export { openRoster } from './open-roster.ts';
export { findRoster, rosterWeekHistory } from './read-roster.ts';
