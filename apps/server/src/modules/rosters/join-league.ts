import { type LeagueType, MESSAGES } from '@fantarift/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { leagueRulesAcceptance, leagues } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hasAcceptedRules, RULES_VERSION } from '../leagues/index.ts';
import { openRoster } from './open-roster.ts';

/**
 * Joins a league: the rules must be accepted first when the league requires them (optionally in the
 * same transaction), and the roster starts with the league type's balance as its first ledger rows.
 */
export async function joinLeague(
  db: Database,
  p: { userId: string; leagueId: string; acceptRules?: boolean },
): Promise<{ rosterId: string }> {
  return db.transaction(async (tx) => {
    const [league] = await tx.select().from(leagues).where(eq(leagues.id, p.leagueId));
    if (!league) throw notFound(MESSAGES.market.leagueNotFound);
    if (league.status === 'Completed') throw conflict(MESSAGES.market.leagueCompleted, 'LEAGUE_COMPLETED');
    if (league.rulesRequired) {
      if (p.acceptRules) {
        await tx
          .insert(leagueRulesAcceptance)
          .values({ userId: p.userId, leagueId: league.id, rulesVersion: RULES_VERSION })
          .onConflictDoNothing();
      } else if (!(await hasAcceptedRules(tx, p.userId, league.id))) {
        throw forbidden(MESSAGES.leagues.rulesNotAccepted, 'RULES_NOT_ACCEPTED');
      }
    }
    const roster = await openRoster(tx, {
      userId: p.userId,
      leagueId: league.id,
      leagueType: league.type as LeagueType,
    });
    if (!roster) throw conflict(MESSAGES.leagues.alreadyJoined, 'ALREADY_JOINED');
    return { rosterId: roster.id };
  });
}
