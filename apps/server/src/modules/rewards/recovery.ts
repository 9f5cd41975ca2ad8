import { competitionRanks, MESSAGES } from '@fantarift/core';
import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { leagues, rosterSnapshots } from '../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../lib/audit.ts';
import { lockLeagueForCredit } from '../../lib/credit-locks.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { transactionWithRetry } from '../../lib/retry-transaction.ts';
import { lockSettledPoints, settlePoints } from '../points/index.ts';

export interface RosterValues {
  rosterId: string;
  totalPoints: number;
  pandaCoin: number;
  burroCoin: number;
}

/** DECISIONS 28: what a restore brings back. Coins never come back without the holdings they paid for. */
export type RestoreMode = 'all' | 'points';

/**
 * A moment as the database keeps it, to the microsecond: the text of a timestamptz (or an ISO string).
 * A JavaScript Date keeps milliseconds, so a moment read into one compares wrongly with the rows written
 * within the same millisecond.
 */
export type Moment = string;

export interface RestoreChange {
  rosterId: string;
  username: string;
  totalPoints: { from: number; to: number };
  pandaCoin: { from: number; to: number };
  burroCoin: { from: number; to: number };
  playersAdded: string[];
  playersRemoved: string[];
  championsAdded: string[];
  championsRemoved: string[];
}

const HOLDINGS = [
  { kind: 'player', table: sql`roster_players`, item: sql`player_id`, items: sql`players` },
  { kind: 'champion', table: sql`roster_champions`, item: sql`champion_id`, items: sql`champions` },
] as const;

/**
 * Loads the restore's targets into temporary tables: `restore_target` (roster, total, coins) and, for
 * mode 'all', `restore_holdings`: the holding rows open at the moment `at` (the holdings history), which
 * are the ones the roster will hold afterwards.
 */
async function stageRestore(db: DbOrTx, leagueId: string, targets: RosterValues[], at: Moment) {
  await db.execute(sql`drop table if exists pg_temp.restore_target, pg_temp.restore_holdings`);
  await db.execute(sql`
    create temporary table restore_target on commit drop as
    select t.* from unnest(
      ${sql.param(targets.map((t) => t.rosterId))}::uuid[],
      ${sql.param(targets.map((t) => t.totalPoints))}::numeric[],
      ${sql.param(targets.map((t) => Math.max(0, Math.round(t.pandaCoin))))}::int[],
      ${sql.param(targets.map((t) => Math.max(0, Math.round(t.burroCoin))))}::int[]
    ) as t(roster_id, total, panda, burro)
    join rosters r on r.id = t.roster_id and r.league_id = ${leagueId}`);
  await db.execute(sql`
    create temporary table restore_holdings on commit drop as
    ${sql.join(
      HOLDINGS.map(
        (h) => sql`
      select ${h.kind}::text as kind, h.id as holding_id, h.roster_id, h.${h.item} as item_id, h.price_paid
      from ${h.table} h join restore_target t on t.roster_id = h.roster_id
      where h.acquired_at <= ${at}::timestamptz and (h.released_at is null or h.released_at > ${at}::timestamptz)`,
      ),
      sql` union all `,
    )}`);
}

