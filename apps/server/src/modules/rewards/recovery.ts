import { competitionRanks, MESSAGES } from '@fantarift/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { leagues, rosterSnapshots } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type AuditActor, writeAudit } from '../admin/audit.ts';

export interface RosterValues {
  rosterId: string;
  totalPoints: number;
  pandaCoin: number;
  burroCoin: number;
}

/**
 * Puts rosters back to given totals and balances. Every coin difference is a 'Restore' ledger row and
 * every points difference an adjustment, so balance = ledger and total = weeks + adjustment still hold.
 */
export async function restoreRosterValues(
  db: DbOrTx,
  actor: AuditActor,
  leagueId: string,
  targets: RosterValues[],
  note: string,
): Promise<number> {
  if (targets.length === 0) return 0;
  const target = sql`unnest(
      ${sql.param(targets.map((t) => t.rosterId))}::uuid[],
      ${sql.param(targets.map((t) => t.totalPoints))}::numeric[],
      ${sql.param(targets.map((t) => Math.max(0, Math.round(t.pandaCoin))))}::int[],
      ${sql.param(targets.map((t) => Math.max(0, Math.round(t.burroCoin))))}::int[]
    ) as t(roster_id, total, panda, burro)`;
  await db.execute(
    sql`select r.id from rosters r join ${target} on t.roster_id = r.id where r.league_id = ${leagueId} for update of r`,
  );
  for (const [currency, column] of [
    ['PandaCoin', sql`panda`],
    ['BurroCoin', sql`burro`],
  ] as const) {
    const current = currency === 'PandaCoin' ? sql`r.panda_coin` : sql`r.burro_coin`;
    await db.execute(sql`
      insert into transactions (roster_id, user_id, league_id, type, amount, currency, note, admin_user_id, timestamp)
      select r.id, r.user_id, r.league_id, 'Restore', t.${column} - ${current}, ${currency}, ${note}, ${actor.adminUserId}::uuid, clock_timestamp()
      from rosters r join ${target} on t.roster_id = r.id
      where r.league_id = ${leagueId} and t.${column} <> ${current}`);
  }
  await db.execute(sql`
    insert into roster_point_adjustments (roster_id, delta, reason, admin_user_id)
    select r.id, t.total - r.total_points, 'restore', ${actor.adminUserId}::uuid
    from rosters r join ${target} on t.roster_id = r.id
    where r.league_id = ${leagueId} and abs(t.total - r.total_points) >= 0.005`);
  const updated = await db.execute(sql`
    update rosters r set panda_coin = t.panda, burro_coin = t.burro,
      points_adjustment = r.points_adjustment + (t.total - r.total_points), total_points = t.total, updated_at = now()
    from ${target}
    where t.roster_id = r.id and r.league_id = ${leagueId}
      and (t.panda <> r.panda_coin or t.burro <> r.burro_coin or abs(t.total - r.total_points) >= 0.005)
    returning r.id`);
  return updated.rows.length;
}

export async function listSnapshots(db: DbOrTx, leagueId: string) {
  return db
    .select()
    .from(rosterSnapshots)
    .where(eq(rosterSnapshots.leagueId, leagueId))
    .orderBy(desc(rosterSnapshots.snapshotDate), rosterSnapshots.username);
}

