/**
 * "Why these points" (issue 14): the lines a player's game points are made of, built from the same
 * rule values and helpers as `playerGamePoints`, whose result is the total (so the explanation can
 * never disagree with the engine: what rounding adds is its own line).
 */
import {
  championBonus,
  PLAYERS_PER_TEAM,
  type PlayerGameInput,
  playerGamePoints,
  round1,
  type ScoringRules,
  teamObjectivePoints,
} from './scoring.ts';

/** The kinds of line a player's game points are made of, in the order the breakdown lists them. */
export const POINTS_LINE_KINDS = [
  'kills',
  'assists',
  'deaths',
  'cs',
  'doubleKills',
  'tripleKills',
  'quadraKills',
  'pentaKills',
  'jungleSteals',
  'gameMvp',
  'zeroDeaths',
  'objectives',
  'perfectSeries',
  'rounding',
] as const;
export type PointsLineKind = (typeof POINTS_LINE_KINDS)[number];

/** Italian names of the lines, as the breakdown shows them ("Uccisioni 5 × 2 = 10"). */
export const POINTS_LINE_LABELS: Record<PointsLineKind, string> = {
  kills: 'Uccisioni',
  assists: 'Assist',
  deaths: 'Morti',
  cs: 'CS (ogni 10)',
  doubleKills: 'Doppie uccisioni',
  tripleKills: 'Triple uccisioni',
  quadraKills: 'Quadra uccisioni',
  pentaKills: 'Penta uccisioni',
  jungleSteals: 'Furti di obiettivi',
  gameMvp: 'MVP della partita',
  zeroDeaths: 'Bonus zero morti',
  objectives: 'Quota obiettivi di squadra',
  perfectSeries: 'Bonus serie perfetta',
  rounding: 'Arrotondamento',
};

export interface PointsLine {
  kind: PointsLineKind;
  /** How many times the rule applies (e.g. 5 kills); null for a line that is a value of its own. */
  count: number | null;
  /** Points per unit (the rule); for the objective share, the team's objective points. */
  per: number | null;
  points: number;
}

/** Two decimals without float noise: every rule value has at most two. */
function cents(value: number): number {
  const v = Math.round(value * 100) / 100;
  return v === 0 ? 0 : v;
}

function countOf(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * The lines of one player's game points and their total (= `playerGamePoints`). Stat lines are shown
 * whenever the stat is not zero (kills, assists, deaths and CS always, as the stat line of the game);
 * bonuses only when they apply.
 */
export function playerGamePointsLines(
  input: PlayerGameInput,
  rules: ScoringRules,
): { lines: PointsLine[]; total: number } {
  const { stats } = input;
  const lines: PointsLine[] = [];
  const times = (kind: PointsLineKind, n: number, per: number, always = false) => {
    if (n !== 0 || always) lines.push({ kind, count: n, per, points: cents(n * per) });
  };
  const deaths = countOf(stats.deaths);
  times('kills', countOf(stats.kills), rules.killPoints, true);
  times('assists', countOf(stats.assists), rules.assistPoints, true);
  times('deaths', deaths, rules.deathPoints, true);
  times('cs', Math.floor(countOf(stats.cs) / 10), rules.csPointsPer10, true);
  times('doubleKills', countOf(stats.doubleKills), rules.doubleKillPoints);
  times('tripleKills', countOf(stats.tripleKills), rules.tripleKillPoints);
  times('quadraKills', countOf(stats.quadraKills), rules.quadraKillPoints);
  times('pentaKills', countOf(stats.pentaKills), rules.pentaKillPoints);
  times('jungleSteals', countOf(stats.jungleSteals), rules.junglerStealBonus);
  if (stats.mvp) times('gameMvp', 1, rules.gameMvpPoints);
  if (deaths === 0) times('zeroDeaths', 1, rules.zeroDeathsBonus);
  if (input.teamObjectives) {
    const team = teamObjectivePoints(input.teamObjectives, rules);
    lines.push({ kind: 'objectives', count: null, per: team, points: cents(team / PLAYERS_PER_TEAM) });
  }
  if (input.perfectSeriesWinner) times('perfectSeries', 1, rules.perfectSeriesBonus);
  const total = playerGamePoints(input, rules);
  const rest = cents(total - lines.reduce((sum, line) => sum + line.points, 0));
  if (rest !== 0) lines.push({ kind: 'rounding', count: null, per: null, points: rest });
  return { lines, total };
}

/** The champion bonus split into its two parts (DECISIONS 12): the match bonus and the win bonus. */
export function championBonusParts(
  championTier: number,
  teamWonGame: boolean,
  rules: ScoringRules,
): { matchBonus: number; winBonus: number } {
  const matchBonus = championBonus({ championTier, teamWonGame: false }, rules);
  const all = championBonus({ championTier, teamWonGame }, rules);
  return { matchBonus, winBonus: round1(all - matchBonus) };
}