/** What a staged restore would change, per roster (the preview, and the count after applying). */
async function stagedChanges(db: DbOrTx, mode: RestoreMode): Promise<RestoreChange[]> {
  const holdingsDiff = (kind: 'player' | 'champion', added: boolean) => {
    const h = HOLDINGS.find((x) => x.kind === kind)!;
    // added: open at the moment but not now (as the same row); removed: open now but not then
    return added
      ? sql`coalesce((select array_agg(i.name order by i.name) from restore_holdings rh join ${h.items} i on i.id = rh.item_id
          where rh.roster_id = t.roster_id and rh.kind = ${kind}
            and not exists (select 1 from ${h.table} c where c.id = rh.holding_id and c.released_at is null)), '{}')`
      : sql`coalesce((select array_agg(i.name order by i.name) from ${h.table} c join ${h.items} i on i.id = c.${h.item}
          where c.roster_id = t.roster_id and c.released_at is null
            and not exists (select 1 from restore_holdings rh where rh.holding_id = c.id)), '{}')`;
  };
  const all = mode === 'all';
  const result = await db.execute<{
    roster_id: string;
    username: string;
    total_from: number;
    total_to: number;
    panda_from: number;
    panda_to: number;
    burro_from: number;
    burro_to: number;
    players_added: string[];
    players_removed: string[];
    champions_added: string[];
    champions_removed: string[];
  }>(sql`
    select * from (
      select t.roster_id, r.username, r.total_points as total_from, round(t.total, 2) as total_to,
        r.panda_coin as panda_from, ${all ? sql`t.panda` : sql`r.panda_coin`} as panda_to,
        r.burro_coin as burro_from, ${all ? sql`t.burro` : sql`r.burro_coin`} as burro_to,
        ${all ? holdingsDiff('player', true) : sql`'{}'::text[]`} as players_added,
        ${all ? holdingsDiff('player', false) : sql`'{}'::text[]`} as players_removed,
        ${all ? holdingsDiff('champion', true) : sql`'{}'::text[]`} as champions_added,
        ${all ? holdingsDiff('champion', false) : sql`'{}'::text[]`} as champions_removed
      from restore_target t join rosters r on r.id = t.roster_id
    ) x
    where abs(total_from - total_to) >= 0.005 or panda_from <> panda_to or burro_from <> burro_to
       or cardinality(players_added) + cardinality(players_removed)
        + cardinality(champions_added) + cardinality(champions_removed) > 0
    order by username, roster_id`);
  return result.rows.map((r) => ({
    rosterId: r.roster_id,
    username: r.username,
    totalPoints: { from: Number(r.total_from), to: Number(r.total_to) },
    pandaCoin: { from: Number(r.panda_from), to: Number(r.panda_to) },
    burroCoin: { from: Number(r.burro_from), to: Number(r.burro_to) },
    playersAdded: r.players_added,
    playersRemoved: r.players_removed,
    championsAdded: r.champions_added,
    championsRemoved: r.champions_removed,
  }));
}

/**
 * Puts rosters back as they were at the moment `at` (DECISIONS 28). Mode 'points': only the totals,
 * each difference an adjustment (total = weeks + adjustment still holds; a full recalculation undoes
 * it). Mode 'all': the totals, the coins (each difference a 'Restore' ledger row, so balance = ledger)
 * and the holdings together: what was bought since is released now, what was held then and sold since
 * is held again from now at the price paid then, so a later sale refunds what the restored coins paid.
 * Returns what changed, per roster. The caller holds the league lock (credit-locks.ts).
 */
