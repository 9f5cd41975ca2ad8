import type { ScoringRules } from '@fantarift/core';

/** A match as the admin API returns it (dates are ISO strings on the wire). */
export interface AdminMatch {
  id: string;
  leagueId: string;
  weekId: string;
  team1: string;
  team2: string;
  date: string;
  matchDay: number;
  matchFormat: number;
  completed: boolean;
  gamesPlayed: number | null;
  winner: string | null;
}

export interface AdminWeek {
  id: string;
  leagueId: string;
  weekNumber: number;
  name: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
  isClosed: boolean;
  rewardsDistributed: boolean;
  closedAt: string | null;
  matches: AdminMatch[];
}

export interface MatchPlayer {
  id: string;
  name: string;
  team: string;
  role: string;
}

/** One stored player_stats row (numeric columns may arrive as strings). */
export interface StoredPlayerStats {
  playerId: string;
  gameNumber: number;
  championId: string | null;
  kills: number;
  deaths: number;
  assists: number;
  cs: number;
  doubleKills: number;
  tripleKills: number;
  quadraKills: number;
  pentaKills: number;
  jungleSteals: number;
  mvp: boolean;
  points: number | string | null;
  teamName: string;
}

export interface StoredTeamObjectives {
  gameNumber: number;
  teamName: string;
  dragons: number;
  barons: number;
  elders: number;
  heralds: number;
  towers: number;
  larvas: number;
  firstBlood: boolean;
  firstDrake: boolean;
  firstBaron: boolean;
  firstHerald: boolean;
  firstElder: boolean;
  firstTower: boolean;
  athakan: boolean;
}

export interface MatchStatistics {
  match: AdminMatch;
  players: MatchPlayer[];
  stats: StoredPlayerStats[];
  objectives: StoredTeamObjectives[];
  games: { gameNumber: number; winner: string | null }[];
  seriesMvpPlayerId: string | null;
  rules: ScoringRules;
}

export type SavePlayerStats = Omit<StoredPlayerStats, 'gameNumber' | 'points' | 'teamName'>;

export type SaveTeamObjectives = Omit<StoredTeamObjectives, 'gameNumber'>;

export interface SaveMatchStatistics {
  gamesPlayed: number;
  winner: string | null;
  seriesMvpPlayerId: string | null;
  games: {
    gameNumber: number;
    winner: string | null;
    players: SavePlayerStats[];
    objectives: SaveTeamObjectives[];
  }[];
}

export interface MatchProblem {
  matchId: string;
  team1: string;
  team2: string;
  date: string;
  weekName: string;
  errors: string[];
}

export interface ChampionOption {
  id: string;
  name: string;
  tier: number;
}

export type RecalculateRequest =
  | { leagueId: string; mode: 'full' }
  | { leagueId: string; mode: 'fromWeek'; weekNumber: number }
  | { leagueId: string; mode: 'singleWeek'; weekId: string }
  | { leagueId: string; mode: 'reset' };
