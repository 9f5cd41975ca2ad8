/**
 * Query keys and freshness of the admin pages (spec §9). Every admin key starts with 'admin', so a
 * participant query never collides with one; mutations invalidate exactly the keys they change.
 */
const MINUTE = 60 * 1000;

export const ADMIN_STALE_TIME = {
  leagues: 5 * MINUTE,
  players: 5 * MINUTE,
  champions: 5 * MINUTE,
  teams: 5 * MINUTE,
  rosters: 2 * MINUTE,
  users: 10 * MINUTE,
  overview: 1 * MINUTE,
} as const;

export const adminKeys = {
  overview: () => ['admin', 'overview'] as const,
  leagues: () => ['admin', 'leagues'] as const,
  league: (leagueId: string) => ['admin', 'league', leagueId] as const,
  phases: (leagueId: string) => ['admin', 'phases', leagueId] as const,
  teams: (filters?: object) =>
    filters ? (['admin', 'teams', filters] as const) : (['admin', 'teams'] as const),
  teamPlayers: (leagueId?: string, teamName?: string) =>
    leagueId && teamName
      ? (['admin', 'team-players', leagueId, teamName] as const)
      : (['admin', 'team-players'] as const),
  players: (filters?: object) =>
    filters ? (['admin', 'players', filters] as const) : (['admin', 'players'] as const),
  champions: (filters?: object) =>
    filters ? (['admin', 'champions', filters] as const) : (['admin', 'champions'] as const),
  performances: (championId: string) => ['admin', 'performances', championId] as const,
  rosters: (filters?: object) =>
    filters ? (['admin', 'rosters', filters] as const) : (['admin', 'rosters'] as const),
  roster: (rosterId?: string) =>
    rosterId ? (['admin', 'roster', rosterId] as const) : (['admin', 'roster'] as const),
  participantCount: (leagueId: string) => ['admin', 'rosters', 'count', leagueId] as const,
};

/** The participant side's league list (market state, names): refreshed when an admin changes a league. */
export const PARTICIPANT_LEAGUES_KEY = ['leagues'] as const;
