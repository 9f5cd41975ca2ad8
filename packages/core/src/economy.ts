/**
 * Coins, costs, refunds, roster limits and eligibility (spec §9, DECISIONS 1–7).
 * Both the server (which enforces) and the web app (which explains) use these.
 */

export const LEAGUE_TYPES = [
  'LCK',
  'LPL',
  'LEC',
  'LTA North',
  'World Championship',
  'MSI',
  'First Stand',
  'International',
] as const;
export type LeagueType = (typeof LEAGUE_TYPES)[number];

export const REGIONAL_LEAGUE_TYPES = ['LCK', 'LPL', 'LEC', 'LTA North'] as const;
export type RegionalLeagueType = (typeof REGIONAL_LEAGUE_TYPES)[number];

export const INTERNATIONAL_LEAGUE_TYPES = [
  'World Championship',
  'MSI',
  'First Stand',
  'International',
] as const;
export type InternationalLeagueType = (typeof INTERNATIONAL_LEAGUE_TYPES)[number];

export function isLeagueType(value: unknown): value is LeagueType {
  return typeof value === 'string' && (LEAGUE_TYPES as readonly string[]).includes(value);
}

export function isInternationalLeagueType(type: string): type is InternationalLeagueType {
  return (INTERNATIONAL_LEAGUE_TYPES as readonly string[]).includes(type);
}

export function isRegionalLeagueType(type: string): type is RegionalLeagueType {
  return (REGIONAL_LEAGUE_TYPES as readonly string[]).includes(type);
}

export const LEAGUE_STATUSES = ['Upcoming', 'Active', 'Completed'] as const;
export type LeagueStatus = (typeof LEAGUE_STATUSES)[number];

export const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The market filters show ADC as "BOT" (participant spec §2); the stored value stays 'ADC'. */
export function roleLabel(role: Role): string {
  return role === 'ADC' ? 'BOT' : role;
}

/**
 * The admin pages name a role as the admin spec does (Top, Jungle, Mid, ADC, Support, §2 "Manage
 * Rosters", §3): "BOT" is the participant side's name alone.
 */
export function adminRoleLabel(role: Role): string {
  return role;
}

export const PLAYER_TIERS = [1, 2, 3, 4, 5] as const;
export type PlayerTier = (typeof PLAYER_TIERS)[number];

export const CHAMPION_TIERS = [1, 2, 3, 4, 5, 6] as const;
export type ChampionTier = (typeof CHAMPION_TIERS)[number];

export const PREMIUM_CHAMPION_TIER = 6;

export function championTierLabel(tier: number): string {
  return tier === PREMIUM_CHAMPION_TIER ? 'Premium' : `Tier ${tier}`;
}

export const STARTING_PANDA_COIN = 15;

export interface Balance {
  pandaCoin: number;
  burroCoin: number;
}

/** DECISIONS 2: international events give 2 more Burro Coin because their champion pool is wider. */
export function startingBalance(leagueType: LeagueType | string): Balance {
  return { pandaCoin: STARTING_PANDA_COIN, burroCoin: isInternationalLeagueType(leagueType) ? 10 : 8 };
}

/**
 * DECISIONS 4: the cost follows from the tier and is never typed by hand, so a
 * champion's price can't drift from its tier.
 */
export function championCost(tier: number): number {
  if (!Number.isInteger(tier) || tier < 1 || tier > 6) {
    throw new RangeError(`Champion tier must be an integer between 1 and 6, got ${tier}`);
  }
  return tier === PREMIUM_CHAMPION_TIER ? 15 : tier;
}

function assertCost(cost: number): void {
  if (!Number.isInteger(cost) || cost < 0) {
    throw new RangeError(`Cost must be a non-negative integer, got ${cost}`);
  }
}

/**
 * DECISIONS 3: half the price paid, rounded up (1 → 1, 3 → 2, 4 → 2, 15 → 8).
 * Pass the price recorded on the holding, not today's price (DECISIONS 5).
 */
export function championRefund(cost: number): number {
  assertCost(cost);
  return Math.ceil(cost / 2);
}

/** DECISIONS 3: players are sold back at the full price paid. */
export function playerRefund(cost: number): number {
  assertCost(cost);
  return cost;
}

/** DECISIONS 1: a roster holds at most 5 players and 8 champions. */
export const ROSTER_LIMITS = { players: 5, champions: 8 } as const;

export function missingRoles(playerRoles: readonly Role[]): Role[] {
  const present = new Set<Role>(playerRoles);
  return ROLES.filter((role) => !present.has(role));
}

/** DECISIONS 7: a roster is valid with at least one player in each of the five roles. */
export function isRosterEligible(playerRoles: readonly Role[]): boolean {
  return missingRoles(playerRoles).length === 0;
}

export const CURRENCIES = ['PandaCoin', 'BurroCoin'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function currencyLabel(currency: Currency): string {
  return currency === 'PandaCoin' ? 'Panda Coin' : 'Burro Coin';
}

/** Players are paid in Panda Coin, champions in Burro Coin. */
export function currencyFor(itemKind: 'player' | 'champion'): Currency {
  return itemKind === 'player' ? 'PandaCoin' : 'BurroCoin';
}
