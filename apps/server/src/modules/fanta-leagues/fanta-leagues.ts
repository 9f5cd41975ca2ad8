import {
  type CaptainMultiplier,
  FANTA_LIMITS,
  FANTA_MESSAGES,
  FANTA_SEASON_MESSAGES,
  type FantaSquad,
  type H2hSettings,
  largestFittingSquad,
  MESSAGES,
  maxManagersFor,
  type PrivateLeagueFormat,
  type Role,
  squadShortfalls,
  squadSize,
} from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx, Transaction } from '../../db/client.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import {
  guardedInviteCard,
  type InviteAttempt,
  newInviteCode,
  refundInviteAttempt,
  suggestedBands,
  takeInviteAttempt,
} from '../private-leagues/index.ts';
import { type AuctionStatus, announceTurn, fantaNotFound } from './auction.ts';
import { auctionNoticeSql, isoSql } from './notice.ts';
import { seasonLocked } from './season.ts';

const M = FANTA_MESSAGES;

/** Leghe Fanta a user may own at once. */
export const MAX_OWNED_FANTA_LEAGUES = 10;

export interface FantaSettings {
  name: string;
  budget: number;
  squad: FantaSquad;
  bidSeconds: number;
  nominationOrder: 'random' | 'manual';
  startsAt: string | null;
  /** the season's captain option (issue 32): 1 = off */
  captainMultiplier: CaptainMultiplier;
  viceCaptainEnabled: boolean;
  /** the ranking: "Classica" (total) or "Scontri diretti", with its result rule (null for Classica) */
  format: PrivateLeagueFormat;
  h2h: H2hSettings | null;
}

export interface FantaLeagueView extends FantaSettings {
  id: string;
  leagueId: string;
  leagueName: string;
  status: AuctionStatus;
  round: 'main' | 'repair';
  isOwner: boolean;
  ownerUserId: string;
  inviteCode: string | null;
  memberCount: number;
  members: { userId: string; username: string; isOwner: boolean; turnPos: number }[];
  /** players of the official league per role: the squad must fit it */
  pool: Record<Role, number>;
  /** the largest squad that fits the pool for the members there are now */
  proposedSquad: FantaSquad;
  /** the most managers the squad allows with this pool */
  maxManagers: number;
  /** the season's first week has locked: the captain option and the format are fixed */
  captainLocked: boolean;
}

/** Players of the official league per role (every player when the league names no teams). */
async function poolByRole(db: DbOrTx, leagueId: string): Promise<Record<Role, number>> {
  const { rows } = await db.execute<{ role: Role; n: number }>(sql`
    select p.role, count(*)::int as n from players p join leagues l on l.id = ${leagueId}
    where cardinality(l.teams) = 0 or p.team = any(l.teams) group by p.role`);
  const pool = { Top: 0, Jungle: 0, Mid: 0, ADC: 0, Support: 0 };
  for (const r of rows) if (r.role in pool) pool[r.role] = Number(r.n);
  return pool;
}

export async function getFantaLeague(db: DbOrTx, userId: string, id: string): Promise<FantaLeagueView> {
  const { rows } = await db.execute<
    Omit<FantaLeagueView, 'members' | 'pool' | 'proposedSquad' | 'maxManagers' | 'captainLocked'> & {
      isMember: boolean;
    }
  >(sql`
    select f.id, f.name, f.league_id as "leagueId", l.name as "leagueName", f.budget, f.squad,
      f.bid_seconds as "bidSeconds", f.nomination_order as "nominationOrder", ${isoSql(sql`f.starts_at`)} as "startsAt",
      f.status, f.round, f.owner_user_id = ${userId} as "isOwner", f.owner_user_id as "ownerUserId",
      case when f.owner_user_id = ${userId} then f.invite_code end as "inviteCode", f.member_count as "memberCount",
      f.captain_multiplier as "captainMultiplier", f.vice_captain_enabled as "viceCaptainEnabled",
      f.format, case when f.format = 'h2h' then json_build_object('rule', f.h2h_rule,
        'bandStart', f.h2h_band_start, 'bandStep', f.h2h_band_step) end as h2h,
      exists (select 1 from fanta_league_members m where m.fanta_league_id = f.id and m.user_id = ${userId})
        as "isMember"
    from fanta_leagues f join leagues l on l.id = f.league_id where f.id = ${id}`);
  const f = rows[0];
  if (!f?.isMember) throw fantaNotFound();
  const { rows: members } = await db.execute<FantaLeagueView['members'][number]>(sql`
    select m.user_id as "userId", u.username, m.user_id = ${f.ownerUserId} as "isOwner", m.turn_pos as "turnPos"
    from fanta_league_members m join users u on u.id = m.user_id
    where m.fanta_league_id = ${id} order by m.turn_pos, m.user_id`);
  const pool = await poolByRole(db, f.leagueId);
  const { isMember: _, ...view } = f;
  return {
    ...view,
    budget: Number(f.budget),
    bidSeconds: Number(f.bidSeconds),
    memberCount: Number(f.memberCount),
    members: members.map((m) => ({ ...m, turnPos: Number(m.turnPos) })),
    pool,
    proposedSquad: largestFittingSquad(pool, Math.max(FANTA_LIMITS.minMembers, members.length)),
    maxManagers: maxManagersFor(f.squad, pool),
    captainMultiplier: Number(f.captainMultiplier) as CaptainMultiplier,
    h2h: f.h2h && { ...f.h2h, bandStart: Number(f.h2h.bandStart), bandStep: Number(f.h2h.bandStep) },
    captainLocked: await seasonLocked(db, id),
  };
}

