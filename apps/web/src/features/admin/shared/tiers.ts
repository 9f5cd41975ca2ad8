import { CHAMPION_TIERS } from '@fantarift/core';

/** The champion tier choices of the admin filters: tier 6 is the Premium one. */
export const CHAMPION_TIER_OPTIONS = CHAMPION_TIERS.map((t) => ({
  value: String(t),
  label: t === 6 ? '6 (Premium)' : String(t),
}));
