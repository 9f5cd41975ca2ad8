import { competitionRanks, MESSAGES, rewardTier } from '@fantarift/core';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { rosters, weeklyBurrocoinRewards, weeks } from '../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../lib/audit.ts';
import { lockLeagueForCredit, lockWeekForCredit } from '../../lib/credit-locks.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { announceLeagueChange } from '../../lib/league-events.ts';
import { transactionWithRetry } from '../../lib/retry-transaction.ts';
import { enqueueNotifications } from '../notifications/index.ts';
import { rulesForLeague, settlePoints } from '../points/index.ts';
import { enqueueH2hResults } from '../private-leagues/index.ts';

export interface RewardRow {
  rosterId: string;
  userId: string;
  username: string;
  position: number;
  rewardTier: string;
  totalPoints: number;
  /** the tier reward by position (DECISIONS 18) */
  rewardAmount: number;
  /** burro_reward_amount when the roster's points in the week reach burro_reward_threshold, else 0 */
  bonusAmount: number;
}

/**
 * The week's distribution (DECISIONS 17–19): the leaderboard now, each roster's position and tier
 * reward, plus the threshold bonus for every roster whose points in this week reach the threshold.
 * The same rows are the "Calcola" preview and what a distribution pays.
 */
export async function calculateRewards(
  db: DbOrTx,
  leagueId: string,
  weekNumber: number,
): Promise<RewardRow[]> {
  await settlePoints(db, leagueId);
  const rules = await rulesForLeague(db, leagueId);
  const bonus = rules.burroRewardAmount > 0 ? rules.burroRewardAmount : 0;
  const result = await db.execute<{
    roster_id: string;
    user_id: string;
    username: string;
    total_points: number;
    reached: boolean;
  }>(sql`
    select r.id as roster_id, r.user_id, r.username, r.total_points,
           coalesce(wp.points >= ${rules.burroRewardThreshold}, false) as reached
    from rosters r
    left join weeks w on w.league_id = r.league_id and w.week_number = ${weekNumber}
    left join roster_week_points wp on wp.week_id = w.id and wp.roster_id = r.id
    where r.league_id = ${leagueId}
    order by r.total_points desc, r.username, r.id`);
  const rows = result.rows.map((r) => ({ ...r, total_points: Number(r.total_points) }));
  const positions = competitionRanks(rows.map((r) => r.total_points));
  return rows.map((r, i) => {
    const position = positions[i]!;
    const reward = rewardTier(position, rows.length);
    return {
      rosterId: r.roster_id,
      userId: r.user_id,
      username: r.username,
      totalPoints: r.total_points,
      position,
      rewardTier: reward.tier,
      rewardAmount: reward.amount,
      bonusAmount: r.reached ? bonus : 0,
    };
  });
}

export const rewardTotals = (rows: RewardRow[]) => {
  const tierTotal = rows.reduce((s, r) => s + r.rewardAmount, 0);
  const bonusTotal = rows.reduce((s, r) => s + r.bonusAmount, 0);
  return {
    tierTotal,
    bonusTotal,
    total: tierTotal + bonusTotal,
    bonusCount: rows.filter((r) => r.bonusAmount > 0).length,
  };
};

