/**
 * Query keys and freshness (spec §9). A mutation invalidates exactly the keys it
 * changes, so the same key builders are used by the queries and the mutations.
 */
const MINUTE = 60 * 1000;

export const STALE_TIME = {
  leagues: 5 * MINUTE,
  players: 5 * MINUTE,
  champions: 5 * MINUTE,
  /** Rosters, and the leaderboard that lists them. */
  rosters: 2 * MINUTE,
  transactions: 1 * MINUTE,
} as const;

export const queryKeys = {
  leagues: () => ['leagues'] as const,
  /** My roster in a league, and (under the same prefix) the rosters opened from the leaderboard. */
  roster: (leagueId: string) => ['roster', leagueId] as const,
  publicRoster: (leagueId: string, rosterId: string) => ['roster', leagueId, 'public', rosterId] as const,
  players: (leagueId: string, filters?: object) =>
    filters ? (['players', leagueId, filters] as const) : (['players', leagueId] as const),
  champions: (leagueId: string, filters?: object) =>
    filters ? (['champions', leagueId, filters] as const) : (['champions', leagueId] as const),
  leaderboard: (leagueId: string) => ['leaderboard', leagueId] as const,
  /** Why a roster scored what it scored; under the roster prefix, so a roster's invalidation refreshes it. */
  rosterPoints: (leagueId: string, rosterId: string | 'mine') =>
    ['roster', leagueId, 'points', rosterId] as const,
  /** My captain and vice (issue 29); under the roster prefix, so a trade's invalidation refreshes it. */
  captain: (leagueId: string) => ['roster', leagueId, 'captain'] as const,
  /** The league's real matches, and (under the same prefix) one match's games. */
  matches: (leagueId: string) => ['matches', leagueId] as const,
  match: (leagueId: string, matchId: string) => ['matches', leagueId, matchId] as const,
  playerCard: (leagueId: string, playerId: string) => ['player-card', leagueId, playerId] as const,
};
