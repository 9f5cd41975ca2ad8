import {
  checkBid,
  FANTA_MESSAGES,
  type FantaSquad,
  isRole,
  nextTurn,
  ROLES,
  type Role,
  releaseRefund,
} from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx, Transaction } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { enqueueNotifications } from '../notifications/index.ts';
import { auctionNoticeSql, isoSql } from './notice.ts';

const M = FANTA_MESSAGES;

export type AuctionStatus = 'setup' | 'running' | 'paused' | 'ended';

export const fantaNotFound = () => notFound(M.notFound, 'FANTA_LEAGUE_NOT_FOUND');
const refuse = (code: string, message: string) => conflict(message, code);

/** The league's row as the auction reads it, with the caller's membership. */
interface LeagueRow {
  id: string;
  leagueId: string;
  ownerUserId: string;
  status: AuctionStatus;
  round: 'main' | 'repair';
  squad: FantaSquad;
  bidSeconds: number;
  turnUserId: string | null;
  lotNo: number;
  lotPlayerId: string | null;
  lotBid: number | null;
  lotBidderUserId: string | null;
  /** the lot's clock has not run out (the database's clock decides) */
  lotOpen: boolean;
  isMember: boolean;
}

const leagueColumns = (userId: string) => sql`
  f.id, f.league_id as "leagueId", f.owner_user_id as "ownerUserId", f.status, f.round, f.squad,
  f.bid_seconds as "bidSeconds", f.turn_user_id as "turnUserId", f.lot_no as "lotNo",
  f.lot_player_id as "lotPlayerId", f.lot_bid as "lotBid", f.lot_bidder_user_id as "lotBidderUserId",
  coalesce(f.lot_ends_at > clock_timestamp(), f.lot_player_id is not null and f.status = 'paused') as "lotOpen",
  exists (select 1 from fanta_league_members m where m.fanta_league_id = f.id and m.user_id = ${userId})
    as "isMember"`;

/** The league locked for a change; 404 for anyone who is not a member (names never leak). */
async function lockLeague(tx: Transaction, userId: string, id: string): Promise<LeagueRow> {
  const { rows } = await tx.execute<LeagueRow & Record<string, unknown>>(sql`
    select ${leagueColumns(userId)} from fanta_leagues f where f.id = ${id} for update`);
  const row = rows[0];
  if (!row?.isMember) throw fantaNotFound();
  return row;
}

async function lockForOwner(tx: Transaction, userId: string, id: string): Promise<LeagueRow> {
  const row = await lockLeague(tx, userId, id);
  if (row.ownerUserId !== userId) throw forbidden(M.notOwner, 'NOT_OWNER');
  return row;
}

/** Refuses anything but a running auction, with what it is instead. */
function requireRunning(row: LeagueRow, allowPaused = false) {
  if (row.status === 'running') return;
  if (row.status === 'paused') {
    if (allowPaused) return;
    throw refuse('AUCTION_PAUSED', M.paused);
  }
  if (row.status === 'ended') throw refuse('AUCTION_ENDED', M.ended);
  throw refuse('AUCTION_NOT_RUNNING', M.notRunning);
}

export const emptyOwned = (): Record<Role, number> => ({ Top: 0, Jungle: 0, Mid: 0, ADC: 0, Support: 0 });

/** A manager's credits and players per role; null when he is not a member. */
async function managerState(db: DbOrTx, id: string, userId: string) {
  const { rows } = await db.execute<{ credits: number; owned: Record<string, number> | null }>(sql`
    select m.credits,
      (select json_object_agg(x.role, x.n) from (
         select o.role, count(*)::int as n from fanta_ownership o
         where o.fanta_league_id = m.fanta_league_id and o.user_id = m.user_id group by o.role) x) as owned
    from fanta_league_members m where m.fanta_league_id = ${id} and m.user_id = ${userId}`);
  const row = rows[0];
  if (!row) return null;
  return { credits: Number(row.credits), owned: { ...emptyOwned(), ...(row.owned ?? {}) } };
}

