import type { ApiSchema } from '@/lib/api/client';

/** GET /api/leagues, one league as the signed-in user sees it. Dates are ISO strings. */
export type League = ApiSchema<'League'>;

export type MyRoster = ApiSchema<'MyRoster'>;

export type PublicRoster = ApiSchema<'PublicRoster'>;

export type Eligibility = MyRoster['eligibility'];

export type RosterTransaction = MyRoster['transactions'][number];

export type ItemKind = 'player' | 'champion';

export type TradeResult = ApiSchema<'TradeResult'>;
