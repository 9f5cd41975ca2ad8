import type { Role } from '@fantarift/core';

/** GET /api/admin/teams: one entry per league and team name. */
export interface AdminTeamEntry {
  leagueId: string;
  leagueName: string;
  leagueType: string;
  teamName: string;
  playerCount: number;
}

export interface TeamPlayer {
  id: string;
  name: string;
  team: string;
  role: Role;
  tier: number;
  cost: number;
}

export interface AdminPlayer extends TeamPlayer {
  region: string | null;
  imageUrl: string | null;
  performanceUrl: string | null;
  createdAt: string;
}

export interface AdminChampion {
  id: string;
  name: string;
  tier: number;
  cost: number;
  roles: Role[];
  imageUrl: string | null;
  createdAt: string;
}

export interface ChampionPerformance {
  id: string;
  championId: string;
  leagueId: string;
  leagueName: string;
  performanceUrl: string;
}

export interface PlayerFilters {
  search?: string;
  role?: Role | '';
  tier?: string;
  team?: string;
  leagueId?: string;
}

export interface ChampionFilters {
  search?: string;
  role?: Role | '';
  tier?: string;
}

/** Query string of the non-empty filters. */
export function filterParams(filters: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && String(value).trim() !== '')
      params.set(key, String(value).trim());
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