/** A player of the official league's pool, with his owner in this Lega Fanta (null: free). */
async function poolPlayer(db: DbOrTx, id: string, playerId: string) {
  const { rows } = await db.execute<{ role: string; ownerUserId: string | null }>(sql`
    select p.role, o.user_id as "ownerUserId"
    from fanta_leagues f
    join leagues l on l.id = f.league_id
    join players p on p.id = ${playerId} and (cardinality(l.teams) = 0 or p.team = any(l.teams))
    left join fanta_ownership o on o.fanta_league_id = f.id and o.player_id = p.id
    where f.id = ${id}`);
  const row = rows[0];
  if (!row || !isRole(row.role)) throw refuse('PLAYER_NOT_IN_POOL', M.playerNotInPool);
  return { role: row.role, ownerUserId: row.ownerUserId };
}

/** The call order with whether each manager's squad is full. */
async function callOrder(tx: DbOrTx, id: string, squad: FantaSquad) {
  const { rows } = await tx.execute<{ userId: string; owned: number }>(sql`
    select m.user_id as "userId",
      (select count(*)::int from fanta_ownership o where o.fanta_league_id = m.fanta_league_id and o.user_id = m.user_id) as owned
    from fanta_league_members m where m.fanta_league_id = ${id} order by m.turn_pos, m.user_id`);
  const size = ROLES.reduce((n, r) => n + squad[r], 0);
  return rows.map((r) => ({ userId: r.userId, full: Number(r.owned) >= size }));
}

/**
 * Gives `playerId` to `userId` for `price`: his squad, his credits (never below zero: the table's check
 * fails the whole transaction first) and the league's history, in the caller's transaction.
 */
async function assignInTx(
  tx: Transaction,
  row: LeagueRow,
  p: {
    playerId: string;
    userId: string;
    price: number;
    role: Role;
    byUserId: string | null;
    offline: boolean;
  },
) {
  await tx.execute(sql`
    insert into fanta_ownership (fanta_league_id, player_id, user_id, role, price)
    values (${row.id}, ${p.playerId}, ${p.userId}, ${p.role}, ${p.price})`);
  await tx.execute(sql`
    update fanta_league_members set credits = credits - ${p.price}
    where fanta_league_id = ${row.id} and user_id = ${p.userId}`);
  await tx.execute(sql`
    insert into fanta_history (fanta_league_id, kind, player_id, user_id, price, credits_change, by_user_id, offline, round)
    values (${row.id}, 'assign', ${p.playerId}, ${p.userId}, ${p.price}, ${-p.price}, ${p.byUserId}, ${p.offline}, ${row.round})`);
}

/**
 * After a change of the squads: the turn moves on (from `current`, or stays when its manager can still
 * nominate and `keepTurn`), and the auction ends by itself once every squad is full. Bumps the version and
 * announces the change, in the caller's transaction.
 */
async function settleTurn(tx: Transaction, row: LeagueRow, current: string | null, keepTurn: boolean) {
  const order = await callOrder(tx, row.id, row.squad);
  const currentFull = order.find((m) => m.userId === current)?.full ?? true;
  const turn = keepTurn && current && !currentFull ? current : nextTurn(order, current);
  const endNow = turn === null && (row.status === 'running' || row.status === 'paused');
  await tx.execute(sql`
    update fanta_leagues f set turn_user_id = ${turn},
      status = case when ${endNow} then 'ended' else f.status end,
      auction_ended_at = case when ${endNow} then coalesce(f.auction_ended_at, now()) else f.auction_ended_at end,
      version = f.version + 1, updated_at = now()
    where f.id = ${row.id}
    returning ${auctionNoticeSql('state')}`);
  // a turn kept by its manager (an undo, an offline assignment) is not a new call
  if (turn && !(keepTurn && turn === current)) await announceTurn(tx, row.id);
}

/**
 * "Tocca a te" (issue 33, `auction_turn`), in the transaction that passes the call: to the manager whose turn
 * it now is, while the auction is open (running, or paused: a turn skipped during a pause is his when it resumes;
 * an auction that ended with the pass calls nobody). The target is the
 * league and the auction's version after the pass: every change bumps it, so each turn is its own message,
 * written once (the unique key), and a rolled-back pass writes none.
 */
export async function announceTurn(tx: DbOrTx, id: string) {
  const { rows } = await tx.execute<{ version: string | number }>(sql`
    select version from fanta_leagues
    where id = ${id} and status in ('running', 'paused') and turn_user_id is not null`);
  if (!rows[0]) return;
  await enqueueNotifications(tx, {
    kind: 'auction_turn',
    target: `${id}:${rows[0].version}`,
    recipients: sql`
      select f.turn_user_id, jsonb_build_object('legaName', f.name, 'url', '/leghe-fanta/' || f.id || '/asta')
      from fanta_leagues f where f.id = ${id}`,
  });
}

