import {
  DEFAULT_PHASES,
  isLeagueType,
  MESSAGES,
  MIN_PHASE_TEAM_COUNT,
  normalizeTeamNames,
  sortPhasesByStage,
  validateNewLeague,
} from '@fantarift/core';
import type { NewLeagueBody } from '../api/types';

/** One row of the phase builder; team count is kept as typed until it is normalised. */
export interface BuilderPhase {
  key: string;
  name: string;
  teamCount: string;
  startDate: string;
  endDate: string;
  /** Teams chosen for the phase while the league is created (at most its team count). */
  participatingTeams?: string[];
}

export interface CreateLeagueValues {
  name: string;
  type: string;
  startDate: string;
  endDate: string;
  teams: string[];
  phases: BuilderPhase[];
}

let nextKey = 0;
export const phaseKey = () => `phase-${++nextKey}`;

/** Team count input: whole numbers from 2 up; anything else falls back to 2 (spec §5). */
export function normalizeTeamCount(value: string | number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isInteger(n) && n >= MIN_PHASE_TEAM_COUNT ? n : MIN_PHASE_TEAM_COUNT;
}

/** The phases proposed for a league type, without dates. */
export function defaultPhasesFor(type: string): BuilderPhase[] {
  if (!isLeagueType(type)) return [];
  return DEFAULT_PHASES[type].phases.map((p) => ({
    key: phaseKey(),
    name: p.name,
    teamCount: String(p.teamCount),
    startDate: '',
    endDate: '',
  }));
}

/** Phase names the "add phase" list offers: the type's, minus those already used (each type once). */
export function availablePhaseNames(type: string, phases: readonly BuilderPhase[]): string[] {
  if (!isLeagueType(type)) return [];
  const used = new Set(phases.map((p) => p.name));
  return DEFAULT_PHASES[type].phases.map((p) => p.name).filter((name) => !used.has(name));
}

/** The team count proposed for a phase name of this type ('other' count for custom names). */
export function proposedTeamCount(type: string, name: string): number {
  if (!isLeagueType(type)) return 10;
  const template = DEFAULT_PHASES[type];
  return template.phases.find((p) => p.name === name)?.teamCount ?? template.otherTeamCount;
}

/** Adds a team typed by hand; blank and duplicate names are ignored. */
export function addCustomTeams(teams: readonly string[], typed: string): string[] {
  return normalizeTeamNames([...teams, ...typed.split(/[,\n]/)]);
}

export const sortBuilderPhases = (phases: readonly BuilderPhase[]) => sortPhasesByStage(phases);

/**
 * The create form's checks in the spec's order (§5): required fields, teams, at least one phase, then
 * each phase's dates, then overlapping consecutive phases. Returns the first message or null.
 */
export function validateCreateLeague(values: CreateLeagueValues): string | null {
  const phases = sortBuilderPhases(values.phases).map((p) => ({
    name: p.name.trim(),
    startDate: p.startDate,
    endDate: p.endDate,
  }));
  const base = { ...values, teams: values.teams };
  // Without dates no pair can overlap: this finds every problem that comes before the dates.
  const general = validateNewLeague({
    ...base,
    phases: phases.map((p) => ({ ...p, startDate: '', endDate: '' })),
  });
  if (general) return general;
  if (phases.some((p) => p.startDate === '' || p.endDate === '')) return MESSAGES.phases.datesRequired;
  if (phases.some((p) => p.endDate < p.startDate)) return MESSAGES.leagues.endBeforeStart;
  return validateNewLeague({ ...base, phases });
}

export function toCreateBody(values: CreateLeagueValues): NewLeagueBody {
  return {
    name: values.name.trim(),
    type: values.type,
    startDate: values.startDate,
    endDate: values.endDate,
    teams: normalizeTeamNames(values.teams),
    phases: sortBuilderPhases(values.phases).map((p) => ({
      name: p.name.trim(),
      teamCount: normalizeTeamCount(p.teamCount),
      startDate: p.startDate,
      endDate: p.endDate,
      // teams no longer in the league (removed after being ticked) are not sent
      participatingTeams: (p.participatingTeams ?? [])
        .filter((t) => values.teams.includes(t))
        .slice(0, normalizeTeamCount(p.teamCount)),
    })),
  };
}
