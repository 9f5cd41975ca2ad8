import { type CaptainWeekSlot, captainChoiceWeeks, MESSAGES, type ScoringRules } from '@fantarift/core';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client.ts';
import { rosterCaptains, rosterPlayers, rosters, weeks } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { rulesForLeague } from '../points/index.ts';

const WeekChoiceSchema = z.object({
  captainPlayerId: z.string().uuid().nullable(),
  viceCaptainPlayerId: z.string().uuid().nullable(),
  weekId: z.string().uuid(),
  weekNumber: z.number().int(),
  weekName: z.string(),
  locksAt: z.date().nullable(),
});

/** GET and PUT `/api/leagues/{leagueId}/my-roster/captain` (issue 29). */
export const CaptainAnswerSchema = z
  .object({
    captainPlayerId: z
      .string()
      .uuid()
      .nullable()
      .describe('Il capitano per la prossima settimana non bloccata'),
    viceCaptainPlayerId: z.string().uuid().nullable(),
    weekId: z.string().uuid().nullable().describe('La settimana per cui vale la scelta (null: nessuna)'),
    weekNumber: z.number().int().nullable(),
    weekName: z.string().nullable(),
    locksAt: z
      .date()
      .nullable()
      .describe('Inizio della prima partita della settimana: poi la scelta vale dalla successiva'),
    multiplier: z.number().describe('1: capitano disattivato nella lega'),
    viceEnabled: z.boolean(),
    current: WeekChoiceSchema.nullable().describe('La settimana bloccata in corso e la sua scelta, se c’è'),
  })
  .meta({ id: 'RosterCaptain' });
export type CaptainAnswer = z.infer<typeof CaptainAnswerSchema>;

export const CaptainChoiceSchema = z.object({
  captainPlayerId: z.string().uuid(),
  viceCaptainPlayerId: z.string().uuid().nullable().optional(),
});

type RosterRow = Pick<typeof rosters.$inferSelect, 'id' | 'leagueId'>;
type WeekSlot = CaptainWeekSlot & { name: string };

/** The league's weeks with their lock: the start of each one's first match (null: none yet). */
async function weekSlots(db: DbOrTx, leagueId: string): Promise<WeekSlot[]> {
  const { rows } = await db.execute<{
    id: string;
    week_number: number;
    name: string;
    locks_at: string | null;
  }>(sql`
    select w.id, w.week_number, w.name, (select min(m.date) from matches m where m.week_id = w.id)::text as locks_at
    from weeks w where w.league_id = ${leagueId} order by w.week_number`);
  return rows.map((r) => ({
    id: r.id,
    weekNumber: Number(r.week_number),
    name: r.name,
    locksAt: r.locks_at === null ? null : new Date(r.locks_at),
  }));
}

/** The roster's choice in force for a week: its choice for the latest week up to it. */
async function choiceFor(db: DbOrTx, rosterId: string, week: WeekSlot) {
  const [row] = await db
    .select({ captain: rosterCaptains.captainPlayerId, vice: rosterCaptains.vicePlayerId })
    .from(rosterCaptains)
    .innerJoin(weeks, eq(weeks.id, rosterCaptains.weekId))
    .where(and(eq(rosterCaptains.rosterId, rosterId), lte(weeks.weekNumber, week.weekNumber)))
    .orderBy(sql`${weeks.weekNumber} desc`)
    .limit(1);
  return row ?? null;
}

async function heldNow(db: DbOrTx, rosterId: string): Promise<Set<string>> {
  const rows = await db
    .select({ playerId: rosterPlayers.playerId })
    .from(rosterPlayers)
    .where(and(eq(rosterPlayers.rosterId, rosterId), isNull(rosterPlayers.releasedAt)))
    .orderBy(asc(rosterPlayers.playerId));
  return new Set(rows.map((r) => r.playerId));
}

/**
 * The roster's captain and vice for the next week that is not locked (a player no longer held shows as none:
 * selling the captain clears him, and he would not score), and for the locked week being played.
 */
