import { MESSAGES } from '@fantarift/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { leagues, weeks } from '../db/schema.ts';
import { notFound } from './errors.ts';

/**
 * The lock order of every admin credit (coin distribution, weekly distribution, Close & Distribute):
 * league row, then week row, then the rosters (by the credit's UPDATE). Both rows in FOR NO KEY UPDATE,
 * the weakest mode that still puts two credits of one league one after the other: a trade's inserts
 * take FOR KEY SHARE on the league through their foreign keys, which FOR UPDATE would block while the
 * credit waits for that trader's roster — the deadlock of issue 11 item 5.
 */
export async function lockLeagueForCredit(db: DbOrTx, leagueId: string, message: string) {
  const [league] = await db.select().from(leagues).where(eq(leagues.id, leagueId)).for('no key update');
  if (!league) throw notFound(message, 'LEAGUE_NOT_FOUND');
  return league;
}

export async function lockWeekForCredit(db: DbOrTx, weekId: string) {
  const [week] = await db.select().from(weeks).where(eq(weeks.id, weekId)).for('no key update');
  if (!week) throw notFound(MESSAGES.weeks.invalidId);
  return week;
}
