import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { rosters } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { announceLeagueChange } from '../../../lib/league-events.ts';
import { ADMIN_MESSAGES } from '../messages.ts';

/**
 * Locks the roster row: every admin change to it runs one at a time with the participant's trades. Every
 * admin edit of a roster (coins, points, holdings) takes it, so it announces the edit to the league's
 * pages (a `roster` event, published if the edit commits; a points edit's own event covers it).
 */
export async function lockRoster(tx: Transaction, rosterId: string) {
  const [roster] = await tx.select().from(rosters).where(eq(rosters.id, rosterId)).for('update');
  if (!roster) throw notFound(ADMIN_MESSAGES.rosterNotFound, 'ROSTER_NOT_FOUND');
  await announceLeagueChange(tx, roster.leagueId, 'roster');
  return roster;
}

export function auditRoster(r: typeof rosters.$inferSelect) {
  return {
    panda_coin: r.pandaCoin,
    burro_coin: r.burroCoin,
    total_points: Number(r.totalPoints),
    points_adjustment: Number(r.pointsAdjustment),
    player_count: r.playerCount,
    champion_count: r.championCount,
  };
}
