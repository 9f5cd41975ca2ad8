import { MESSAGES, MIN_PHASE_TEAM_COUNT, normalizeTeamNames } from '@fantarift/core';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { leaguePhases, type leagues } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import { isIsoDate } from '../schemas.ts';

type LeagueRow = typeof leagues.$inferSelect;
export type PhaseRow = typeof leaguePhases.$inferSelect;

export async function lockPhase(tx: DbOrTx, leagueId: string, phaseId: string): Promise<PhaseRow> {
  const [phase] = await tx
    .select()
    .from(leaguePhases)
    .where(and(eq(leaguePhases.id, phaseId), eq(leaguePhases.leagueId, leagueId)))
    .for('update');
  if (!phase) throw notFound(MESSAGES.phases.notFound, 'PHASE_NOT_FOUND');
  return phase;
}

export async function leaguePhaseRows(tx: DbOrTx, leagueId: string): Promise<PhaseRow[]> {
  return tx
    .select()
    .from(leaguePhases)
    .where(eq(leaguePhases.leagueId, leagueId))
    .orderBy(asc(leaguePhases.phaseOrder), asc(leaguePhases.createdAt));
}

export function checkTeamCount(teamCount: number | undefined): number {
  if (teamCount === undefined || !Number.isInteger(teamCount) || teamCount < MIN_PHASE_TEAM_COUNT) {
    throw badRequest(MESSAGES.phases.minTeams, 'INVALID_PHASE');
  }
  return teamCount;
}

/** Start and end are both required (spec §5: "start and end dates required to add"). */
export function checkDates(startDate: string | null | undefined, endDate: string | null | undefined) {
  const start = startDate?.trim() ?? '';
  const end = endDate?.trim() ?? '';
  if (start === '' || end === '') throw badRequest(MESSAGES.phases.datesRequired, 'INVALID_PHASE');
  if (!isIsoDate(start) || !isIsoDate(end)) throw badRequest(ADMIN_MESSAGES.invalidDate, 'INVALID_PHASE');
  if (end < start) throw badRequest(MESSAGES.leagues.endBeforeStart, 'INVALID_PHASE');
  return { startDate: start, endDate: end };
}

/**
 * A phase's teams: blank and duplicate names ignored, never more than team_count, and (when the league
 * has a team list) only the league's teams. International events without a list may name any team.
 */
export function checkPhaseTeams(league: LeagueRow, names: readonly string[], teamCount: number): string[] {
  const teams = normalizeTeamNames(names);
  if (teams.length > teamCount) throw badRequest(MESSAGES.phases.tooManyTeams(teamCount), 'TOO_MANY_TEAMS');
  if (league.teams.length > 0) {
    const outsider = teams.find((t) => !league.teams.includes(t));
    if (outsider) throw badRequest(ADMIN_MESSAGES.phaseTeamNotInLeague(outsider), 'TEAM_NOT_IN_LEAGUE');
  }
  return teams;
}

export function auditPhase(p: PhaseRow) {
  const { createdAt: _c, ...rest } = p;
  return rest;
}