/** The Leghe Fanta the user is in, newest first. */
export async function listMyFantaLeagues(db: DbOrTx, userId: string) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    leagueId: string;
    leagueName: string;
    status: AuctionStatus;
    memberCount: number;
    isOwner: boolean;
  }>(sql`
    select f.id, f.name, f.league_id as "leagueId", l.name as "leagueName", f.status,
      f.member_count as "memberCount", f.owner_user_id = ${userId} as "isOwner"
    from fanta_league_members m join fanta_leagues f on f.id = m.fanta_league_id join leagues l on l.id = f.league_id
    where m.user_id = ${userId} order by f.created_at desc, f.id limit 200`);
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
}

/** A code no Lega Fanta uses now (a clash of 50 random bits is all but impossible; checked anyway). */
async function unusedInviteCode(tx: DbOrTx): Promise<string> {
  for (;;) {
    const code = newInviteCode();
    const { rows } = await tx.execute(sql`select 1 from fanta_leagues where invite_code = ${code}`);
    if (rows.length === 0) return code;
  }
}

/** Serialises a user's creations, so the owned limit holds under concurrency. */
async function lockUser(tx: Transaction, userId: string) {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function createFantaLeague(
  db: Database,
  p: { userId: string; leagueId: string } & Omit<
    FantaSettings,
    'nominationOrder' | 'startsAt' | 'captainMultiplier' | 'viceCaptainEnabled' | 'format' | 'h2h'
  > &
    Partial<
      Pick<
        FantaSettings,
        'nominationOrder' | 'startsAt' | 'captainMultiplier' | 'viceCaptainEnabled' | 'format' | 'h2h'
      >
    >,
): Promise<FantaLeagueView> {
  checkSquadAndBudget(p.squad, p.budget);
  const id = await db.transaction(async (tx) => {
    await lockUser(tx, p.userId);
    const { rows: league } = await tx.execute(sql`select 1 from leagues where id = ${p.leagueId}`);
    if (league.length === 0) throw notFound(MESSAGES.leagues.notFound, 'LEAGUE_NOT_FOUND');
    const { rows: owned } = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from fanta_leagues where owner_user_id = ${p.userId}`,
    );
    if (Number(owned[0]?.n ?? 0) >= MAX_OWNED_FANTA_LEAGUES) throw conflict(M.tooManyOwned, 'TOO_MANY_OWNED');
    const h2h = await h2hRuleFor(tx, p.leagueId, p.format ?? 'classic', p.h2h ?? null);
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into fanta_leagues (league_id, owner_user_id, name, invite_code, budget, squad, bid_seconds,
        nomination_order, starts_at, member_count, captain_multiplier, vice_captain_enabled,
        format, h2h_rule, h2h_band_start, h2h_band_step)
      values (${p.leagueId}, ${p.userId}, ${p.name}, ${await unusedInviteCode(tx)}, ${p.budget},
        ${JSON.stringify(p.squad)}::jsonb, ${p.bidSeconds}, ${p.nominationOrder ?? 'random'}, ${p.startsAt ?? null}, 1,
        ${p.captainMultiplier ?? 1}, ${p.viceCaptainEnabled ?? true},
        ${p.format ?? 'classic'}, ${h2h?.rule ?? null}, ${h2h?.bandStart ?? null}, ${h2h?.bandStep ?? null})
      returning id`);
    const created = rows[0]!.id;
    await tx.execute(sql`
      insert into fanta_league_members (fanta_league_id, user_id, turn_pos) values (${created}, ${p.userId}, 0)`);
    return created;
  });
  return getFantaLeague(db, p.userId, id);
}

