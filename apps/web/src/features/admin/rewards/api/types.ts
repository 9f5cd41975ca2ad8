import type { ApiResponse } from '@/lib/api/client';

type RewardPreview = ApiResponse<'post', '/api/admin/weekly-rewards/calculate'>;

/** One roster's reward in a week's preview; `bonusAmount` is the threshold bonus (DECISIONS 19). */
export type RewardPreviewRow = RewardPreview['rows'][number];

export type RewardWeek = ApiResponse<'get', '/api/admin/weekly-rewards'>['weeks'][number];

export type DistributedReward = RewardWeek['rows'][number];

export type RosterSnapshot = ApiResponse<'get', '/api/admin/snapshots'>['snapshots'][number];

/** DECISIONS 28: points, coins and holdings together, or points alone */
export type RestoreMode = 'all' | 'points';

/** What a restore does (or would do, in its preview). */
export type RestoreResult = ApiResponse<'post', '/api/admin/snapshots/{snapshotId}/restore'>;

/** What a restore changes for one roster. */
export type RestoreChange = RestoreResult['changes'][number];
