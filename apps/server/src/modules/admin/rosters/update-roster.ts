import { MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { rosterPointAdjustments, rosters, transactions } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { lockSettledPoints } from '../../points/index.ts';
import { auditRoster, lockRoster } from './lock-roster.ts';
import type { UpdateRosterBody } from './schemas.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * "Edit roster": Panda Coin, Burro Coin and total points. A coin change is an 'AdminAdjustment' ledger
 * row with the difference, so the balance still equals the ledger sum. A total change is kept as an
 * adjustment (DECISIONS 15: total = week points + adjustment), which later recalculations keep.
 */
export async function updateRoster(
  db: Database,
  actor: AuditActor,
  rosterId: string,
  body: UpdateRosterBody,
) {
  return db.transaction(async (tx) => {
    // a points change is logged: the league's points-log lock comes before the roster's row (points-log.ts)
    if (body.totalPoints !== undefined) {
      const [found] = await tx
        .select({ leagueId: rosters.leagueId })
        .from(rosters)
        .where(eq(rosters.id, rosterId));
      if (found) await lockSettledPoints(tx, found.leagueId);
    }
    const current = await lockRoster(tx, rosterId);
    const pandaDelta = body.pandaCoin === undefined ? 0 : body.pandaCoin - current.pandaCoin;
    const burroDelta = body.burroCoin === undefined ? 0 : body.burroCoin - current.burroCoin;
    const pointsDelta =
      body.totalPoints === undefined ? 0 : round2(round2(body.totalPoints) - Number(current.totalPoints));

    const [updated] = await tx
      .update(rosters)
      .set({
        pandaCoin: sql`${rosters.pandaCoin} + ${pandaDelta}::int`,
        burroCoin: sql`${rosters.burroCoin} + ${burroDelta}::int`,
        totalPoints: sql`${rosters.totalPoints} + ${pointsDelta}::numeric`,
        pointsAdjustment: sql`${rosters.pointsAdjustment} + ${pointsDelta}::numeric`,
        updatedAt: sql`now()`,
      })
      .where(eq(rosters.id, rosterId))
      .returning();

    const ledger = [
      { amount: pandaDelta, currency: 'PandaCoin' as const },
      { amount: burroDelta, currency: 'BurroCoin' as const },
    ].filter((l) => l.amount !== 0);
    if (ledger.length > 0) {
      await tx.insert(transactions).values(
        ledger.map((l) => ({
          rosterId,
          userId: current.userId,
          leagueId: current.leagueId,
          type: 'AdminAdjustment',
          amount: l.amount,
          currency: l.currency,
          adminUserId: actor.adminUserId,
          note: 'Modifica manuale admin',
        })),
      );
    }
    if (pointsDelta !== 0) {
      await tx.insert(rosterPointAdjustments).values({
        rosterId,
        leagueId: current.leagueId,
        delta: pointsDelta,
        reason: 'Modifica manuale admin',
        adminUserId: actor.adminUserId,
      });
    }
    await writeAudit(tx, actor, {
      action: 'UPDATE_ROSTER',
      tableName: 'rosters',
      recordId: rosterId,
      oldValues: auditRoster(current),
      newValues: auditRoster(updated!),
      severity: 'MEDIUM',
    });
    return { message: MESSAGES.roster.updated };
  });
}