export async function readCaptain(
  db: DbOrTx,
  roster: RosterRow,
  now = new Date(),
  rulesIn?: ScoringRules,
): Promise<CaptainAnswer> {
  const rules = rulesIn ?? (await rulesForLeague(db, roster.leagueId));
  const { next, current } = captainChoiceWeeks(await weekSlots(db, roster.leagueId), now);
  const held = await heldNow(db, roster.id);
  const nextChoice = next ? await choiceFor(db, roster.id, next) : null;
  const currentChoice = current ? await choiceFor(db, roster.id, current) : null;
  const ifHeld = (id: string | null | undefined) => (id && held.has(id) ? id : null);
  return {
    captainPlayerId: ifHeld(nextChoice?.captain),
    viceCaptainPlayerId: rules.viceCaptainEnabled ? ifHeld(nextChoice?.vice) : null,
    weekId: next?.id ?? null,
    weekNumber: next?.weekNumber ?? null,
    weekName: next?.name ?? null,
    locksAt: next?.locksAt ?? null,
    multiplier: rules.captainMultiplier,
    viceEnabled: rules.viceCaptainEnabled,
    current: current
      ? {
          captainPlayerId: currentChoice?.captain ?? null,
          viceCaptainPlayerId: currentChoice?.vice ?? null,
          weekId: current.id,
          weekNumber: current.weekNumber,
          weekName: current.name,
          locksAt: current.locksAt,
        }
      : null,
  };
}

/**
 * Sets the roster's captain and vice for the first week not locked at this moment (the server's clock): a
 * choice made after a week's lock counts from the next week, never for the locked one. Two choices at once
 * take turns on the roster's row; the last one stays, and both answer with what is stored.
 */
export async function chooseCaptain(
  db: Database,
  roster: RosterRow,
  choice: z.infer<typeof CaptainChoiceSchema>,
): Promise<CaptainAnswer> {
  const vice = choice.viceCaptainPlayerId ?? null;
  return db.transaction(async (tx) => {
    const rules = await rulesForLeague(tx, roster.leagueId);
    if (rules.captainMultiplier === 1) throw badRequest(MESSAGES.captain.notEnabled, 'CAPTAIN_OFF');
    if (vice !== null && !rules.viceCaptainEnabled)
      throw badRequest(MESSAGES.captain.viceNotEnabled, 'VICE_OFF');
    if (vice !== null && vice === choice.captainPlayerId)
      throw badRequest(MESSAGES.captain.samePlayer, 'CAPTAIN_TWICE');
    // the roster's row: a trade of the same roster, and another choice, wait for this one
    await tx.select({ id: rosters.id }).from(rosters).where(eq(rosters.id, roster.id)).for('update');
    const held = await heldNow(tx, roster.id);
    if (!held.has(choice.captainPlayerId)) throw badRequest(MESSAGES.captain.notHeld, 'CAPTAIN_NOT_HELD');
    if (vice !== null && !held.has(vice)) throw badRequest(MESSAGES.captain.viceNotHeld, 'VICE_NOT_HELD');
    // the clock is read after the lock: a choice that waited counts for the week open when it is written
    const now = new Date();
    const { next } = captainChoiceWeeks(await weekSlots(tx, roster.leagueId), now);
    if (!next) throw badRequest(MESSAGES.captain.noWeek, 'NO_WEEK');
    await tx
      .insert(rosterCaptains)
      .values({
        rosterId: roster.id,
        weekId: next.id,
        leagueId: roster.leagueId,
        captainPlayerId: choice.captainPlayerId,
        vicePlayerId: vice,
        chosenAt: now,
      })
      .onConflictDoUpdate({
        target: [rosterCaptains.rosterId, rosterCaptains.weekId],
        set: { captainPlayerId: choice.captainPlayerId, vicePlayerId: vice, chosenAt: now },
      });
    return readCaptain(tx, roster, now, rules);
  });
}
