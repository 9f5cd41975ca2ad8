import { MESSAGES } from '@fantarift/core';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { leaguePhases, leagues } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { announceLeagueChange } from '../../../lib/league-events.ts';
import { presentLeagueFields } from '../../leagues/index.ts';
import type { AdminLeague, AdminPhase } from './schemas.ts';

type LeagueRow = typeof leagues.$inferSelect;
type PhaseRow = typeof leaguePhases.$inferSelect;

export function presentPhase(p: PhaseRow): AdminPhase {
  return {
    id: p.id,
    leagueId: p.leagueId,
    phaseName: p.phaseName,
    phaseOrder: p.phaseOrder,
    teamCount: p.teamCount,
    startDate: p.startDate,
    endDate: p.endDate,
    participatingTeams: p.participatingTeams,
    isCurrent: p.isCurrent,
    createdAt: p.createdAt,
  };
}

function present(l: LeagueRow, participantCount: number, phases: PhaseRow[]): AdminLeague {
  return {
    ...presentLeagueFields(l),
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    participantCount: Number(participantCount),
    phases: phases.map(presentPhase),
  };
}

const participantCount = leagues.participantCount;

async function phasesOf(db: DbOrTx, leagueIds: string[]) {
  if (leagueIds.length === 0) return new Map<string, PhaseRow[]>();
  const rows = await db
    .select()
    .from(leaguePhases)
    .where(inArray(leaguePhases.leagueId, leagueIds))
    .orderBy(asc(leaguePhases.phaseOrder), asc(leaguePhases.createdAt));
  const byLeague = new Map<string, PhaseRow[]>();
  for (const r of rows) byLeague.set(r.leagueId, [...(byLeague.get(r.leagueId) ?? []), r]);
  return byLeague;
}

/** Every league by name, with its participant count and its phases by phase_order. */
export async function listAdminLeagues(db: DbOrTx): Promise<AdminLeague[]> {
  const rows = await db
    .select({ league: leagues, participantCount })
    .from(leagues)
    .orderBy(asc(leagues.name));
  const phases = await phasesOf(
    db,
    rows.map((r) => r.league.id),
  );
  return rows.map((r) => present(r.league, r.participantCount, phases.get(r.league.id) ?? []));
}

export async function getAdminLeague(db: DbOrTx, leagueId: string): Promise<AdminLeague> {
  const [row] = await db
    .select({ league: leagues, participantCount })
    .from(leagues)
    .where(eq(leagues.id, leagueId));
  if (!row) throw notFound(MESSAGES.leagues.notFound, 'LEAGUE_NOT_FOUND');
  const phases = await phasesOf(db, [leagueId]);
  return present(row.league, row.participantCount, phases.get(leagueId) ?? []);
}

/**
 * The league row locked for the rest of the transaction, or the spec's "not found". Every admin edit of a
 * league (settings, rules text, market, teams, phases, deletion) takes it, so it announces the edit to the
 * league's pages: a `league` event (every screen), or `change` when the edit is narrower (the market
 * toggle), published if the edit commits.
 */
export async function lockLeague(
  db: DbOrTx,
  leagueId: string,
  message: string = MESSAGES.leagues.notFound,
  change: 'league' | 'market' = 'league',
) {
  const [league] = await db.select().from(leagues).where(eq(leagues.id, leagueId)).for('update');
  if (!league) throw notFound(message, 'LEAGUE_NOT_FOUND');
  await announceLeagueChange(db, leagueId, change);
  return league;
}

/** The fields of a league worth keeping in the audit log (everything but timestamps). */
export function auditLeague(l: LeagueRow) {
  const { createdAt: _c, updatedAt: _u, ...rest } = l;
  return rest;
}

/** The league row without a lock (reads), or the given "not found" message. */
export async function findLeagueRow(
  db: DbOrTx,
  leagueId: string,
  message: string = MESSAGES.leagues.notFound,
) {
  const [league] = await db.select().from(leagues).where(eq(leagues.id, leagueId));
  if (!league) throw notFound(message, 'LEAGUE_NOT_FOUND');
  return league;
}
