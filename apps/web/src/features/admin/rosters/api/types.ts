import type { ApiSchema } from '@/lib/api/client';

/** GET /api/admin/rosters: one roster card. */
export type AdminRoster = ApiSchema<'AdminRoster'>;

export type AdminRosterDetail = ApiSchema<'AdminRosterDetail'>;

type HeldPlayer = AdminRosterDetail['players'][number];
type HeldChampion = AdminRosterDetail['champions'][number];

/** A player as the holdings editor lists it, held by the roster or not: the price paid is not shown. */
export type ListedPlayer = Omit<HeldPlayer, 'pricePaid' | 'acquiredAt'>;

/** A champion as the holdings editor lists it, held by the roster or not. */
export type ListedChampion = Omit<HeldChampion, 'pricePaid' | 'acquiredAt'>;
