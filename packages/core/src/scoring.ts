/**
 * Points from match statistics (admin spec §9 "Player game score", DECISIONS 11–14).
 * Player game points are the same for every roster; champion bonuses and series MVP
 * points depend on what a roster held at match start and are added per roster.
 */
import { z } from 'zod';
import { decimalInRange, intInRange, RULE_VALUE_MAX } from './input.ts';

// numeric(12, 2) columns; ±1000 per event keeps every computed sum inside them
const points = decimalInRange(-RULE_VALUE_MAX, RULE_VALUE_MAX);

export const ScoringRulesSchema = z.object({
  killPoints: points,
  assistPoints: points,
  deathPoints: points,
  csPointsPer10: points,
  /** "legacy MVP": kept because the admin screen edits it; no formula of ours uses it. */
  mvpPoints: points,
  gameMvpPoints: points,
  dragonPoints: points,
  baronPoints: points,
  elderPoints: points,
  heraldPoints: points,
  towerPoints: points,
  firstBloodPoints: points,
  firstObjectivePoints: points,
  firstTowerPoints: points,
  athakanPoints: points,
  larvaPoints: points,
  doubleKillPoints: points,
  tripleKillPoints: points,
  quadraKillPoints: points,
  pentaKillPoints: points,
  seriesMvpPoints: points,
  junglerStealBonus: points,
  burroRewardThreshold: decimalInRange(-1_000_000, 1_000_000),
  burroRewardAmount: intInRange(0, 1000),
  zeroDeathsBonus: points,
  championWinBonusEnabled: z.boolean(),
  perfectSeriesBonus: points,
  championMatchBonus: points,
  /** "Capitano" (issue 29): the captain's week points are multiplied by this; 1 is off. */
  captainMultiplier: z.union([z.literal(1), z.literal(1.5), z.literal(2)]),
  /** "Vice capitano": the vice's points are multiplied when the captain did not play that week. */
  viceCaptainEnabled: z.boolean(),
});
export type ScoringRules = z.infer<typeof ScoringRulesSchema>;

/** The captain options an admin can choose: off, ×1.5, ×2. */
export const CAPTAIN_MULTIPLIERS = [1, 1.5, 2] as const;
export type CaptainMultiplier = (typeof CAPTAIN_MULTIPLIERS)[number];

/** What an admin may send or a stored row may hold: any subset; missing values come from the defaults. */
export const PartialScoringRulesSchema = ScoringRulesSchema.partial();
export type PartialScoringRules = { [K in keyof ScoringRules]?: ScoringRules[K] | null };

/** Spec §9 defaults, used for any value a stored rule row does not set (DECISIONS 16). */
export const DEFAULT_SCORING_RULES: ScoringRules = Object.freeze({
  killPoints: 2,
  assistPoints: 1.5,
  deathPoints: -0.5,
  csPointsPer10: 0.2,
  mvpPoints: 5,
  gameMvpPoints: 3,
  dragonPoints: 1,
  baronPoints: 2,
  elderPoints: 3,
  heraldPoints: 1,
  towerPoints: 1,
  firstBloodPoints: 1,
  firstObjectivePoints: 1,
  firstTowerPoints: 1,
  athakanPoints: 2,
  larvaPoints: 0.5,
  doubleKillPoints: 4,
  tripleKillPoints: 6,
  quadraKillPoints: 8,
  pentaKillPoints: 10,
  seriesMvpPoints: 10,
  junglerStealBonus: 2,
  burroRewardThreshold: 10,
  burroRewardAmount: 1,
  zeroDeathsBonus: 2,
  championWinBonusEnabled: true,
  perfectSeriesBonus: 3,
  championMatchBonus: 2,
  captainMultiplier: 1,
  viceCaptainEnabled: true,
});

const RULE_KEYS = Object.keys(DEFAULT_SCORING_RULES) as (keyof ScoringRules)[];

