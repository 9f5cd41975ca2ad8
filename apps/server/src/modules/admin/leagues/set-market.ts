import { MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { leagues } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { lockLeague } from './list-leagues.ts';

/** Opens or closes the market by hand (independent of the daily block window). */
export async function setMarketOpen(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  open: boolean,
): Promise<{ message: string; marketOpen: boolean }> {
  return db.transaction(async (tx) => {
    const current = await lockLeague(tx, leagueId, MESSAGES.leagues.notFound, 'market');
    await tx.update(leagues).set({ marketOpen: open, updatedAt: sql`now()` }).where(eq(leagues.id, leagueId));
    await writeAudit(tx, actor, {
      action: open ? 'OPEN_MARKET' : 'CLOSE_MARKET',
      tableName: 'leagues',
      recordId: leagueId,
      oldValues: { market_open: current.marketOpen },
      newValues: { market_open: open },
      severity: 'MEDIUM',
    });
    return {
      message: open ? MESSAGES.leagues.marketOpened : MESSAGES.leagues.marketClosed,
      marketOpen: open,
    };
  });
}