/**
 * The result rule a format gets: none for "Classica"; for "Scontri diretti" the one given, else the bands the
 * official league's latest week suggests (as a head-to-head private league gets them).
 */
async function h2hRuleFor(
  tx: DbOrTx,
  leagueId: string,
  format: PrivateLeagueFormat,
  given: H2hSettings | null,
): Promise<H2hSettings | null> {
  if (format !== 'h2h') return null;
  if (given) return given;
  const { bandStart, bandStep } = await suggestedBands(tx, leagueId);
  return { rule: 'bands', bandStart, bandStep };
}

function checkSquadAndBudget(squad: FantaSquad, budget: number) {
  if (squadSize(squad) === 0) throw badRequest(M.squadEmpty, 'SQUAD_EMPTY');
  if (budget < squadSize(squad)) throw badRequest(M.budgetTooSmall, 'BUDGET_TOO_SMALL');
}

/**
 * What a chat's link preview may show of a Lega Fanta invite (issue 33): its name and its official league's,
 * nothing else; null for a code that opens nothing. Asked without a session: a miss counts against the IP.
 */
export async function fantaInviteCard(db: Database, code: string, ip: string) {
  return guardedInviteCard(db, code, ip, async (normalised) => {
    const { rows } = await db.execute<{ name: string; leagueName: string }>(sql`
      select f.name, l.name as "leagueName" from fanta_leagues f join leagues l on l.id = f.league_id
      where f.invite_code = ${normalised}`);
    return rows[0] ?? null;
  });
}

/** Joins by invite code while the auction has not started; a wrong code counts against the caller. */
export async function joinFantaLeague(
  db: Database,
  code: string,
  a: InviteAttempt,
): Promise<FantaLeagueView> {
  await takeInviteAttempt(db, a);
  const { rows: found } = await db.execute<{ id: string }>(
    sql`select id from fanta_leagues where invite_code = ${code}`,
  );
  const id = found[0]?.id;
  if (!id) throw notFound(M.inviteInvalid, 'INVITE_INVALID');
  await refundInviteAttempt(db, a);
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: AuctionStatus; memberCount: number; isMember: boolean }>(sql`
      select f.status, f.member_count as "memberCount",
        exists (select 1 from fanta_league_members m where m.fanta_league_id = f.id and m.user_id = ${a.userId})
          as "isMember"
      from fanta_leagues f where f.id = ${id} for update`);
    const f = rows[0]!;
    if (f.isMember) throw conflict(M.alreadyMember, 'ALREADY_MEMBER');
    if (f.status !== 'setup') throw conflict(M.joinClosed, 'JOIN_CLOSED');
    if (Number(f.memberCount) >= FANTA_LIMITS.maxMembers) throw conflict(M.full, 'FANTA_LEAGUE_FULL');
    try {
      await tx.execute(sql`
        insert into fanta_league_members (fanta_league_id, user_id, turn_pos)
        values (${id}, ${a.userId}, ${Number(f.memberCount)})`);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(M.alreadyMember, 'ALREADY_MEMBER');
      throw err;
    }
    await tx.execute(sql`
      update fanta_leagues f set member_count = f.member_count + 1, version = f.version + 1, updated_at = now()
      where f.id = ${id} returning ${auctionNoticeSql('state')}`);
  });
  return getFantaLeague(db, a.userId, id);
}

