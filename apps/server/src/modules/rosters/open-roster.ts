import type { LeagueType } from '@fantarift/core';
import { startingBalance } from '@fantarift/core';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { rosters, transactions, users } from '../../db/schema.ts';

/**
 * Creates the user's roster in a league with the starting balance (DECISIONS 2), written as the
 * first two ledger rows so that the balance always equals the ledger sum.
 * Returns null when the user already has a roster there (unique key), leaving nothing written.
 */
export async function openRoster(
  tx: Transaction,
  p: { userId: string; leagueId: string; leagueType: LeagueType },
): Promise<typeof rosters.$inferSelect | null> {
  const balance = startingBalance(p.leagueType);
  const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, p.userId));
  if (!user) return null;
  const [roster] = await tx
    .insert(rosters)
    .values({
      userId: p.userId,
      username: user.username,
      leagueId: p.leagueId,
      pandaCoin: balance.pandaCoin,
      burroCoin: balance.burroCoin,
    })
    .onConflictDoNothing({ target: [rosters.userId, rosters.leagueId] })
    .returning();
  if (!roster) return null;
  await tx.insert(transactions).values([
    {
      rosterId: roster.id,
      userId: p.userId,
      leagueId: p.leagueId,
      type: 'StartingBalance',
      amount: balance.pandaCoin,
      currency: 'PandaCoin',
      note: 'Saldo iniziale',
    },
    {
      rosterId: roster.id,
      userId: p.userId,
      leagueId: p.leagueId,
      type: 'StartingBalance',
      amount: balance.burroCoin,
      currency: 'BurroCoin',
      note: 'Saldo iniziale',
    },
  ]);
  return roster;
}
