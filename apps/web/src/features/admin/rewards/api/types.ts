export interface RewardPreviewRow {
  rosterId: string;
  userId: string;
  username: string;
  position: number;
  rewardTier: string;
  totalPoints: number;
  rewardAmount: number;
  /** the threshold bonus (DECISIONS 19), 0 when the week's points missed it */
  bonusAmount: number;
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
  bonusAmount: number;
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

/** DECISIONS 28: points, coins and holdings together, or points alone */
export type RestoreMode = 'all' | 'points';

interface FromTo {
  from: number;
  to: number;
}

/** What a restore changes (or would change, in its preview) for one roster. */
export interface RestoreChange {
  rosterId: string;
  username: string;
  totalPoints: FromTo;
  pandaCoin: FromTo;
  burroCoin: FromTo;
  playersAdded: string[];
  playersRemoved: string[];
  championsAdded: string[];
  championsRemoved: string[];
}

export interface RestoreResult {
  restored: number;
  message: string;
  changes: RestoreChange[];
}
