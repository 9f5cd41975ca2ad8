import type { Role } from '@fantarift/core';

/** GET /api/admin/rosters: one roster card. */
export interface AdminRoster {
  id: string;
  userId: string;
  username: string;
  email: string;
  leagueId: string;
  leagueName: string;
  playerCount: number;
  championCount: number;
  totalPoints: number;
  pointsAdjustment: number;
  pandaCoin: number;
  burroCoin: number;
  updatedAt: string;
}

export interface AdminRosterDetail extends AdminRoster {
  leagueTeams: string[];
  players: { id: string; name: string; team: string; role: Role; tier: number; cost: number }[];
  champions: { id: string; name: string; tier: number; cost: number; roles: Role[] }[];
}