async function findWeek(db: DbOrTx, leagueId: string, weekNumber: number) {
  const [week] = await db
    .select({ id: weeks.id })
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

export interface Distribution {
  total: number;
  tierTotal: number;
  bonusTotal: number;
  participants: number;
  rows: RewardRow[];
}

/**
 * THE weekly distribution (DECISIONS 19), used by "Distribuisci" and by "Close & Distribute": tier
 * rewards and threshold bonus, each credited with its ledger rows and stored in
 * weekly_burrocoin_rewards, exactly once per week. The caller holds the league and week locks
 * (credit-locks.ts) and passes the locked week.
 */
export async function distributeWeek(
  tx: DbOrTx,
  actor: AuditActor,
  week: { id: string; leagueId: string; weekNumber: number; rewardsDistributed: boolean },
): Promise<Distribution> {
  const [existing] = await tx
    .select({ id: weeklyBurrocoinRewards.id })
    .from(weeklyBurrocoinRewards)
    .where(
      and(
        eq(weeklyBurrocoinRewards.leagueId, week.leagueId),
        eq(weeklyBurrocoinRewards.weekNumber, week.weekNumber),
      ),
    )
    .limit(1);
  if (existing || week.rewardsDistributed)
    throw conflict(MESSAGES.rewards.alreadyDistributed, 'ALREADY_DISTRIBUTED');

  const rows = await calculateRewards(tx, week.leagueId, week.weekNumber);
  if (rows.length > 0) {
    await tx.insert(weeklyBurrocoinRewards).values(
      rows.map((r) => ({
        leagueId: week.leagueId,
        weekNumber: week.weekNumber,
        userId: r.userId,
        rosterId: r.rosterId,
        userPosition: r.position,
        rewardTier: r.rewardTier,
        totalPoints: r.totalPoints,
        rewardAmount: r.rewardAmount,
        bonusAmount: r.bonusAmount,
      })),
    );
    await creditBurroCoin(
      tx,
      rows.map((r) => ({ rosterId: r.rosterId, amount: r.rewardAmount })),
      { type: 'WeeklyReward', note: `Premio settimana ${week.weekNumber}`, adminUserId: actor.adminUserId },
    );
    await creditBurroCoin(
      tx,
      rows.map((r) => ({ rosterId: r.rosterId, amount: r.bonusAmount })),
      {
        type: 'ThresholdBonus',
        note: `Bonus soglia settimana ${week.weekNumber}`,
        adminUserId: actor.adminUserId,
      },
    );
  }
  await tx
    .update(weeks)
    .set({ rewardsDistributed: true, updatedAt: new Date() })
    .where(eq(weeks.id, week.id));
  // "premio settimanale ricevuto" (issue 33): written with the payment, so a rolled-back one announces nothing
  await enqueueNotifications(tx, {
    kind: 'weekly_reward',
    target: `${week.leagueId}:${week.weekNumber}`,
    recipients: sql`
      select w.user_id, jsonb_build_object('leagueId', l.id, 'leagueName', l.name, 'weekNumber', w.week_number,
        'amount', w.reward_amount + w.bonus_amount, 'position', w.user_position)
      from weekly_burrocoin_rewards w join leagues l on l.id = w.league_id
      where w.league_id = ${week.leagueId} and w.week_number = ${week.weekNumber}
        and w.reward_amount + w.bonus_amount > 0`,
  });
  const totals = rewardTotals(rows);
  await announceLeagueChange(tx, week.leagueId, 'week', { weekId: week.id });
  await writeAudit(tx, actor, {
    action: 'DISTRIBUTE_WEEKLY_REWARDS',
    tableName: 'weekly_burrocoin_rewards',
    recordId: week.id,
    newValues: {
      leagueId: week.leagueId,
      weekNumber: week.weekNumber,
      total: totals.total,
      thresholdBonus: totals.bonusTotal,
      participants: rows.length,
    },
  });
  return { ...totals, participants: rows.length, rows };
}

/** "Distribuisci" on /admin/weekly-rewards: the week's distribution, without closing the week. */
export async function distributeRewards(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  weekNumber: number,
): Promise<Distribution> {
  return transactionWithRetry(db, async (tx) => {
    await lockLeagueForCredit(tx, leagueId, MESSAGES.market.leagueNotFound);
    const { id } = await findWeek(tx, leagueId, weekNumber);
    const week = await lockWeekForCredit(tx, id);
    return distributeWeek(tx, actor, week);
  });
}

/**
 * "Close & Distribute" (DECISIONS 19): the week's distribution unless it was already paid, then the
 * week is closed. One transaction; a week already paid is only closed, never paid twice.
 */
export async function closeWeek(db: Database, actor: AuditActor, weekId: string) {
  return transactionWithRetry(db, async (tx) => {
    const [found] = await tx.select({ leagueId: weeks.leagueId }).from(weeks).where(eq(weeks.id, weekId));
    if (!found) throw notFound(MESSAGES.weeks.invalidId);
    await lockLeagueForCredit(tx, found.leagueId, MESSAGES.market.leagueNotFound);
    const week = await lockWeekForCredit(tx, weekId);
    if (week.isClosed) throw conflict(MESSAGES.weeks.alreadyClosed, 'ALREADY_CLOSED');

    const paid = week.rewardsDistributed ? null : await distributeWeek(tx, actor, week);
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
    // the week's head-to-head rounds are final with the close: their results are announced in its transaction
    await enqueueH2hResults(tx, week.id);
    // the same event as the distribution's, when it paid: one event for the close
    await announceLeagueChange(tx, week.leagueId, 'week', { weekId: week.id });
    const totalDistributed = paid?.total ?? 0;
    const participants = paid?.participants ?? 0;
    await writeAudit(tx, actor, {
      action: 'CLOSE_WEEK_AND_DISTRIBUTE_REWARDS',
      tableName: 'weeks',
      recordId: week.id,
      oldValues: { isClosed: false, rewardsDistributed: week.rewardsDistributed },
      newValues: {
        isClosed: true,
        rewardsDistributed: true,
        totalDistributed,
        participants,
        thresholdBonus: paid?.bonusTotal ?? 0,
        alreadyPaid: paid === null,
      },
    });
    return {
      totalDistributed,
      participantsCount: participants,
      alreadyPaid: paid === null,
      leagueId: week.leagueId,
    };
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
    // a balance and a line of the reward history
    await announceLeagueChange(tx, reward.leagueId, 'roster');
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
      bonusAmount: weeklyBurrocoinRewards.bonusAmount,
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
    total: entries.reduce((s, e) => s + e.rewardAmount + e.bonusAmount, 0),
    rows: entries,
  }));
}
