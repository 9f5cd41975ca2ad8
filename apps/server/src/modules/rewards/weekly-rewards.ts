import { competitionRanks, MESSAGES, rewardTier } from '@fantarift/core';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { leagues, rosters, weeklyBurrocoinRewards, weeks } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type AuditActor, writeAudit } from '../admin/audit.ts';
import { rulesForLeague } from '../season/scoring-rules.ts';

export interface RewardRow {
  rosterId: string;
  userId: string;
  username: string;
  position: number;
  rewardTier: string;
  totalPoints: number;
  rewardAmount: number;
}

/** The leaderboard now, with each roster's position and weekly reward (DECISIONS 17–18). */
export async function calculateRewards(db: DbOrTx, leagueId: string): Promise<RewardRow[]> {
  const rows = await db
    .select({
      rosterId: rosters.id,
      userId: rosters.userId,
      username: rosters.username,
      totalPoints: rosters.totalPoints,
    })
    .from(rosters)
    .where(eq(rosters.leagueId, leagueId))
    .orderBy(desc(rosters.totalPoints), asc(rosters.username), asc(rosters.id));
  const positions = competitionRanks(rows.map((r) => r.totalPoints));
  return rows.map((r, i) => {
    const position = positions[i]!;
    const reward = rewardTier(position, rows.length);
    return { ...r, position, rewardTier: reward.tier, rewardAmount: reward.amount };
  });
}

async function findWeek(db: DbOrTx, leagueId: string, weekNumber: number) {
  const [week] = await db
    .select()
    .from(weeks)
    .where(and(eq(weeks.leagueId, leagueId), eq(weeks.weekNumber, weekNumber)));
  if (!week) throw notFound(MESSAGES.weeks.notFound);
  return week;
}

/** Credits Burro Coin to many rosters at once, one ledger row each (set-based: fine for 100k rosters). */
export async function creditBurroCoin(
  db: DbOrTx,
  credits: { rosterId: string; amount: number }[],
  p: {
    type: 'WeeklyReward' | 'ThresholdBonus' | 'WeeklyRewardEdit' | 'Restore';
    note: string;
    adminUserId?: string;
  },
): Promise<void> {
  const positive = credits.filter((c) => c.amount !== 0);
  if (positive.length === 0) return;
  await db.execute(sql`
    with credit as (
      select * from unnest(${sql.param(positive.map((c) => c.rosterId))}::uuid[], ${sql.param(positive.map((c) => c.amount))}::int[])
        as c(roster_id, amount)
    ),
    updated as (
      update rosters r set burro_coin = r.burro_coin + c.amount, updated_at = now()
      from credit c where r.id = c.roster_id
      returning r.id, r.user_id, r.league_id, c.amount
    )
    insert into transactions (roster_id, user_id, league_id, type, amount, currency, note, admin_user_id, timestamp)
    select id, user_id, league_id, ${p.type}, amount, 'BurroCoin', ${p.note}, ${p.adminUserId ?? null}::uuid, clock_timestamp()
    from updated`);
}

/**
 * Distributes a week's rewards once: the league row is locked so two distributions of the same week
 * run one after the other, and the second finds the first's rows (and the unique key backs it up).
 */
export async function distributeRewards(
  tx: DbOrTx,
  actor: AuditActor,
  leagueId: string,
  weekNumber: number,
): Promise<{ total: number; participants: number; rows: RewardRow[] }> {
  const [league] = await tx
    .select({ id: leagues.id })
    .from(leagues)
    .where(eq(leagues.id, leagueId))
    .for('update');
  if (!league) throw notFound(MESSAGES.market.leagueNotFound);
  const week = await findWeek(tx, leagueId, weekNumber);
  const [existing] = await tx
    .select({ id: weeklyBurrocoinRewards.id })
    .from(weeklyBurrocoinRewards)
    .where(
      and(eq(weeklyBurrocoinRewards.leagueId, leagueId), eq(weeklyBurrocoinRewards.weekNumber, weekNumber)),
    )
    .limit(1);
  if (existing || week.rewardsDistributed)
    throw conflict(MESSAGES.rewards.alreadyDistributed, 'ALREADY_DISTRIBUTED');

  const rows = await calculateRewards(tx, leagueId);
  if (rows.length > 0) {
    await tx.insert(weeklyBurrocoinRewards).values(
      rows.map((r) => ({
        leagueId,
        weekNumber,
        userId: r.userId,
        rosterId: r.rosterId,
        userPosition: r.position,
        rewardTier: r.rewardTier,
        totalPoints: r.totalPoints,
        rewardAmount: r.rewardAmount,
      })),
    );
    await creditBurroCoin(
      tx,
      rows.map((r) => ({ rosterId: r.rosterId, amount: r.rewardAmount })),
      { type: 'WeeklyReward', note: `Premio settimana ${weekNumber}`, adminUserId: actor.adminUserId },
    );
  }
  await tx
    .update(weeks)
    .set({ rewardsDistributed: true, updatedAt: new Date() })
    .where(eq(weeks.id, week.id));
  const total = rows.reduce((sum, r) => sum + r.rewardAmount, 0);
  await writeAudit(tx, actor, {
    action: 'DISTRIBUTE_WEEKLY_REWARDS',
    tableName: 'weekly_burrocoin_rewards',
    recordId: week.id,
    newValues: { leagueId, weekNumber, total, participants: rows.length },
  });
  return { total, participants: rows.length, rows };
}

/**
 * "Close & Distribute" (DECISIONS 19): rewards from the leaderboard now, plus the threshold bonus for
 * every roster whose points in this week reach burro_reward_threshold; the week is then closed.
 * One transaction, never twice.
 */
