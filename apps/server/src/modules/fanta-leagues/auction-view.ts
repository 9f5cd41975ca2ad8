import { type FantaSquad, maxBid, ROLES, type Role, slotsLeft } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type AuctionStatus, closeIfExpired, emptyOwned, fantaNotFound } from './auction.ts';
import { isoSql } from './notice.ts';

export interface ManagerView {
  userId: string;
  username: string;
  credits: number;
  /** per role, the slots still free */
  slots: Record<Role, number>;
  slotsLeft: number;
  maxBid: number;
  players: { playerId: string; name: string; team: string; role: Role; tier: number; price: number }[];
}

export interface AuctionView {
  status: AuctionStatus;
  round: 'main' | 'repair';
  version: number;
  bidSeconds: number;
  lot: {
    playerId: string;
    bid: number;
    bidderUserId: string;
    endsAt: string | null;
    remainingMs: number | null;
    lotNo: number;
  } | null;
  bids: { userId: string; amount: number; at: string }[];
  serverNow: string;
  turnUserId: string | null;
  ownerUserId: string;
  managers: ManagerView[];
}

/**
 * The room's state, as any instance reads it from the database: a reconnecting client gets the lot, its
 * bids and the clock at once. A lot whose clock has run out is closed first, so no reader ever sees it.
 */
export async function auctionState(db: Database, userId: string, id: string): Promise<AuctionView> {
  await closeIfExpired(db, id);
  const { rows } = await db.execute<{
    status: AuctionStatus;
    round: 'main' | 'repair';
    version: number;
    bidSeconds: number;
    squad: FantaSquad;
    ownerUserId: string;
    turnUserId: string | null;
    lotNo: number;
    lotPlayerId: string | null;
    lotBid: number | null;
    lotBidderUserId: string | null;
    lotEndsAt: string | null;
    remainingMs: number | null;
    serverNow: string;
    isMember: boolean;
  }>(sql`
    select f.status, f.round, f.version, f.bid_seconds as "bidSeconds", f.squad, f.owner_user_id as "ownerUserId",
      f.turn_user_id as "turnUserId", f.lot_no as "lotNo", f.lot_player_id as "lotPlayerId", f.lot_bid as "lotBid",
      f.lot_bidder_user_id as "lotBidderUserId", ${isoSql(sql`f.lot_ends_at`)} as "lotEndsAt",
      case when f.lot_player_id is null then null
           when f.status = 'paused' then f.lot_paused_ms
           else greatest(0, ceil(extract(epoch from f.lot_ends_at - clock_timestamp()) * 1000))::int end
        as "remainingMs",
      ${isoSql(sql`clock_timestamp()`)} as "serverNow",
      exists (select 1 from fanta_league_members m where m.fanta_league_id = f.id and m.user_id = ${userId})
        as "isMember"
    from fanta_leagues f where f.id = ${id}`);
  const f = rows[0];
  if (!f?.isMember) throw fantaNotFound();
  const [{ rows: members }, { rows: owned }, { rows: bids }] = await Promise.all([
    db.execute<{ userId: string; username: string; credits: number }>(sql`
      select m.user_id as "userId", u.username, m.credits
      from fanta_league_members m join users u on u.id = m.user_id
      where m.fanta_league_id = ${id} order by m.turn_pos, m.user_id`),
    db.execute<ManagerView['players'][number] & { userId: string }>(sql`
      select o.user_id as "userId", o.player_id as "playerId", p.name, p.team, o.role, p.tier, o.price
      from fanta_ownership o join players p on p.id = o.player_id
      where o.fanta_league_id = ${id} order by o.seq`),
    f.lotPlayerId
      ? db.execute<{ userId: string; amount: number; at: string }>(sql`
          select user_id as "userId", amount, ${isoSql(sql`at`)} as at from fanta_bids
          where fanta_league_id = ${id} and lot_no = ${f.lotNo} order by amount desc limit 10`)
      : Promise.resolve({ rows: [] as { userId: string; amount: number; at: string }[] }),
  ]);
  const managers = members.map((m): ManagerView => {
    const players = owned.filter((o) => o.userId === m.userId).map(({ userId: _, ...pl }) => pl);
    const byRole = emptyOwned();
    for (const pl of players) byRole[pl.role]++;
    const slots = emptyOwned();
    for (const role of ROLES) slots[role] = Math.max(0, f.squad[role] - byRole[role]);
    const credits = Number(m.credits);
    const left = slotsLeft(f.squad, byRole);
    return {
      userId: m.userId,
      username: m.username,
      credits,
      slots,
      slotsLeft: left,
      maxBid: maxBid(f.squad, { credits, owned: byRole }),
      players: players.map((pl) => ({ ...pl, tier: Number(pl.tier), price: Number(pl.price) })),
    };
  });
  return {
    status: f.status,
    round: f.round,
    version: Number(f.version),
    bidSeconds: Number(f.bidSeconds),
    lot:
      f.lotPlayerId && f.lotBid !== null && f.lotBidderUserId
        ? {
            playerId: f.lotPlayerId,
            bid: Number(f.lotBid),
            bidderUserId: f.lotBidderUserId,
            endsAt: f.lotEndsAt,
            remainingMs: f.remainingMs === null ? null : Number(f.remainingMs),
            lotNo: Number(f.lotNo),
          }
        : null,
    bids: bids.map((b) => ({ ...b, amount: Number(b.amount) })),
    serverNow: f.serverNow,
    turnUserId: f.turnUserId,
    ownerUserId: f.ownerUserId,
    managers,
  };
}
