import { MESSAGES } from '@fantarift/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { leagues, matches, weeks } from '../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../lib/audit.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { announceLeagueChange } from '../../lib/league-events.ts';
import { lockSeasonVersion } from '../../lib/season-version.ts';
import { lockSettledPoints, refreshTotals } from '../points/index.ts';

export interface WeekInput {
  weekNumber: number;
  name: string;
  startDate: string;
  endDate: string;
  isActive?: boolean;
}

function checkDates(input: { startDate: string; endDate: string }) {
  if (!input.startDate || !input.endDate) throw badRequest(MESSAGES.weeks.datesRequired);
  if (input.startDate >= input.endDate) throw badRequest(MESSAGES.weeks.startBeforeEnd);
}

export async function listWeeks(db: Database, leagueId: string) {
  const rows = await db
    .select()
    .from(weeks)
    .where(eq(weeks.leagueId, leagueId))
    .orderBy(asc(weeks.weekNumber));
  const weekMatches = rows.length
    ? await db
        .select()
        .from(matches)
        .where(
          inArray(
            matches.weekId,
            rows.map((w) => w.id),
          ),
        )
        .orderBy(asc(matches.date))
    : [];
  return rows.map((w) => ({ ...w, matches: weekMatches.filter((m) => m.weekId === w.id) }));
}

export async function createWeek(db: Database, actor: AuditActor, leagueId: string, input: WeekInput) {
  checkDates(input);
  try {
    return await db.transaction(async (tx) => {
      const [league] = await tx.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, leagueId));
      if (!league) throw notFound(MESSAGES.weeks.selectLeagueFirst);
      const [week] = await tx
        .insert(weeks)
        .values({ leagueId, ...input, isActive: input.isActive ?? true })
        .returning();
      await announceLeagueChange(tx, leagueId, 'matches', { weekId: week!.id });
      await writeAudit(tx, actor, {
        action: 'CREATE_WEEK',
        tableName: 'weeks',
        recordId: week!.id,
        newValues: week,
      });
      return week!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'weeks_league_number_key'))
      throw conflict(MESSAGES.weeks.duplicate, 'DUPLICATE_WEEK');
    throw err;
  }
}

export async function updateWeek(db: Database, actor: AuditActor, weekId: string, input: Partial<WeekInput>) {
  try {
    return await db.transaction(async (tx) => {
      const [old] = await tx.select().from(weeks).where(eq(weeks.id, weekId)).for('update');
      if (!old) throw notFound(MESSAGES.weeks.notFound);
      checkDates({ startDate: input.startDate ?? old.startDate, endDate: input.endDate ?? old.endDate });
      const [week] = await tx
        .update(weeks)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(weeks.id, weekId))
        .returning();
      // a match's start stays within its week's dates (issue 12 item 4), read in the league's timezone
      const outside = await tx.execute<{ n: number }>(sql`
        select count(*)::int as n from matches m join leagues l on l.id = m.league_id
        where m.week_id = ${weekId}
          and (m.date at time zone l.market_block_timezone)::date not between ${week!.startDate}::date and ${week!.endDate}::date`);
      const n = Number(outside.rows[0]?.n ?? 0);
      if (n > 0) throw badRequest(MESSAGES.pointsTrust.weekDatesExcludeMatches(n), 'MATCHES_OUTSIDE_WEEK');
      await announceLeagueChange(tx, old.leagueId, 'matches', { weekId });
      await writeAudit(tx, actor, {
        action: 'UPDATE_WEEK',
        tableName: 'weeks',
        recordId: weekId,
        oldValues: old,
        newValues: week,
      });
      return week!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'weeks_league_number_key'))
      throw conflict(MESSAGES.weeks.duplicate, 'DUPLICATE_WEEK');
    throw err;
  }
}

/** Deletes a week with its matches and statistics; their points leave the rosters. */
export async function deleteWeek(db: Database, actor: AuditActor, weekId: string) {
  return db.transaction(async (tx) => {
    const [week] = await tx.select().from(weeks).where(eq(weeks.id, weekId)).for('update');
    if (!week) throw notFound(MESSAGES.weeks.invalidId);
    if (week.isClosed && week.rewardsDistributed) throw conflict(MESSAGES.weeks.cannotDeleteDistributed);
    // the Lega Fanta standings' version before the points log, as a match save takes them
    await lockSeasonVersion(tx, week.leagueId);
    // a pending match change of this week is written before its rows go (the fold would find no week);
    // the lock announces the points (and with them the calendar) to the league's pages
    await lockSettledPoints(tx, week.leagueId);
    await tx.delete(weeks).where(and(eq(weeks.id, weekId)));
    const updated = await refreshTotals(tx, week.leagueId);
    await writeAudit(tx, actor, {
      action: 'DELETE_WEEK',
      tableName: 'weeks',
      recordId: weekId,
      oldValues: week,
    });
    return { rostersUpdated: updated };
  });
}