export async function restoreRosterValues(
  db: DbOrTx,
  actor: AuditActor,
  leagueId: string,
  targets: RosterValues[],
  p: { note: string; at: Moment; mode: RestoreMode; dryRun?: boolean },
): Promise<RestoreChange[]> {
  if (targets.length === 0) return [];
  await lockSettledPoints(db, leagueId);
  await db.execute(sql`
    select r.id from rosters r
    where r.league_id = ${leagueId} and r.id = any(${sql.param(targets.map((t) => t.rosterId))}::uuid[])
    order by r.id for update`);
  await stageRestore(db, leagueId, targets, p.at);
  const changes = await stagedChanges(db, p.mode);
  if (p.dryRun || changes.length === 0) return changes;

  if (p.mode === 'all') {
    for (const [currency, column, current] of [
      ['PandaCoin', sql`panda`, sql`r.panda_coin`],
      ['BurroCoin', sql`burro`, sql`r.burro_coin`],
    ] as const) {
      await db.execute(sql`
        insert into transactions (roster_id, user_id, league_id, type, amount, currency, note, admin_user_id, timestamp)
        select r.id, r.user_id, r.league_id, 'Restore', t.${column} - ${current}, ${currency}, ${p.note}, ${actor.adminUserId}::uuid, clock_timestamp()
        from rosters r join restore_target t on t.roster_id = r.id
        where t.${column} <> ${current}`);
    }
    for (const h of HOLDINGS) {
      await db.execute(sql`
        update ${h.table} c set released_at = greatest(now(), c.acquired_at)
        where c.roster_id in (select roster_id from restore_target) and c.released_at is null
          and not exists (select 1 from restore_holdings rh where rh.holding_id = c.id)`);
      await db.execute(sql`
        insert into ${h.table} (roster_id, league_id, ${h.item}, price_paid, acquired_at)
        select rh.roster_id, ${leagueId}::uuid, rh.item_id, rh.price_paid, now()
        from restore_holdings rh
        where rh.kind = ${h.kind}
          and not exists (select 1 from ${h.table} c where c.id = rh.holding_id and c.released_at is null)`);
    }
  }
  await db.execute(sql`
    insert into roster_point_adjustments (roster_id, league_id, delta, reason, admin_user_id)
    select r.id, r.league_id, t.total - r.total_points, 'restore', ${actor.adminUserId}::uuid
    from rosters r join restore_target t on t.roster_id = r.id
    where abs(t.total - r.total_points) >= 0.005`);
  await db.execute(sql`
    update rosters r set
      ${
        p.mode === 'all'
          ? sql`panda_coin = t.panda, burro_coin = t.burro,
      player_count = (select count(*) from roster_players h where h.roster_id = r.id and h.released_at is null),
      champion_count = (select count(*) from roster_champions h where h.roster_id = r.id and h.released_at is null),`
          : sql``
      }
      points_adjustment = r.points_adjustment + (t.total - r.total_points), total_points = t.total, updated_at = now()
    from restore_target t
    where t.roster_id = r.id and r.id = any(${sql.param(changes.map((c) => c.rosterId))}::uuid[])`);
  return changes;
}

export async function listSnapshots(db: DbOrTx, leagueId: string) {
  return db
    .select()
    .from(rosterSnapshots)
    .where(eq(rosterSnapshots.leagueId, leagueId))
    .orderBy(desc(rosterSnapshots.snapshotDate), rosterSnapshots.username);
}

/**
 * The targets of the snapshots taken together with the chosen one (its batch), and the chosen one with its
 * moment to the microsecond (the holdings open then are the ones restored).
 */