/**
 * Fills every missing (undefined or null) value from the defaults. Stored rows have
 * nullable columns, so null means "not set" rather than "zero"; the win bonus is on
 * unless explicitly false, as in the spec.
 */
export function resolveScoringRules(partial: PartialScoringRules | null | undefined): ScoringRules {
  const resolved: Record<string, number | boolean> = { ...DEFAULT_SCORING_RULES };
  if (!partial) return resolved as ScoringRules;
  for (const key of RULE_KEYS) {
    const value = partial[key];
    if (key === 'championWinBonusEnabled' || key === 'viceCaptainEnabled') {
      resolved[key] = value !== false;
    } else if (key === 'captainMultiplier') {
      if (CAPTAIN_MULTIPLIERS.includes(value as CaptainMultiplier)) resolved[key] = value as number;
    } else if (typeof value === 'number' && Number.isFinite(value)) {
      resolved[key] = value;
    }
  }
  return resolved as ScoringRules;
}

/**
 * Rounds to one decimal, half away from zero (like PostgreSQL's numeric round, so the
 * server's SQL and this function agree). The 12-significant-digit step first removes
 * binary noise: 0.15 * 10 is 1.4999999999999998, which would otherwise round down.
 */
export function round1(value: number): number {
  const scaled = Number((Math.abs(value) * 10).toPrecision(12));
  const rounded = (Math.sign(value) * Math.round(scaled)) / 10;
  return rounded === 0 ? 0 : rounded;
}

/** Removes float noise (0.1 + 0.2) without rounding away any real decimals of a rule. */
function clean(value: number): number {
  const cleaned = Number(value.toPrecision(12));
  return cleaned === 0 ? 0 : cleaned;
}

