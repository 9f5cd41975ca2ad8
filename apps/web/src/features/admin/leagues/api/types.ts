import type { LeagueStatus, LeagueType, MarketTimezone } from '@fantarift/core';

/** GET /api/admin/leagues/:id `phases[]` (dates 'YYYY-MM-DD' or null). */
export interface AdminPhase {
  id: string;
  leagueId: string;
  phaseName: string;
  phaseOrder: number;
  teamCount: number;
  startDate: string | null;
  endDate: string | null;
  participatingTeams: string[];
  isCurrent: boolean;
  createdAt: string;
}

/** GET /api/admin/leagues: one league with its participant count and phases. */
export interface AdminLeague {
  id: string;
  name: string;
  type: LeagueType;
  status: LeagueStatus;
  startDate: string;
  endDate: string;
  teams: string[];
  marketOpen: boolean;
  rulesRequired: boolean;
  rulesText: string | null;
  marketBlockTimezone: MarketTimezone | string;
  marketBlockStartTime: string | null;
  marketBlockEndTime: string | null;
  createdAt: string;
  updatedAt: string;
  participantCount: number;
  phases: AdminPhase[];
}

export interface LeagueUpdateInput {
  name?: string;
  type?: string;
  status?: string;
  startDate?: string;
  endDate?: string;
  marketBlockTimezone?: string;
  rulesRequired?: boolean;
  rulesText?: string | null;
  marketBlockStartTime?: string | null;
  marketBlockEndTime?: string | null;
}

export interface NewPhaseInput {
  name: string;
  teamCount: number;
  startDate: string;
  endDate: string;
  participatingTeams?: string[];
}

export interface NewLeagueBody {
  name: string;
  type: string;
  startDate: string;
  endDate: string;
  teams: string[];
  phases: NewPhaseInput[];
}