async function snapshotTargets(db: DbOrTx, snapshotId: string) {
  const [chosen] = await db
    .select({
      ...getTableColumns(rosterSnapshots),
      moment: sql<Moment>`${rosterSnapshots.snapshotDate}::text`,
    })
    .from(rosterSnapshots)
    .where(eq(rosterSnapshots.id, snapshotId));
  if (!chosen) throw badRequest(MESSAGES.recovery.selectSnapshot);
  const batch = await db.select().from(rosterSnapshots).where(eq(rosterSnapshots.batchId, chosen.batchId));
  const targets: RosterValues[] = [];
  for (const s of batch) {
    const data = s.rosterData as Record<string, unknown>;
    const rosterId =
      s.rosterId ??
      (
        await db.execute<{ id: string }>(
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
  return { chosen, targets };
}

/** A restore (or preview) that would change nothing is refused, never reported as done. */
function requireChanges(changes: RestoreChange[], mode: RestoreMode) {
  if (changes.length === 0) {
    throw conflict(
      mode === 'points' ? MESSAGES.recovery.nothingToRestorePoints : MESSAGES.recovery.nothingToRestore,
      'NOTHING_TO_RESTORE',
    );
  }
}

/**
 * Restores (or, with dryRun, previews) the snapshots taken together with the chosen one: points and
 * coins from the snapshots, holdings from the holdings history at the snapshot's moment.
 */
export async function restoreSnapshot(
  db: Database,
  actor: AuditActor,
  snapshotId: string,
  mode: RestoreMode,
  dryRun = false,
) {
  return transactionWithRetry(db, async (tx) => {
    const [found] = await tx
      .select({ leagueId: rosterSnapshots.leagueId })
      .from(rosterSnapshots)
      .where(eq(rosterSnapshots.id, snapshotId));
    if (!found) throw badRequest(MESSAGES.recovery.selectSnapshot);
    await lockLeagueForCredit(tx, found.leagueId, MESSAGES.market.leagueNotFound);
    const { chosen, targets } = await snapshotTargets(tx, snapshotId);
    if (targets.length === 0) throw notFound(MESSAGES.recovery.snapshotRostersGone, 'NOTHING_TO_RESTORE');
    const changes = await restoreRosterValues(tx, actor, chosen.leagueId, targets, {
      note: 'Ripristino da snapshot',
      at: chosen.moment,
      mode,
      dryRun,
    });
    requireChanges(changes, mode);
    if (!dryRun) {
      await writeAudit(tx, actor, {
        action: 'RESTORE_SNAPSHOT',
        tableName: 'rosters',
        recordId: chosen.id,
        newValues: {
          leagueId: chosen.leagueId,
          batchId: chosen.batchId,
          snapshotDate: chosen.snapshotDate,
          mode,
          restored: changes.length,
          changes: changes.slice(0, 100),
        },
        severity: 'HIGH',
      });
    }
    return { restored: changes.length, changes };
  });
}

/**
 * The end of a calendar day in UTC: the moment a "leaderboard at date D" is taken, its last microsecond
 * (the database's precision), so `<=` it takes in all of the day.
 */
export function endOfDay(date: string): Moment {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw badRequest(MESSAGES.recovery.dateRequired);
  return `${date}T23:59:59.999999Z`;
}

/**
 * The leaderboard as it stood at a moment, rebuilt from the append-only ledgers: coins from
 * `transactions`, points from `roster_points_ledger` (one row per event, unnested) plus admin adjustments.
 */
export async function historicalLeaderboard(db: DbOrTx, leagueId: string, at: Moment | Date) {
  const [league] = await db.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, leagueId));
  if (!league) throw notFound(MESSAGES.market.leagueNotFound);
  // a pending event names its rosters only once folded
  await settlePoints(db, leagueId);
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
      where l.league_id = ${leagueId} and l.created_at <= ${at}::timestamptz
      group by u.roster_id
    )
    select r.id as roster_id, r.username,
      round(coalesce(lg.points, 0)
        + coalesce((select sum(a.delta) from roster_point_adjustments a where a.roster_id = r.id and a.created_at <= ${at}::timestamptz), 0), 2)
        as total_points,
      coalesce((select sum(t.amount) from transactions t where t.roster_id = r.id and t.currency = 'PandaCoin' and t.timestamp <= ${at}::timestamptz), 0)::int as panda_coin,
      coalesce((select sum(t.amount) from transactions t where t.roster_id = r.id and t.currency = 'BurroCoin' and t.timestamp <= ${at}::timestamptz), 0)::int as burro_coin
    from rosters r left join logged lg on lg.roster_id = r.id
    where r.league_id = ${leagueId} and r.created_at <= ${at}::timestamptz
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

export async function restoreHistorical(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  date: string,
  mode: RestoreMode,
  dryRun = false,
) {
  const at = endOfDay(date);
  return transactionWithRetry(db, async (tx) => {
    await lockLeagueForCredit(tx, leagueId, MESSAGES.market.leagueNotFound);
    const rows = await historicalLeaderboard(tx, leagueId, at);
    if (rows.length === 0) throw badRequest(MESSAGES.recovery.noData);
    const changes = await restoreRosterValues(tx, actor, leagueId, rows, {
      note: `Ripristino classifica al ${date}`,
      at,
      mode,
      dryRun,
    });
    requireChanges(changes, mode);
    if (!dryRun) {
      await writeAudit(tx, actor, {
        action: 'RESTORE_HISTORICAL_LEADERBOARD',
        tableName: 'rosters',
        recordId: leagueId,
        newValues: { date, mode, restored: changes.length, changes: changes.slice(0, 100) },
        severity: 'HIGH',
      });
    }
    return { restored: changes.length, changes };
  });
}