async function lockSetupForOwner(tx: Transaction, userId: string, id: string) {
  const { rows } = await tx.execute<{
    ownerUserId: string;
    status: AuctionStatus;
    leagueId: string;
    budget: number;
    squad: FantaSquad;
    nominationOrder: 'random' | 'manual';
    format: PrivateLeagueFormat;
    h2hRule: H2hSettings['rule'] | null;
    h2hBandStart: string | null;
    h2hBandStep: string | null;
    isMember: boolean;
  }>(sql`
    select f.owner_user_id as "ownerUserId", f.status, f.league_id as "leagueId", f.budget, f.squad,
      f.nomination_order as "nominationOrder", f.format, f.h2h_rule as "h2hRule",
      f.h2h_band_start::text as "h2hBandStart", f.h2h_band_step::text as "h2hBandStep",
      exists (select 1 from fanta_league_members m where m.fanta_league_id = f.id and m.user_id = ${userId})
        as "isMember"
    from fanta_leagues f where f.id = ${id} for update`);
  const f = rows[0];
  if (!f?.isMember) throw fantaNotFound();
  if (f.ownerUserId !== userId) throw forbidden(M.notOwner, 'NOT_OWNER');
  return f;
}

/**
 * The owner changes the settings until the auction starts; `order` sets the call order by hand. The captain
 * option and the format (with its result rule) may change later, until the season's first week locks.
 */
export async function updateFantaSettings(
  db: Database,
  p: { userId: string; id: string } & Partial<FantaSettings> & { order?: string[] },
) {
  await db.transaction(async (tx) => {
    const f = await lockSetupForOwner(tx, p.userId, p.id);
    const { captainMultiplier, viceCaptainEnabled, format, h2h, ...auctionSettings } = p;
    const auctionChange = Object.entries(auctionSettings).some(
      ([k, v]) => k !== 'userId' && k !== 'id' && v !== undefined,
    );
    if (auctionChange && f.status !== 'setup') throw conflict(M.settingsLocked, 'SETTINGS_LOCKED');
    if (
      (captainMultiplier !== undefined || viceCaptainEnabled !== undefined) &&
      (await seasonLocked(tx, p.id))
    )
      throw conflict(FANTA_SEASON_MESSAGES.captainLocked, 'CAPTAIN_LOCKED');
    const newFormat = format ?? f.format;
    if (h2h && newFormat !== 'h2h') throw conflict(FANTA_SEASON_MESSAGES.notH2h, 'NOT_H2H');
    if ((format !== undefined || h2h !== undefined) && (await seasonLocked(tx, p.id)))
      throw conflict(FANTA_SEASON_MESSAGES.formatLocked, 'FORMAT_LOCKED');
    const current: H2hSettings | null = f.h2hRule
      ? { rule: f.h2hRule, bandStart: Number(f.h2hBandStart), bandStep: Number(f.h2hBandStep) }
      : null;
    const rule =
      format === undefined && h2h === undefined
        ? current
        : await h2hRuleFor(tx, f.leagueId, newFormat, h2h ?? current);
    checkSquadAndBudget(p.squad ?? f.squad, p.budget ?? Number(f.budget));
    if (p.order) {
      const { rows } = await tx.execute<{ userId: string }>(
        sql`select user_id as "userId" from fanta_league_members where fanta_league_id = ${p.id}`,
      );
      const members = new Set(rows.map((r) => r.userId));
      if (
        p.order.length !== members.size ||
        new Set(p.order).size !== members.size ||
        !p.order.every((u) => members.has(u))
      )
        throw badRequest(M.orderInvalid, 'ORDER_INVALID');
      await tx.execute(sql`
        update fanta_league_members m set turn_pos = o.pos - 1
        from unnest(${sql.param(p.order)}::uuid[]) with ordinality as o(user_id, pos)
        where m.fanta_league_id = ${p.id} and m.user_id = o.user_id`);
    }
    await tx.execute(sql`
      update fanta_leagues f set
        name = coalesce(${p.name ?? null}, f.name),
        budget = coalesce(${p.budget ?? null}::int, f.budget),
        squad = coalesce(${p.squad ? JSON.stringify(p.squad) : null}::jsonb, f.squad),
        bid_seconds = coalesce(${p.bidSeconds ?? null}::int, f.bid_seconds),
        nomination_order = coalesce(${p.nominationOrder ?? (p.order ? 'manual' : null)}, f.nomination_order),
        starts_at = case when ${p.startsAt !== undefined} then ${p.startsAt ?? null}::timestamptz else f.starts_at end,
        captain_multiplier = coalesce(${captainMultiplier ?? null}::numeric, f.captain_multiplier),
        vice_captain_enabled = coalesce(${viceCaptainEnabled ?? null}::boolean, f.vice_captain_enabled),
        format = ${newFormat}, h2h_rule = ${rule?.rule ?? null}, h2h_band_start = ${rule?.bandStart ?? null},
        h2h_band_step = ${rule?.bandStep ?? null},
        version = f.version + 1, updated_at = now()
      where f.id = ${p.id} returning ${auctionNoticeSql('state')}`);
  });
  return getFantaLeague(db, p.userId, p.id);
}