export async function closeWeek(db: Database, actor: AuditActor, weekId: string) {
  return db.transaction(async (tx) => {
    const [week] = await tx.select().from(weeks).where(eq(weeks.id, weekId)).for('update');
    if (!week) throw notFound(MESSAGES.weeks.invalidId);
    if (week.isClosed) throw conflict(MESSAGES.weeks.alreadyClosed, 'ALREADY_CLOSED');
    if (week.rewardsDistributed) throw conflict(MESSAGES.weeks.alreadyDistributed, 'ALREADY_DISTRIBUTED');

    const { total, participants } = await distributeRewards(tx, actor, week.leagueId, week.weekNumber);
    const rules = await rulesForLeague(tx, week.leagueId);
    let bonusTotal = 0;
    if (rules.burroRewardAmount > 0) {
      const reached = await tx.execute<{ roster_id: string }>(sql`
        select w.roster_id from roster_week_points w
        where w.week_id = ${week.id} and w.points >= ${rules.burroRewardThreshold}`);
      await creditBurroCoin(
        tx,
        reached.rows.map((r) => ({ rosterId: r.roster_id, amount: rules.burroRewardAmount })),
        {
          type: 'ThresholdBonus',
          note: `Bonus soglia settimana ${week.weekNumber}`,
          adminUserId: actor.adminUserId,
        },
      );
      bonusTotal = reached.rows.length * rules.burroRewardAmount;
    }
    await tx
      .update(weeks)
      .set({
        isClosed: true,
        isActive: false,
        rewardsDistributed: true,
        closedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(weeks.id, week.id));
    const totalDistributed = total + bonusTotal;
    await writeAudit(tx, actor, {
      action: 'CLOSE_WEEK_AND_DISTRIBUTE_REWARDS',
      tableName: 'weeks',
      recordId: week.id,
      oldValues: { isClosed: false, rewardsDistributed: false },
      newValues: {
        isClosed: true,
        rewardsDistributed: true,
        totalDistributed,
        participants,
        thresholdBonus: bonusTotal,
      },
    });
    return { totalDistributed, participantsCount: participants };
  });
}

/** DECISIONS 20: a distributed amount can be edited; the roster's Burro Coin moves by the difference. */
export async function editRewardAmount(
  db: Database,
  actor: AuditActor,
  rewardId: string,
  rewardAmount: number,
) {
  if (!Number.isInteger(rewardAmount) || rewardAmount < 0) throw badRequest(MESSAGES.rewards.amountInvalid);
  return db.transaction(async (tx) => {
    const [reward] = await tx
      .select()
      .from(weeklyBurrocoinRewards)
      .where(eq(weeklyBurrocoinRewards.id, rewardId))
      .for('update');
    if (!reward) throw notFound('Premio non trovato');
    const diff = rewardAmount - reward.rewardAmount;
    if (diff !== 0) {
      const [roster] = await tx.select().from(rosters).where(eq(rosters.id, reward.rosterId)).for('update');
      if (!roster) throw notFound(MESSAGES.market.rosterNotFound);
      if (roster.burroCoin + diff < 0) {
        throw badRequest('Il roster non ha abbastanza Burro Coin per ridurre questo premio');
      }
      await creditBurroCoin(tx, [{ rosterId: reward.rosterId, amount: diff }], {
        type: 'WeeklyRewardEdit',
        note: `Modifica premio settimana ${reward.weekNumber}`,
        adminUserId: actor.adminUserId,
      });
    }
    const [updated] = await tx
      .update(weeklyBurrocoinRewards)
      .set({ rewardAmount, updatedAt: new Date() })
      .where(eq(weeklyBurrocoinRewards.id, rewardId))
      .returning();
    await writeAudit(tx, actor, {
      action: 'UPDATE_WEEKLY_REWARD',
      tableName: 'weekly_burrocoin_rewards',
      recordId: rewardId,
      oldValues: { rewardAmount: reward.rewardAmount },
      newValues: { rewardAmount },
    });
    return updated!;
  });
}

/** Distributed rewards of a league, by week descending and position ascending. */
export async function listRewards(db: DbOrTx, leagueId: string, userId?: string) {
  const rows = await db
    .select({
      id: weeklyBurrocoinRewards.id,
      weekNumber: weeklyBurrocoinRewards.weekNumber,
      userId: weeklyBurrocoinRewards.userId,
      username: rosters.username,
      userPosition: weeklyBurrocoinRewards.userPosition,
      rewardTier: weeklyBurrocoinRewards.rewardTier,
      totalPoints: weeklyBurrocoinRewards.totalPoints,
      rewardAmount: weeklyBurrocoinRewards.rewardAmount,
      createdAt: weeklyBurrocoinRewards.createdAt,
    })
    .from(weeklyBurrocoinRewards)
    .innerJoin(rosters, eq(rosters.id, weeklyBurrocoinRewards.rosterId))
    .where(
      userId
        ? and(eq(weeklyBurrocoinRewards.leagueId, leagueId), eq(weeklyBurrocoinRewards.userId, userId))
        : eq(weeklyBurrocoinRewards.leagueId, leagueId),
    )
    .orderBy(desc(weeklyBurrocoinRewards.weekNumber), asc(weeklyBurrocoinRewards.userPosition));
  const byWeek = new Map<number, typeof rows>();
  for (const r of rows) byWeek.set(r.weekNumber, [...(byWeek.get(r.weekNumber) ?? []), r]);
  return [...byWeek.entries()].map(([weekNumber, entries]) => ({
    weekNumber,
    total: entries.reduce((s, e) => s + e.rewardAmount, 0),
    rows: entries,
  }));
}
