import type { ApiBody, ApiResponse, ApiSchema } from '@/lib/api/client';

/** A match as the admin API returns it (dates are ISO strings on the wire). */
export type AdminMatch = ApiSchema<'Match'>;

export type AdminWeek = ApiResponse<'get', '/api/admin/weeks'>['weeks'][number];

type MatchStatisticsResponse = ApiResponse<'get', '/api/admin/matches/{matchId}/statistics'>;

export type MatchPlayer = MatchStatisticsResponse['players'][number];

export type SaveMatchStatistics = ApiBody<'put', '/api/admin/matches/{matchId}/statistics'>;

export type SavePlayerStats = SaveMatchStatistics['games'][number]['players'][number];

export type SaveTeamObjectives = SaveMatchStatistics['games'][number]['objectives'][number];

/**
 * One stored player_stats row. The route's schema leaves the stored rows open (it sends the table's
 * columns as they are), so their shape is stated here: what is saved, plus the game, the team and the
 * points (numeric columns may arrive as strings).
 */
export type StoredPlayerStats = SavePlayerStats & {
  gameNumber: number;
  points: number | string | null;
  teamName: string;
};

/** One stored team_objectives row: what is saved, plus the game. */
export type StoredTeamObjectives = SaveTeamObjectives & { gameNumber: number };

export type MatchStatistics = Omit<MatchStatisticsResponse, 'stats' | 'objectives'> & {
  stats: StoredPlayerStats[];
  objectives: StoredTeamObjectives[];
};

export type MatchProblem = ApiResponse<'get', '/api/admin/match-validation'>['problems'][number];

export type ChampionOption = Pick<ApiSchema<'CatalogueChampion'>, 'id' | 'name' | 'tier'>;

export type RecalculateRequest = ApiBody<'post', '/api/admin/recalculate'>;