/**
 * The owner starts the auction: at least two managers, a squad that fits the official league's pool
 * (managers × quota ≤ the role's players, for each role), every manager's credits set to the budget, the
 * call order drawn (random) or as set, the first manager's turn.
 */
export async function startAuction(db: Database, p: { userId: string; id: string }) {
  await db.transaction(async (tx) => {
    const f = await lockSetupForOwner(tx, p.userId, p.id);
    if (f.status !== 'setup') throw conflict(M.alreadyStarted, 'ALREADY_STARTED');
    const { rows } = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from fanta_league_members where fanta_league_id = ${p.id}`,
    );
    const managers = Number(rows[0]?.n ?? 0);
    if (managers < FANTA_LIMITS.minMembers) throw conflict(M.tooFewMembers, 'TOO_FEW_MEMBERS');
    const shortfall = squadShortfalls(f.squad, await poolByRole(tx, f.leagueId), managers)[0];
    if (shortfall)
      throw conflict(M.squadTooBig(shortfall.role, shortfall.need, shortfall.pool), 'SQUAD_DOES_NOT_FIT');
    if (f.nominationOrder === 'random') {
      await tx.execute(sql`
        update fanta_league_members m set turn_pos = o.pos
        from (select user_id, (row_number() over (order by random()))::int - 1 as pos
              from fanta_league_members where fanta_league_id = ${p.id}) o
        where m.fanta_league_id = ${p.id} and m.user_id = o.user_id`);
    }
    await tx.execute(sql`
      update fanta_league_members set credits = ${Number(f.budget)} where fanta_league_id = ${p.id}`);
    await tx.execute(sql`
      update fanta_leagues f set status = 'running', round = 'main',
        turn_user_id = (select user_id from fanta_league_members where fanta_league_id = f.id
                        order by turn_pos, user_id limit 1),
        version = f.version + 1, updated_at = now()
      where f.id = ${p.id} returning ${auctionNoticeSql('state')}`);
    await announceTurn(tx, p.id);
  });
}

/** The official league's players with their owner in this Lega Fanta (the room's free-player list). */
export async function fantaPlayers(db: Database, userId: string, id: string) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    team: string;
    role: Role;
    tier: number;
    ownerUserId: string | null;
    price: number | null;
    isMember: boolean;
  }>(sql`
    select p.id, p.name, p.team, p.role, p.tier, o.user_id as "ownerUserId", o.price,
      exists (select 1 from fanta_league_members m where m.fanta_league_id = f.id and m.user_id = ${userId})
        as "isMember"
    from fanta_leagues f
    join leagues l on l.id = f.league_id
    join players p on cardinality(l.teams) = 0 or p.team = any(l.teams)
    left join fanta_ownership o on o.fanta_league_id = f.id and o.player_id = p.id
    where f.id = ${id}
    order by p.tier desc, p.name, p.id
    limit 2000`);
  if (rows.length > 0 && !rows[0]!.isMember) throw fantaNotFound();
  if (rows.length === 0) await getFantaLeague(db, userId, id);
  return rows.map(({ isMember: _, ...r }) => ({
    ...r,
    tier: Number(r.tier),
    price: r.price === null ? null : Number(r.price),
  }));
}

/** Every assignment, undo and release of the league, newest first. */
export async function fantaHistory(db: Database, userId: string, id: string) {
  await getFantaLeague(db, userId, id);
  const { rows } = await db.execute<{
    id: number;
    kind: 'assign' | 'undo' | 'release';
    playerId: string;
    playerName: string;
    role: Role;
    userId: string;
    username: string;
    price: number;
    creditsChange: number;
    offline: boolean;
    round: 'main' | 'repair';
    at: string;
  }>(sql`
    select h.id, h.kind, h.player_id as "playerId", p.name as "playerName", p.role, h.user_id as "userId",
      u.username, h.price, h.credits_change as "creditsChange", h.offline, h.round, ${isoSql(sql`h.at`)} as at
    from fanta_history h join players p on p.id = h.player_id join users u on u.id = h.user_id
    where h.fanta_league_id = ${id} order by h.id desc limit 500`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    price: Number(r.price),
    creditsChange: Number(r.creditsChange),
  }));
}