/** Bumps the version and tells the rooms to refetch, in the caller's transaction. */
async function announceState(tx: DbOrTx, id: string) {
  await tx.execute(sql`
    update fanta_leagues f set version = f.version + 1, updated_at = now() where f.id = ${id}
    returning ${auctionNoticeSql('state')}`);
}

/**
 * Closes the league's lot if its clock has run out: the player goes to the highest bidder for his bid,
 * exactly once. Whoever notices first does it (each instance's timer, any request on the league): the row
 * lock serialises them, and the second finds no lot left. Returns whether this call closed it.
 */
export async function closeExpiredLot(db: Database, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<LeagueRow & Record<string, unknown>>(sql`
      select ${leagueColumns('00000000-0000-0000-0000-000000000000')} from fanta_leagues f
      where f.id = ${id} and f.status = 'running' and f.lot_player_id is not null
        and f.lot_ends_at <= clock_timestamp()
      for update`);
    const row = rows[0];
    // another instance closed it between our look and our lock: the lock re-reads the row
    if (!row || row.lotOpen || !row.lotPlayerId || row.lotBid === null) return false;
    // a bidder whose account is gone wins nothing: the player stays free
    if (row.lotBidderUserId) {
      const { rows: roles } = await tx.execute<{ role: Role }>(
        sql`select role from players where id = ${row.lotPlayerId}`,
      );
      await assignInTx(tx, row, {
        playerId: row.lotPlayerId,
        userId: row.lotBidderUserId,
        price: row.lotBid,
        role: roles[0]!.role,
        byUserId: null,
        offline: false,
      });
    }
    await tx.execute(sql`
      update fanta_leagues set lot_player_id = null, lot_bid = null, lot_bidder_user_id = null,
        lot_ends_at = null, lot_paused_ms = null
      where id = ${id}`);
    await settleTurn(tx, row, row.turnUserId, false);
    return true;
  });
}

/** Closes the lot first when a look at the row shows its clock ran out (cheap when it has not). */
export async function closeIfExpired(db: Database, id: string) {
  const { rows } = await db.execute<{ expired: boolean }>(sql`
    select status = 'running' and lot_player_id is not null and lot_ends_at <= clock_timestamp() as expired
    from fanta_leagues where id = ${id}`);
  if (rows[0]?.expired) await closeExpiredLot(db, id);
}