/** Restores the set of snapshots taken together with the chosen one (same league, moment and type). */
export async function restoreSnapshot(db: Database, actor: AuditActor, snapshotId: string) {
  return db.transaction(async (tx) => {
    const [chosen] = await tx.select().from(rosterSnapshots).where(eq(rosterSnapshots.id, snapshotId));
    if (!chosen) throw badRequest(MESSAGES.recovery.selectSnapshot);
    const batch = await tx
      .select()
      .from(rosterSnapshots)
      .where(
        and(
          eq(rosterSnapshots.leagueId, chosen.leagueId),
          eq(rosterSnapshots.snapshotDate, chosen.snapshotDate),
          eq(rosterSnapshots.snapshotType, chosen.snapshotType),
        ),
      );
    const targets: RosterValues[] = [];
    for (const s of batch) {
      const data = s.rosterData as Record<string, unknown>;
      const rosterId =
        s.rosterId ??
        (
          await tx.execute<{ id: string }>(
            sql`select id from rosters where user_id = ${s.userId} and league_id = ${s.leagueId}`,
          )
        ).rows[0]?.id;
      if (!rosterId) continue;
      targets.push({
        rosterId,
        totalPoints: Number(data.total_points ?? data.totalPoints ?? 0),
        pandaCoin: Number(data.panda_coin ?? data.pandaCoin ?? 0),
        burroCoin: Number(data.burro_coin ?? data.burroCoin ?? 0),
      });
    }
    const restored = await restoreRosterValues(tx, actor, chosen.leagueId, targets, 'Ripristino da snapshot');
    await writeAudit(tx, actor, {
      action: 'RESTORE_SNAPSHOT',
      tableName: 'rosters',
      recordId: chosen.id,
      newValues: { leagueId: chosen.leagueId, snapshotDate: chosen.snapshotDate, restored },
      severity: 'HIGH',
    });
    return { restored };
  });
}

/** The end of a calendar day in UTC: the moment a "leaderboard at date D" is taken. */
export function endOfDay(date: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw badRequest(MESSAGES.recovery.dateRequired);
  return new Date(`${date}T23:59:59.999Z`);
}

/**
 * The leaderboard as it stood at a moment, rebuilt from the append-only ledgers: coins from
 * `transactions`, points from `roster_points_ledger` (one row per event, unnested) plus admin adjustments.
 */
export async function historicalLeaderboard(db: DbOrTx, leagueId: string, at: Date) {
  const [league] = await db.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, leagueId));
  if (!league) throw notFound(MESSAGES.market.leagueNotFound);
  const result = await db.execute<{
    roster_id: string;
    username: string;
    total_points: number;
    panda_coin: number;
    burro_coin: number;
  }>(sql`
    with logged as (
      select u.roster_id, sum(u.delta) as points
      from roster_points_ledger l cross join unnest(l.roster_ids, l.deltas) u(roster_id, delta)
      where l.league_id = ${leagueId} and l.created_at <= ${at}
      group by u.roster_id
    )
    select r.id as roster_id, r.username,
      round(coalesce(lg.points, 0)
        + coalesce((select sum(a.delta) from roster_point_adjustments a where a.roster_id = r.id and a.created_at <= ${at}), 0), 2)
        as total_points,
      coalesce((select sum(t.amount) from transactions t where t.roster_id = r.id and t.currency = 'PandaCoin' and t.timestamp <= ${at}), 0)::int as panda_coin,
      coalesce((select sum(t.amount) from transactions t where t.roster_id = r.id and t.currency = 'BurroCoin' and t.timestamp <= ${at}), 0)::int as burro_coin
    from rosters r left join logged lg on lg.roster_id = r.id
    where r.league_id = ${leagueId} and r.created_at <= ${at}
    order by total_points desc, r.username, r.id`);
  const rows = result.rows.map((r) => ({
    rosterId: r.roster_id,
    username: r.username,
    totalPoints: Number(r.total_points),
    pandaCoin: Number(r.panda_coin),
    burroCoin: Number(r.burro_coin),
  }));
  const positions = competitionRanks(rows.map((r) => r.totalPoints));
  return rows.map((r, i) => ({ position: positions[i]!, ...r }));
}

export async function restoreHistorical(db: Database, actor: AuditActor, leagueId: string, date: string) {
  const at = endOfDay(date);
  return db.transaction(async (tx) => {
    const rows = await historicalLeaderboard(tx, leagueId, at);
    if (rows.length === 0) throw badRequest(MESSAGES.recovery.noData);
    const restored = await restoreRosterValues(tx, actor, leagueId, rows, `Ripristino classifica al ${date}`);
    await writeAudit(tx, actor, {
      action: 'RESTORE_HISTORICAL_LEADERBOARD',
      tableName: 'rosters',
      recordId: leagueId,
      newValues: { date, restored },
      severity: 'HIGH',
    });
    return { restored };
  });
}
