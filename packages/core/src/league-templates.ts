/** Built-in teams and default phases offered when an admin creates a league (admin spec §2, §9). */
import type { LeagueType, RegionalLeagueType } from './economy.ts';
import { isInternationalLeagueType, isLeagueType, isRegionalLeagueType } from './economy.ts';
import { MESSAGES } from './messages.ts';

export { isRegionalLeagueType };

/** The demo data uses the same strings, so team names in stats and leagues match exactly. */
export const BUILT_IN_TEAMS: Record<RegionalLeagueType, readonly string[]> = {
  LCK: [
    'Gen.G',
    'T1',
    'Hanwha Life Esports',
    'KT Rolster',
    'Dplus KIA',
    'BNK FEARX',
    'Nongshim RedForce',
    'DN Freecs',
    'DRX',
    'OKSavingsBank BRION',
  ],
  LPL: [
    "Anyone's Legend",
    'Bilibili Gaming',
    'EDward Gaming',
    'FunPlus Phoenix',
    'Invictus Gaming',
    'JD Gaming',
    'LGD Gaming',
    'LNG Esports',
    'Ninjas in Pyjamas',
    'Oh My God',
    'Royal Never Give Up',
    'Team WE',
    'ThunderTalk Gaming',
    'Top Esports',
    'Ultra Prime',
    'Weibo Gaming',
  ],
  LEC: [
    'G2 Esports',
    'Fnatic',
    'Karmine Corp',
    'Movistar KOI',
    'Team BDS',
    'GIANTX',
    'SK Gaming',
    'Team Heretics',
    'Team Vitality',
    'Natus Vincere',
  ],
  'LTA North': [
    'Cloud9',
    'Team Liquid',
    'FlyQuest',
    '100 Thieves',
    'Dignitas',
    'Shopify Rebellion',
    'Disguised',
    'LYON',
  ],
};

/** International events mix teams from every region, so they have no built-in list. */
export function builtInTeams(type: LeagueType | string): string[] {
  return isRegionalLeagueType(type) ? [...BUILT_IN_TEAMS[type]] : [];
}

export interface DefaultPhase {
  name: string;
  teamCount: number;
}

export interface PhaseTemplate {
  phases: readonly DefaultPhase[];
  /** Team count proposed for a phase the admin names himself. */
  otherTeamCount: number;
}

const REGIONAL_PHASES: PhaseTemplate = {
  phases: [
    { name: 'Regular Season', teamCount: 10 },
    { name: 'Playoffs', teamCount: 6 },
    { name: 'Semifinals', teamCount: 4 },
    { name: 'Finals', teamCount: 2 },
  ],
  otherTeamCount: 10,
};

const GROUP_AND_KNOCKOUT_PHASES: PhaseTemplate = {
  phases: [
    { name: 'Group Stage', teamCount: 16 },
    { name: 'Knockout Stage', teamCount: 8 },
    { name: 'Semifinals', teamCount: 4 },
    { name: 'Finals', teamCount: 2 },
  ],
  otherTeamCount: 10,
};

export const DEFAULT_PHASES: Record<LeagueType, PhaseTemplate> = {
  LCK: REGIONAL_PHASES,
  LPL: REGIONAL_PHASES,
  LEC: REGIONAL_PHASES,
  'LTA North': REGIONAL_PHASES,
  MSI: {
    phases: [
      { name: 'Play-in Stage', teamCount: 6 },
      { name: 'Bracket Stage', teamCount: 4 },
      { name: 'Finals', teamCount: 2 },
    ],
    otherTeamCount: 8,
  },
  'World Championship': {
    phases: [
      { name: 'Play-in Stage', teamCount: 8 },
      { name: 'Swiss Stage', teamCount: 16 },
      { name: 'Knockout Stage', teamCount: 8 },
      { name: 'Finals', teamCount: 2 },
    ],
    otherTeamCount: 16,
  },
  'First Stand': GROUP_AND_KNOCKOUT_PHASES,
  International: GROUP_AND_KNOCKOUT_PHASES,
};

export const MIN_PHASE_TEAM_COUNT = 2;

export const PHASE_STAGE_RANK: Readonly<Record<string, number>> = {
  'Regular Season': 1,
  'Group Stage': 1,
  'Play-in Stage': 1,
  'Swiss Stage': 2,
  Playoffs: 2,
  'Bracket Stage': 2,
  'Knockout Stage': 3,
  Semifinals: 3,
  Finals: 4,
};

export const UNKNOWN_PHASE_RANK = 99;

/** Custom phase names sort after every known stage. */
export function phaseStageRank(name: string): number {
  return Object.hasOwn(PHASE_STAGE_RANK, name)
    ? (PHASE_STAGE_RANK[name] ?? UNKNOWN_PHASE_RANK)
    : UNKNOWN_PHASE_RANK;
}

/** Stable: phases of the same rank keep the order the admin added them in. */
export function sortPhasesByStage<T extends { name: string }>(phases: readonly T[]): T[] {
  return phases
    .map((phase, index) => ({ phase, index, rank: phaseStageRank(phase.name) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ phase }) => phase);
}

export interface DatedPhase {
  name: string;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** 'YYYY-MM-DD' */
  endDate: string;
}

/**
 * The first consecutive pair where a phase ends after the next one starts. Ending on
 * the day the next starts is allowed. 'YYYY-MM-DD' strings compare correctly as text.
 */
export function findPhaseOverlap(phases: readonly DatedPhase[]): { phase: string; nextPhase: string } | null {
  for (let i = 0; i + 1 < phases.length; i++) {
    const current = phases[i];
    const next = phases[i + 1];
    if (current && next && current.endDate > next.startDate) {
      return { phase: current.name, nextPhase: next.name };
    }
  }
  return null;
}

/** Custom team entry ignores blank and duplicate names (admin spec §2); the first spelling wins. */
export function normalizeTeamNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLocaleLowerCase('it');
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(name);
  }
  return result;
}

export interface NewLeagueInput {
  name: string;
  type: string;
  startDate: string;
  endDate: string;
  teams: readonly string[];
  phases: readonly DatedPhase[];
}

/**
 * "League create" checks of admin spec §5, in the spec's order; returns the first
 * failing message or null. International types are exempt from the team rules
 * because their teams are only known phase by phase.
 */
export function validateNewLeague(input: NewLeagueInput): string | null {
  const m = MESSAGES.leagues;
  if (
    input.name.trim() === '' ||
    input.type.trim() === '' ||
    input.startDate.trim() === '' ||
    input.endDate.trim() === ''
  ) {
    return m.fillRequiredFields;
  }
  if (!isLeagueType(input.type)) return m.invalidType;
  if (input.endDate < input.startDate) return m.endBeforeStart;
  if (!isInternationalLeagueType(input.type)) {
    const teams = normalizeTeamNames(input.teams);
    if (teams.length === 0) return m.selectAtLeastOneTeam;
    if (teams.length < 2) return m.atLeastTwoTeams;
  }
  if (input.phases.length === 0) return m.addAtLeastOnePhase;
  const seen = new Set<string>();
  for (const phase of input.phases) {
    if (seen.has(phase.name)) return m.duplicatePhase(phase.name);
    seen.add(phase.name);
  }
  const overlap = findPhaseOverlap(sortPhasesByStage(input.phases));
  if (overlap) return m.phaseOverlap(overlap.phase, overlap.nextPhase);
  return null;
}