/** Statistics inputs are counts: negative or missing values count as 0 (admin spec §5). */
function count(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

export interface TeamObjectives {
  dragons: number;
  barons: number;
  elders: number;
  heralds: number;
  towers: number;
  larvas: number;
  firstBlood: boolean;
  firstDrake: boolean;
  firstBaron: boolean;
  firstHerald: boolean;
  firstElder: boolean;
  firstTower: boolean;
  athakan: boolean;
}

export const MAX_DRAGONS = 4;

/**
 * One team's objective points for one game. Dragons are clamped to 0–4 and the
 * herald to 0/1 as the editor does, so a bad stored value can't inflate points.
 * First-objective points are paid once for each of first drake, baron, herald and elder.
 */
export function teamObjectivePoints(objectives: TeamObjectives, rules: ScoringRules): number {
  const dragons = Math.min(count(objectives.dragons), MAX_DRAGONS);
  const heralds = Math.min(count(objectives.heralds), 1);
  const firstObjectives = [
    objectives.firstDrake,
    objectives.firstBaron,
    objectives.firstHerald,
    objectives.firstElder,
  ].filter(Boolean).length;
  return clean(
    dragons * rules.dragonPoints +
      count(objectives.barons) * rules.baronPoints +
      count(objectives.elders) * rules.elderPoints +
      heralds * rules.heraldPoints +
      count(objectives.towers) * rules.towerPoints +
      count(objectives.larvas) * rules.larvaPoints +
      (objectives.firstBlood ? rules.firstBloodPoints : 0) +
      firstObjectives * rules.firstObjectivePoints +
      (objectives.firstTower ? rules.firstTowerPoints : 0) +
      (objectives.athakan ? rules.athakanPoints : 0),
  );
}

export const PLAYERS_PER_TEAM = 5;

/** Each of the five players gets one fifth of the team's objective points (DECISIONS 11). */
export function objectiveShare(objectives: TeamObjectives | null, rules: ScoringRules): number {
  return objectives ? teamObjectivePoints(objectives, rules) / PLAYERS_PER_TEAM : 0;
}

/** The counted statistics of a player's game (PlayerGameStats but the game MVP flag), in the stats editor's order. */
export const PLAYER_STAT_COUNTS = [
  'kills',
  'deaths',
  'assists',
  'cs',
  'doubleKills',
  'tripleKills',
  'quadraKills',
  'pentaKills',
  'jungleSteals',
] as const;
export type PlayerStatCount = (typeof PLAYER_STAT_COUNTS)[number];

export interface PlayerGameStats {
  kills: number;
  deaths: number;
  assists: number;
  cs: number;
  doubleKills: number;
  tripleKills: number;
  quadraKills: number;
  pentaKills: number;
  /** "Objective Steals" in the editor. */
  jungleSteals: number;
  /** Game MVP. */
  mvp: boolean;
}

export interface PlayerGameInput {
  stats: PlayerGameStats;
  /** The player's team's objectives in the same game; null when not entered. */
  teamObjectives: TeamObjectives | null;
  /** The player's team won the series in a sweep (see `isPerfectSeries`). */
  perfectSeriesWinner: boolean;
}

/**
 * A player's points for one game, identical for every roster (DECISIONS 11).
 * Rounded once, at the end, so per-part rounding can't drift the total.
 */
export function playerGamePoints(input: PlayerGameInput, rules: ScoringRules): number {
  const { stats } = input;
  const deaths = count(stats.deaths);
  return round1(
    count(stats.kills) * rules.killPoints +
      count(stats.assists) * rules.assistPoints +
      deaths * rules.deathPoints +
      Math.floor(count(stats.cs) / 10) * rules.csPointsPer10 +
      count(stats.doubleKills) * rules.doubleKillPoints +
      count(stats.tripleKills) * rules.tripleKillPoints +
      count(stats.quadraKills) * rules.quadraKillPoints +
      count(stats.pentaKills) * rules.pentaKillPoints +
      count(stats.jungleSteals) * rules.junglerStealBonus +
      (stats.mvp ? rules.gameMvpPoints : 0) +
      (deaths === 0 ? rules.zeroDeathsBonus : 0) +
      objectiveShare(input.teamObjectives, rules) +
      (input.perfectSeriesWinner ? rules.perfectSeriesBonus : 0),
  );
}

export interface ChampionBonusInput {
  /** Tier (1–6) of the champion the player used, which the roster held at match start. */
  championTier: number;
  teamWonGame: boolean;
}

/**
 * DECISIONS 12: the champion match bonus is the champion's tier, and the win bonus
 * (when enabled) adds the tier again. We follow DECISIONS over the spec's
 * `championMatchBonus` default of 2: the spec's own formula text says "equal to the
 * tier of a rostered champion", so that rule value is kept but not used here.
 */
export function championBonus(input: ChampionBonusInput, rules: ScoringRules): number {
  const tier = input.championTier;
  return tier + (rules.championWinBonusEnabled && input.teamWonGame ? tier : 0);
}

export interface RosterGameInput {
  playerPoints: number;
  /** Tier of the champion the player used if this roster held it at match start, else null. */
  heldChampionTier: number | null;
  teamWonGame: boolean;
}

/** One rostered player's contribution to one roster for one game (DECISIONS 11–12, 14). */
export function rosterGamePoints(input: RosterGameInput, rules: ScoringRules): number {
  const bonus =
    input.heldChampionTier === null
      ? 0
      : championBonus({ championTier: input.heldChampionTier, teamWonGame: input.teamWonGame }, rules);
  return round1(input.playerPoints + bonus);
}

/**
 * DECISIONS 19: a roster whose points in a week reach the threshold earns extra Burro Coin.
 */
export function burroThresholdBonus(weekPoints: number, rules: ScoringRules): number {
  return weekPoints >= rules.burroRewardThreshold ? rules.burroRewardAmount : 0;
}

/** A roster's points change only when they differ by more than this (admin spec §4). */
export const POINTS_UPDATE_TOLERANCE = 0.01;

export function pointsDiffer(a: number, b: number): boolean {
  return Math.abs(a - b) > POINTS_UPDATE_TOLERANCE + 1e-9;
}
