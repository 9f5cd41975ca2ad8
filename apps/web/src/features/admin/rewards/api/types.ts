export interface RewardPreviewRow {
  rosterId: string;
  userId: string;
  username: string;
  position: number;
  rewardTier: string;
  totalPoints: number;
  rewardAmount: number;
}

export interface DistributedReward {
  id: string;
  weekNumber: number;
  userId: string;
  username: string;
  userPosition: number;
  rewardTier: string;
  totalPoints: number;
  rewardAmount: number;
  createdAt: string;
}

export interface RewardWeek {
  weekNumber: number;
  total: number;
  rows: DistributedReward[];
}

export interface RosterSnapshot {
  id: string;
  leagueId: string;
  userId: string;
  rosterId: string | null;
  username: string;
  phaseName: string | null;
  snapshotDate: string;
  snapshotType: string;
  rosterData: unknown;
}

export interface HistoricalRow {
  position: number;
  rosterId: string;
  username: string;
  totalPoints: number;
  pandaCoin: number;
  burroCoin: number;
}
