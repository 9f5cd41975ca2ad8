/* The rosters module's public face: opening a roster (a league join), finding one with its weeks, and what it holds. */
export { openRoster } from './open-roster.ts';
export { findRoster, heldItems, rosterWeekHistory } from './read-roster.ts';
export { readCaptain } from './roster-captain.ts';
