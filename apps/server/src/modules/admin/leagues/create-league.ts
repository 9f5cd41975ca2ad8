import {
  isInternationalLeagueType,
  MESSAGES,
  MIN_PHASE_TEAM_COUNT,
  normalizeTeamNames,
  sortPhasesByStage,
  validateLeagueName,
  validateNewLeague,
  validateTeamName,
} from '@fantarift/core';
import type { Database } from '../../../db/client.ts';
import { leaguePhases, leagues } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { badRequest } from '../../../lib/errors.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import { isIsoDate } from '../schemas.ts';
import { auditLeague, getAdminLeague } from './list-leagues.ts';
import type { AdminLeague, CreateLeagueBody } from './schemas.ts';

/** Checks of the create form beyond `validateNewLeague`: name characters, dates, team names, phase sizes. */
function validateCreate(body: CreateLeagueBody): string | null {
  const phases = body.phases.map((p) => ({ ...p, name: p.name.trim() }));
  const general = validateNewLeague({ ...body, phases });
  if (general) return general;
  const nameError = validateLeagueName(body.name);
  if (nameError) return nameError;
  if (!isIsoDate(body.startDate) || !isIsoDate(body.endDate)) return ADMIN_MESSAGES.invalidDate;
  const leagueTeams = new Set(normalizeTeamNames(body.teams));
  for (const team of leagueTeams) {
    const teamError = validateTeamName(team);
    if (teamError) return teamError;
  }
  for (const phase of phases) {
    if (phase.name === '') return ADMIN_MESSAGES.phaseNameRequired;
    if (phase.name.length > 50) return ADMIN_MESSAGES.phaseNameTooLong;
    if (phase.teamCount < MIN_PHASE_TEAM_COUNT) return MESSAGES.phases.minTeams;
    if (phase.startDate.trim() === '' || phase.endDate.trim() === '') return MESSAGES.phases.datesRequired;
    if (!isIsoDate(phase.startDate) || !isIsoDate(phase.endDate)) return ADMIN_MESSAGES.invalidDate;
    if (phase.endDate < phase.startDate) return MESSAGES.leagues.endBeforeStart;
    const phaseTeams = normalizeTeamNames(phase.participatingTeams ?? []);
    if (phaseTeams.length > phase.teamCount) return MESSAGES.phases.tooManyTeams(phase.teamCount);
    // an international league has no team list yet: its phases may name any team
    if (!isInternationalLeagueType(body.type)) {
      const outsider = phaseTeams.find((t) => !leagueTeams.has(t));
      if (outsider) return ADMIN_MESSAGES.phaseTeamNotInLeague(outsider);
    }
  }
  return null;
}

/**
 * Creates a league with its phases (admin spec §2, §4, §5): Upcoming, market closed, phases sorted by
 * stage rank with phase_order 1..n and the first one current.
 */
export async function createLeague(
  db: Database,
  actor: AuditActor,
  body: CreateLeagueBody,
): Promise<AdminLeague> {
  const error = validateCreate(body);
  if (error) throw badRequest(error, 'INVALID_LEAGUE');
  const teams = normalizeTeamNames(body.teams);
  const phases = sortPhasesByStage(body.phases.map((p) => ({ ...p, name: p.name.trim() })));

  const leagueId = await db.transaction(async (tx) => {
    const [league] = await tx
      .insert(leagues)
      .values({
        name: body.name.trim(),
        type: body.type,
        status: 'Upcoming',
        startDate: body.startDate,
        endDate: body.endDate,
        teams,
        marketOpen: false,
      })
      .returning();
    const phaseRows = await tx
      .insert(leaguePhases)
      .values(
        phases.map((p, i) => ({
          leagueId: league!.id,
          phaseName: p.name,
          phaseOrder: i + 1,
          teamCount: p.teamCount,
          startDate: p.startDate,
          endDate: p.endDate,
          participatingTeams: normalizeTeamNames(p.participatingTeams ?? []),
          isCurrent: i === 0,
        })),
      )
      .returning();
    await writeAudit(tx, actor, {
      action: 'CREATE_LEAGUE',
      tableName: 'leagues',
      recordId: league!.id,
      newValues: { ...auditLeague(league!), phases: phaseRows.map((p) => p.phaseName) },
      severity: 'MEDIUM',
    });
    return league!.id;
  });
  return getAdminLeague(db, leagueId);
}