/** Leagues whose lot's clock has run out (each instance's timer closes them). */
export async function expiredLots(db: Database, limit = 200): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from fanta_leagues
    where status = 'running' and lot_player_id is not null and lot_ends_at <= clock_timestamp()
    order by lot_ends_at limit ${limit}`);
  return rows.map((r) => r.id);
}

export interface BidInput {
  userId: string;
  id: string;
  playerId: string;
  bid: number;
}

/** The league, its lot's role and the bidder's credits and squad, read in one statement (one snapshot). */
async function readForBid(db: DbOrTx, userId: string, id: string) {
  const { rows } = await db.execute<
    LeagueRow & {
      lotRole: Role | null;
      credits: number | null;
      owned: Record<string, number> | null;
    } & Record<string, unknown>
  >(sql`
    select ${leagueColumns(userId)}, p.role as "lotRole", m.credits,
      (select json_object_agg(x.role, x.n) from (
         select o.role, count(*)::int as n from fanta_ownership o
         where o.fanta_league_id = f.id and o.user_id = ${userId} group by o.role) x) as owned
    from fanta_leagues f
    left join players p on p.id = f.lot_player_id
    left join fanta_league_members m on m.fanta_league_id = f.id and m.user_id = ${userId}
    where f.id = ${id}`);
  const row = rows[0];
  if (!row?.isMember) throw fantaNotFound();
  return row;
}

/** Why a bid on the league as read is refused (the first reason a manager would read), or null. */
async function bidRefusal(db: DbOrTx, row: Awaited<ReturnType<typeof readForBid>>, p: BidInput) {
  requireRunning(row);
  if (row.lotPlayerId !== p.playerId) {
    // the lot this manager was bidding on is the one that just closed: its clock ran out
    const { rows: last } = await db.execute(sql`
      select 1 from fanta_bids where fanta_league_id = ${row.id} and lot_no = ${row.lotNo - (row.lotPlayerId ? 1 : 0)}
        and player_id = ${p.playerId} limit 1`);
    if (last.length > 0) return refuse('CLOCK_OVER', M.clockOver);
    const player = await poolPlayer(db, row.id, p.playerId);
    if (player.ownerUserId) return refuse('PLAYER_OWNED', M.playerOwned);
    return row.lotPlayerId ? refuse('WRONG_LOT', M.wrongLot) : refuse('NO_LOT', M.noLot);
  }
  if (!row.lotOpen || !row.lotRole) return refuse('CLOCK_OVER', M.clockOver);
  const manager = { credits: Number(row.credits ?? 0), owned: { ...emptyOwned(), ...(row.owned ?? {}) } };
  const refusal = checkBid(row.squad, manager, {
    role: row.lotRole,
    bid: p.bid,
    currentBid: row.lotBid ?? 0,
  });
  return refusal ? refuse(refusal.code, refusal.message) : null;
}

/**
 * A raise on the lot. The rules are checked on the league as read; the bid is then one conditional UPDATE
 * that holds only if the lot is still the same, still running, its clock (the database's) not run out and
 * the bid still higher: of concurrent bids on any instance, each accepted one is higher than the one before,
 * and none lands after the clock. The manager's credits and squad cannot change while his lot runs (only an
 * assignment, an undo or a release change them, and none happens during a lot), so what was checked holds.
 */
export async function placeBid(db: Database, p: BidInput) {
  await closeIfExpired(db, p.id);
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await readForBid(db, p.userId, p.id);
    const refusal = await bidRefusal(db, row, p);
    if (refusal) throw refusal;
    const { rows } = await db.execute<{ version: number; endsAt: string }>(sql`
      with upd as (
        update fanta_leagues f set lot_bid = ${p.bid}, lot_bidder_user_id = ${p.userId},
          lot_ends_at = clock_timestamp() + make_interval(secs => f.bid_seconds), version = f.version + 1
        where f.id = ${p.id} and f.status = 'running' and f.lot_no = ${row.lotNo}
          and f.lot_player_id = ${p.playerId} and f.lot_bid < ${p.bid} and f.lot_ends_at > clock_timestamp()
        returning f.*
      ), bid as (
        insert into fanta_bids (fanta_league_id, lot_no, player_id, user_id, amount)
        select u.id, u.lot_no, u.lot_player_id, u.lot_bidder_user_id, u.lot_bid from upd u
      )
      select u.version, ${isoSql(sql`u.lot_ends_at`)} as "endsAt", ${auctionNoticeSql('bid', sql.raw('u'))}
      from upd u`);
    if (rows[0]) return { version: Number(rows[0].version), endsAt: rows[0].endsAt };
    // lost a race: the league changed between the look and the update; the next look says why
  }
  throw refuse('BID_RACE', M.bidRace);
}

/** The manager whose turn it is puts a free player of the official league up, with his opening bid. */
export async function nominate(db: Database, p: BidInput) {
  await closeIfExpired(db, p.id);
  await db.transaction(async (tx) => {
    const row = await lockLeague(tx, p.userId, p.id);
    requireRunning(row);
    if (row.lotPlayerId) throw refuse('LOT_OPEN', M.lotOpen);
    if (row.turnUserId !== p.userId) throw refuse('NOT_YOUR_TURN', M.notYourTurn);
    const player = await poolPlayer(tx, row.id, p.playerId);
    if (player.ownerUserId) throw refuse('PLAYER_OWNED', M.playerOwned);
    const manager = await managerState(tx, row.id, p.userId);
    if (!manager) throw fantaNotFound();
    const refusal = checkBid(row.squad, manager, { role: player.role, bid: p.bid, currentBid: 0 });
    if (refusal) throw refuse(refusal.code, refusal.message);
    await tx.execute(sql`
      with upd as (
        update fanta_leagues f set lot_no = f.lot_no + 1, lot_player_id = ${p.playerId}, lot_bid = ${p.bid},
          lot_bidder_user_id = ${p.userId}, lot_ends_at = clock_timestamp() + make_interval(secs => f.bid_seconds),
          lot_paused_ms = null, version = f.version + 1, updated_at = now()
        where f.id = ${row.id}
        returning f.*
      ), bid as (
        insert into fanta_bids (fanta_league_id, lot_no, player_id, user_id, amount)
        select u.id, u.lot_no, u.lot_player_id, u.lot_bidder_user_id, u.lot_bid from upd u
      )
      select ${auctionNoticeSql('state', sql.raw('u'))} from upd u`);
  });
}

/** The banditore pauses: the lot's clock keeps what it had left. */
export async function pauseAuction(db: Database, p: { userId: string; id: string }) {
  await closeIfExpired(db, p.id);
  await db.transaction(async (tx) => {
    const row = await lockForOwner(tx, p.userId, p.id);
    requireRunning(row);
    await tx.execute(sql`
      update fanta_leagues f set status = 'paused',
        lot_paused_ms = case when f.lot_player_id is not null
          then greatest(0, ceil(extract(epoch from f.lot_ends_at - clock_timestamp()) * 1000))::int end,
        lot_ends_at = null, version = f.version + 1, updated_at = now()
      where f.id = ${row.id}
      returning ${auctionNoticeSql('state')}`);
  });
}

/** The banditore resumes: the lot's clock runs again from what it had left when paused. */
export async function resumeAuction(db: Database, p: { userId: string; id: string }) {
  await db.transaction(async (tx) => {
    const row = await lockForOwner(tx, p.userId, p.id);
    if (row.status !== 'paused') {
      if (row.status === 'ended') throw refuse('AUCTION_ENDED', M.ended);
      throw refuse('AUCTION_NOT_PAUSED', M.notPaused);
    }
    await tx.execute(sql`
      update fanta_leagues f set status = 'running',
        lot_ends_at = case when f.lot_player_id is not null
          then clock_timestamp() + make_interval(secs => coalesce(f.lot_paused_ms, 0) / 1000.0) end,
        lot_paused_ms = null, version = f.version + 1, updated_at = now()
      where f.id = ${row.id}
      returning ${auctionNoticeSql('state')}`);
  });
}

/** The banditore skips an absent manager's turn (only between lots). */
export async function skipTurn(db: Database, p: { userId: string; id: string }) {
  await closeIfExpired(db, p.id);
  await db.transaction(async (tx) => {
    const row = await lockForOwner(tx, p.userId, p.id);
    requireRunning(row, true);
    if (row.lotPlayerId) throw refuse('LOT_OPEN', M.lotOpen);
    await settleTurn(tx, row, row.turnUserId, false);
  });
}

/** The banditore ends the auction; a lot still running is dropped (its player stays free). */
export async function endAuction(db: Database, p: { userId: string; id: string }) {
  await closeIfExpired(db, p.id);
  await db.transaction(async (tx) => {
    const row = await lockForOwner(tx, p.userId, p.id);
    requireRunning(row, true);
    await tx.execute(sql`
      update fanta_leagues f set status = 'ended', auction_ended_at = coalesce(f.auction_ended_at, now()),
        turn_user_id = null, lot_player_id = null, lot_bid = null,
        lot_bidder_user_id = null, lot_ends_at = null, lot_paused_ms = null,
        version = f.version + 1, updated_at = now()
      where f.id = ${row.id}
      returning ${auctionNoticeSql('state')}`);
  });
}

/** The banditore undoes the newest assignment still standing: the credits go back, the player is free. */
export async function undoLastAssignment(db: Database, p: { userId: string; id: string }) {
  await closeIfExpired(db, p.id);
  return db.transaction(async (tx) => {
    const row = await lockForOwner(tx, p.userId, p.id);
    if (row.status === 'setup') throw refuse('AUCTION_NOT_RUNNING', M.notRunning);
    if (row.lotPlayerId) throw refuse('LOT_OPEN', M.lotOpen);
    const { rows } = await tx.execute<{ playerId: string; userId: string; price: number }>(sql`
      delete from fanta_ownership where (fanta_league_id, player_id) = (
        select fanta_league_id, player_id from fanta_ownership where fanta_league_id = ${row.id}
        order by seq desc limit 1)
      returning player_id as "playerId", user_id as "userId", price`);
    const undone = rows[0];
    if (!undone) throw refuse('NOTHING_TO_UNDO', M.nothingToUndo);
    await tx.execute(sql`
      update fanta_league_members set credits = credits + ${undone.price}
      where fanta_league_id = ${row.id} and user_id = ${undone.userId}`);
    await tx.execute(sql`
      insert into fanta_history (fanta_league_id, kind, player_id, user_id, price, credits_change, by_user_id, round)
      values (${row.id}, 'undo', ${undone.playerId}, ${undone.userId}, ${undone.price}, ${undone.price}, ${p.userId}, ${row.round})`);
    // the manager whose squad filled may nominate again; an ended auction stays ended
    if (row.status === 'ended') await announceState(tx, row.id);
    else await settleTurn(tx, row, row.turnUserId, true);
    return { playerId: undone.playerId, userId: undone.userId, price: Number(undone.price) };
  });
}

/** Offline auction: the banditore records "player → manager for price", under the same rules as a bid. */
export async function assignOffline(
  db: Database,
  p: { userId: string; id: string; playerId: string; managerUserId: string; price: number },
) {
  await closeIfExpired(db, p.id);
  await db.transaction(async (tx) => {
    const row = await lockForOwner(tx, p.userId, p.id);
    requireRunning(row, true);
    if (row.lotPlayerId) throw refuse('LOT_OPEN', M.lotOpen);
    const manager = await managerState(tx, row.id, p.managerUserId);
    if (!manager) throw notFound(M.managerNotMember, 'MANAGER_NOT_MEMBER');
    const player = await poolPlayer(tx, row.id, p.playerId);
    if (player.ownerUserId) throw refuse('PLAYER_OWNED', M.playerOwned);
    const refusal = checkBid(row.squad, manager, { role: player.role, bid: p.price, currentBid: 0 });
    if (refusal) throw refuse(refusal.code, refusal.message);
    await assignInTx(tx, row, {
      playerId: p.playerId,
      userId: p.managerUserId,
      price: p.price,
      role: player.role,
      byUserId: p.userId,
      offline: true,
    });
    await settleTurn(tx, row, row.turnUserId, true);
  });
}

/** "Svincola": a manager releases one of his players, outside a running auction, for half his price. */
export async function releasePlayer(db: Database, p: { userId: string; id: string; playerId: string }) {
  return db.transaction(async (tx) => {
    const row = await lockLeague(tx, p.userId, p.id);
    if (row.status !== 'ended') throw refuse('RELEASE_DURING_AUCTION', M.releaseDuringAuction);
    const { rows } = await tx.execute<{ price: number }>(sql`
      delete from fanta_ownership
      where fanta_league_id = ${row.id} and player_id = ${p.playerId} and user_id = ${p.userId}
      returning price`);
    if (!rows[0]) throw refuse('NOT_OWNED', M.notOwned);
    const refund = releaseRefund(Number(rows[0].price));
    await tx.execute(sql`
      update fanta_league_members set credits = credits + ${refund}
      where fanta_league_id = ${row.id} and user_id = ${p.userId}`);
    await tx.execute(sql`
      insert into fanta_history (fanta_league_id, kind, player_id, user_id, price, credits_change, by_user_id, round)
      values (${row.id}, 'release', ${p.playerId}, ${p.userId}, ${rows[0].price}, ${refund}, ${p.userId}, ${row.round})`);
    await announceState(tx, row.id);
    return { refund };
  });
}

/**
 * The repair auction ("asta di riparazione"): after the auction, between official weeks (no match of the
 * official league under way), the banditore reopens the room for the free players; the call order goes
 * round the managers with a slot to fill.
 */
export async function openRepairAuction(db: Database, p: { userId: string; id: string }) {
  await db.transaction(async (tx) => {
    const row = await lockForOwner(tx, p.userId, p.id);
    if (row.status !== 'ended') throw refuse('REPAIR_NOT_ALLOWED', M.repairNotAllowed);
    const { rows } = await tx.execute(sql`
      select 1 from matches where league_id = ${row.leagueId} and not completed
        and date <= now() and date > now() - interval '12 hours' limit 1`);
    if (rows.length > 0) throw refuse('REPAIR_DURING_MATCHES', M.repairDuringMatches);
    const order = await callOrder(tx, row.id, row.squad);
    const turn = nextTurn(order, null);
    if (!turn) throw refuse('SQUADS_FULL', M.squadsFull);
    await tx.execute(sql`
      update fanta_leagues f set status = 'running', round = 'repair', turn_user_id = ${turn},
        version = f.version + 1, updated_at = now()
      where f.id = ${row.id}
      returning ${auctionNoticeSql('state')}`);
    await announceTurn(tx, row.id);
  });
}
