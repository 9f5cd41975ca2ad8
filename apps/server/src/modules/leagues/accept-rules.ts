import { MESSAGES } from '@fantarift/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { leagueRulesAcceptance, leagues } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

export const RULES_VERSION = 'v1';

/** Records the acceptance of a league's rules once (version v1); accepting again changes nothing. */
export async function acceptRules(db: Database, p: { userId: string; leagueId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [league] = await tx.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, p.leagueId));
    if (!league) throw notFound(MESSAGES.market.leagueNotFound);
    await tx
      .insert(leagueRulesAcceptance)
      .values({ userId: p.userId, leagueId: p.leagueId, rulesVersion: RULES_VERSION })
      .onConflictDoNothing();
  });
}
