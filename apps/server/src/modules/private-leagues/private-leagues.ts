import {
  H2H_LIMITS,
  type H2hSettings,
  MESSAGES,
  PRIVATE_LEAGUE_LIMITS,
  type PrivateLeagueFormat,
} from '@fantarift/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx, Transaction } from '../../db/client.ts';
import { leagues, privateLeagueMembers, privateLeagues, rosters, users } from '../../db/schema.ts';
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { refundAttempt, takeAttempt } from '../auth/index.ts';
import { suggestedBands } from './bands-suggestion.ts';
import { newInviteCode } from './invite-code.ts';

const M = MESSAGES.privateLeagues;

/** Failed invite-code look-ups (wrong, expired or regenerated codes), counted per user and per IP. */
export const INVITE_RATE_LIMITS = {
  perUser: { max: 20, windowSeconds: 15 * 60 },
  perIp: { max: 60, windowSeconds: 15 * 60 },
} as const;

const rateLimited = () => new AppError(429, 'RATE_LIMITED', M.rateLimited);
const inviteInvalid = () => notFound(M.inviteInvalid, 'INVITE_INVALID');
const privateNotFound = () => notFound(M.notFound, 'PRIVATE_LEAGUE_NOT_FOUND');

export interface InviteAttempt {
  userId: string;
  ip: string;
}

const rateKeys = (a: InviteAttempt) => ({
  user: `private-invite:user:${a.userId}`,
  ip: `private-invite:ip:${a.ip}`,
});

/**
 * Counts the look-up before it runs (one conditional statement per key, like the login throttle), so a
 * burst of concurrent guesses cannot all pass a check made before any of them is counted.
 */
export async function takeInviteAttempt(db: DbOrTx, a: InviteAttempt) {
  const keys = rateKeys(a);
  if (!(await takeAttempt(db, keys.user, INVITE_RATE_LIMITS.perUser))) throw rateLimited();
  if (!(await takeAttempt(db, keys.ip, INVITE_RATE_LIMITS.perIp))) {
    await refundAttempt(db, keys.user);
    throw rateLimited();
  }
}

/** A code that opened a league was no guess: its attempt is given back. */
export async function refundInviteAttempt(db: DbOrTx, a: InviteAttempt) {
  const keys = rateKeys(a);
  await refundAttempt(db, keys.user);
  await refundAttempt(db, keys.ip);
}

/** The private league an invite code opens; a miss counts against the caller's attempts. */
async function findByCode(db: Database, code: string, a: InviteAttempt) {
  await takeInviteAttempt(db, a);
  const [pl] = await db.select().from(privateLeagues).where(eq(privateLeagues.inviteCode, code));
  if (!pl) throw inviteInvalid();
  await refundInviteAttempt(db, a);
  return pl;
}

/**
 * What a chat's link preview may show of an invite (issue 33): the private league's name and its official
 * league's, nothing else; null for a code that opens nothing. Asked without a session (by a chat's crawler),
 * so a miss counts against the asking IP's invite attempts, as a guess does; over the budget, null.
 */
export async function inviteCard(
  db: Database,
  code: string,
  ip: string,
): Promise<{ name: string; leagueName: string } | null> {
  return guardedInviteCard(db, code, ip, async (normalised) => {
    const [row] = await db
      .select({ name: privateLeagues.name, leagueName: leagues.name })
      .from(privateLeagues)
      .innerJoin(leagues, eq(leagues.id, privateLeagues.leagueId))
      .where(eq(privateLeagues.inviteCode, normalised));
    return row ?? null;
  });
}

/**
 * An invite preview's look-up under the asking IP's invite budget (the Leghe Fanta use it for theirs): the
 * attempt is counted first and given back on a hit; over the budget, or a code too long to be one, null.
 */
export async function guardedInviteCard<T>(
  db: Database,
  code: string,
  ip: string,
  find: (normalisedCode: string) => Promise<T | null>,
): Promise<T | null> {
  const key = rateKeys({ userId: '', ip }).ip;
  if (code.length > 64 || !(await takeAttempt(db, key, INVITE_RATE_LIMITS.perIp))) return null;
  const row = await find(code.trim().toUpperCase());
  if (row) await refundAttempt(db, key);
  return row;
}

/** Serialises a user's creations and joins, so the owned and joined limits hold under concurrency. */
async function lockUser(tx: Transaction, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function membershipCounts(tx: DbOrTx, userId: string) {
  const { rows } = await tx.execute<{ owned: number; joined: number }>(sql`
    select (select count(*)::int from private_leagues where owner_user_id = ${userId}) as owned,
           (select count(*)::int from private_league_members where user_id = ${userId}) as joined`);
  return { owned: Number(rows[0]?.owned ?? 0), joined: Number(rows[0]?.joined ?? 0) };
}

async function rosterOf(tx: DbOrTx, userId: string, leagueId: string) {
  const [roster] = await tx
    .select({ id: rosters.id })
    .from(rosters)
    .where(and(eq(rosters.userId, userId), eq(rosters.leagueId, leagueId)));
  return roster;
}

export type PrivateLeagueView = {
  id: string;
  name: string;
  leagueId: string;
  leagueName: string;
  memberCount: number;
  isOwner: boolean;
  ownerUsername: string;
  inviteCode: string | null;
  createdAt: string;
  format: PrivateLeagueFormat;
  /** the result rule of a head-to-head league (null for a classic one) */
  h2h: (H2hSettings & { calendarGenerated: boolean }) | null;
};

type ViewRow = Omit<PrivateLeagueView, 'h2h'> & {
  h2hRule: H2hSettings['rule'] | null;
  h2hBandStart: string | null;
  h2hBandStep: string | null;
  calendarGenerated: boolean;
};

const viewColumns = (userId: string) => sql`
  pl.id, pl.name, pl.league_id as "leagueId", l.name as "leagueName", pl.member_count as "memberCount",
  pl.owner_user_id = ${userId} as "isOwner", o.username as "ownerUsername",
  case when pl.owner_user_id = ${userId} then pl.invite_code end as "inviteCode",
  to_char(pl.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  pl.format, pl.h2h_rule as "h2hRule", pl.h2h_band_start::text as "h2hBandStart",
  pl.h2h_band_step::text as "h2hBandStep", pl.h2h_seats is not null as "calendarGenerated"`;

const toView = ({
  h2hRule,
  h2hBandStart,
  h2hBandStep,
  calendarGenerated,
  ...r
}: ViewRow): PrivateLeagueView => ({
  ...r,
  memberCount: Number(r.memberCount),
  h2h:
    r.format === 'h2h' && h2hRule
      ? { rule: h2hRule, bandStart: Number(h2hBandStart), bandStep: Number(h2hBandStep), calendarGenerated }
      : null,
});

/** The private leagues the user is in (owned and joined), oldest first. */
export async function listMyPrivateLeagues(db: DbOrTx, userId: string): Promise<PrivateLeagueView[]> {
  const { rows } = await db.execute<ViewRow>(sql`
    select ${viewColumns(userId)}
    from private_league_members m
    join private_leagues pl on pl.id = m.private_league_id
    join leagues l on l.id = pl.league_id
    join users o on o.id = pl.owner_user_id
    where m.user_id = ${userId}
    order by pl.created_at, pl.id`);
  return rows.map(toView);
}

/** One private league as its member sees it; 404 for anyone else (names never leak). */
export async function getPrivateLeague(db: DbOrTx, userId: string, id: string): Promise<PrivateLeagueView> {
  const { rows } = await db.execute<ViewRow>(sql`
    select ${viewColumns(userId)}
    from private_leagues pl
    join private_league_members m on m.private_league_id = pl.id and m.user_id = ${userId}
    join leagues l on l.id = pl.league_id
    join users o on o.id = pl.owner_user_id
    where pl.id = ${id}`);
  if (!rows[0]) throw privateNotFound();
  return toView(rows[0]);
}

/** Creates a private league in an official league where the user has a roster; the owner is its first member. */
export async function createPrivateLeague(
  db: Database,
  p: {
    userId: string;
    leagueId: string;
    name: string;
    format?: PrivateLeagueFormat;
    /** a head-to-head league's result rule (without it: the bands the official league's weeks suggest) */
    h2h?: H2hSettings;
  },
): Promise<PrivateLeagueView> {
  const id = await db.transaction(async (tx) => {
    await lockUser(tx, p.userId);
    const [league] = await tx.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, p.leagueId));
    if (!league) throw notFound(MESSAGES.market.leagueNotFound);
    const roster = await rosterOf(tx, p.userId, p.leagueId);
    if (!roster) throw conflict(M.noRoster, 'NO_ROSTER');
    const counts = await membershipCounts(tx, p.userId);
    if (counts.owned >= PRIVATE_LEAGUE_LIMITS.maxOwned) throw conflict(M.tooManyOwned, 'TOO_MANY_OWNED');
    if (counts.joined >= PRIVATE_LEAGUE_LIMITS.maxJoined) throw conflict(M.tooManyJoined, 'TOO_MANY_JOINED');
    const suggested = p.format === 'h2h' && !p.h2h ? await suggestedBands(tx, p.leagueId) : null;
    const h2h =
      p.format === 'h2h'
        ? (p.h2h ?? {
            rule: 'bands' as const,
            bandStart: suggested!.bandStart,
            bandStep: suggested!.bandStep,
          })
        : null;
    const [created] = await tx
      .insert(privateLeagues)
      .values({
        leagueId: p.leagueId,
        ownerUserId: p.userId,
        ownerRosterId: roster.id,
        name: p.name,
        inviteCode: await unusedInviteCode(tx),
        memberCount: 1,
        membersVersion: 1,
        format: p.format ?? 'classic',
        h2hRule: h2h?.rule ?? null,
        h2hBandStart: h2h?.bandStart ?? null,
        h2hBandStep: h2h?.bandStep ?? null,
      })
      .returning({ id: privateLeagues.id });
    await tx
      .insert(privateLeagueMembers)
      .values({ privateLeagueId: created!.id, rosterId: roster.id, userId: p.userId });
    return created!.id;
  });
  return getPrivateLeague(db, p.userId, id);
}

/** A code no private league uses now (a clash of 50 random bits is all but impossible; checked anyway). */
async function unusedInviteCode(tx: DbOrTx): Promise<string> {
  for (;;) {
    const code = newInviteCode();
    const [taken] = await tx
      .select({ id: privateLeagues.id })
      .from(privateLeagues)
      .where(eq(privateLeagues.inviteCode, code));
    if (!taken) return code;
  }
}

export type InvitePreview = {
  id: string;
  name: string;
  leagueId: string;
  leagueName: string;
  leagueStatus: string;
  rulesRequired: boolean;
  ownerUsername: string;
  memberCount: number;
  isMember: boolean;
  hasRoster: boolean;
  format: PrivateLeagueFormat;
  /** a head-to-head calendar is generated: the members are frozen and nobody else can join */
  closedToNewMembers: boolean;
};

/** What an invite link shows before joining: the private league, its official league and its owner. */
export async function previewInvite(db: Database, code: string, a: InviteAttempt): Promise<InvitePreview> {
  const pl = await findByCode(db, code, a);
  const { rows } = await db.execute<InvitePreview>(sql`
    select pl.id, pl.name, pl.league_id as "leagueId", l.name as "leagueName", l.status as "leagueStatus",
           l.rules_required as "rulesRequired", o.username as "ownerUsername", pl.member_count as "memberCount",
           exists (select 1 from private_league_members m
                   where m.private_league_id = pl.id and m.user_id = ${a.userId}) as "isMember",
           exists (select 1 from rosters r where r.league_id = pl.league_id and r.user_id = ${a.userId})
             as "hasRoster",
           pl.format, pl.h2h_seats is not null as "closedToNewMembers"
    from private_leagues pl
    join leagues l on l.id = pl.league_id
    join users o on o.id = pl.owner_user_id
    where pl.id = ${pl.id}`);
  if (!rows[0]) throw inviteInvalid();
  return { ...rows[0], memberCount: Number(rows[0].memberCount) };
}

/**
 * Joins a private league by its code. The member count is raised by one guarded UPDATE that also checks
 * the code is still the current one, so concurrent joins never pass the member limit and a regenerated
 * code stops working at once.
 */
export async function joinPrivateLeague(
  db: Database,
  code: string,
  a: InviteAttempt & { maxMembers: number },
): Promise<PrivateLeagueView> {
  const pl = await findByCode(db, code, a);
  await db.transaction(async (tx) => {
    await lockUser(tx, a.userId);
    const roster = await rosterOf(tx, a.userId, pl.leagueId);
    if (!roster) throw conflict(M.joinOfficialFirst, 'NO_ROSTER');
    const [already] = await tx
      .select({ rosterId: privateLeagueMembers.rosterId })
      .from(privateLeagueMembers)
      .where(and(eq(privateLeagueMembers.privateLeagueId, pl.id), eq(privateLeagueMembers.userId, a.userId)));
    if (already) throw conflict(M.alreadyMember, 'ALREADY_MEMBER');
    const counts = await membershipCounts(tx, a.userId);
    if (counts.joined >= PRIVATE_LEAGUE_LIMITS.maxJoined) throw conflict(M.tooManyJoined, 'TOO_MANY_JOINED');
    const maxMembers = Math.min(a.maxMembers, PRIVATE_LEAGUE_LIMITS.maxMembers);
    const h2hMax = Math.min(maxMembers, H2H_LIMITS.maxMembers);
    const [raised] = await tx
      .update(privateLeagues)
      .set({
        memberCount: sql`${privateLeagues.memberCount} + 1`,
        membersVersion: sql`${privateLeagues.membersVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(privateLeagues.id, pl.id),
          eq(privateLeagues.inviteCode, code),
          // a head-to-head league takes at most 20, and nobody once its calendar is generated
          sql`${privateLeagues.memberCount} < case when ${privateLeagues.format} = 'h2h' then ${h2hMax}::int else ${maxMembers}::int end`,
          sql`${privateLeagues.h2hSeats} is null`,
        ),
      )
      .returning({ id: privateLeagues.id });
    if (!raised) {
      const [now] = await tx
        .select({
          inviteCode: privateLeagues.inviteCode,
          seats: privateLeagues.h2hSeats,
          format: privateLeagues.format,
        })
        .from(privateLeagues)
        .where(eq(privateLeagues.id, pl.id));
      if (now?.inviteCode !== code) throw inviteInvalid();
      if (now.seats) throw conflict(M.h2hJoinFrozen, 'CALENDAR_GENERATED');
      if (now.format === 'h2h') throw conflict(M.h2hTooManyMembers, 'PRIVATE_LEAGUE_FULL');
      throw conflict(M.full, 'PRIVATE_LEAGUE_FULL');
    }
    try {
      await tx
        .insert(privateLeagueMembers)
        .values({ privateLeagueId: pl.id, rosterId: roster.id, userId: a.userId });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(M.alreadyMember, 'ALREADY_MEMBER');
      throw err;
    }
  });
  return getPrivateLeague(db, a.userId, pl.id);
}

/** The private league with the caller's role in it; 404 when he is not a member. */
export async function lockForMember(tx: Transaction, userId: string, id: string) {
  const [row] = await tx
    .select({
      id: privateLeagues.id,
      ownerUserId: privateLeagues.ownerUserId,
      leagueId: privateLeagues.leagueId,
      format: privateLeagues.format,
      seats: privateLeagues.h2hSeats,
      memberCount: privateLeagues.memberCount,
    })
    .from(privateLeagues)
    .innerJoin(
      privateLeagueMembers,
      and(
        eq(privateLeagueMembers.privateLeagueId, privateLeagues.id),
        eq(privateLeagueMembers.userId, userId),
      ),
    )
    .where(eq(privateLeagues.id, id))
    .for('update', { of: privateLeagues });
  if (!row) throw privateNotFound();
  return { ...row, isOwner: row.ownerUserId === userId };
}

export async function lockForOwner(tx: Transaction, userId: string, id: string) {
  const pl = await lockForMember(tx, userId, id);
  if (!pl.isOwner) throw forbidden(MESSAGES.common.unauthorizedAction, 'NOT_OWNER');
  return pl;
}

export async function renamePrivateLeague(db: Database, p: { userId: string; id: string; name: string }) {
  await db.transaction(async (tx) => {
    await lockForOwner(tx, p.userId, p.id);
    await tx
      .update(privateLeagues)
      .set({ name: p.name, updatedAt: sql`now()` })
      .where(eq(privateLeagues.id, p.id));
  });
  return getPrivateLeague(db, p.userId, p.id);
}

/** A new invite code; the old one stops working in the same commit. */
export async function regenerateInviteCode(db: Database, p: { userId: string; id: string }) {
  return db.transaction(async (tx) => {
    await lockForOwner(tx, p.userId, p.id);
    const inviteCode = await unusedInviteCode(tx);
    await tx
      .update(privateLeagues)
      .set({ inviteCode, updatedAt: sql`now()` })
      .where(eq(privateLeagues.id, p.id));
    return { inviteCode };
  });
}

export async function removeMember(db: Database, p: { userId: string; id: string; memberUserId: string }) {
  await db.transaction(async (tx) => {
    const pl = await lockForOwner(tx, p.userId, p.id);
    if (p.memberUserId === pl.ownerUserId) throw conflict(M.cannotRemoveOwner, 'CANNOT_REMOVE_OWNER');
    if (pl.seats) throw conflict(M.h2hMembersFrozen, 'CALENDAR_GENERATED');
    const removed = await tx
      .delete(privateLeagueMembers)
      .where(
        and(eq(privateLeagueMembers.privateLeagueId, p.id), eq(privateLeagueMembers.userId, p.memberUserId)),
      )
      .returning({ rosterId: privateLeagueMembers.rosterId });
    if (removed.length === 0) throw notFound(M.memberNotFound, 'MEMBER_NOT_FOUND');
  });
}

export async function leavePrivateLeague(db: Database, p: { userId: string; id: string }) {
  await db.transaction(async (tx) => {
    const pl = await lockForMember(tx, p.userId, p.id);
    if (pl.isOwner) throw conflict(M.ownerCannotLeave, 'OWNER_CANNOT_LEAVE');
    if (pl.seats) throw conflict(M.h2hMembersFrozen, 'CALENDAR_GENERATED');
    await tx
      .delete(privateLeagueMembers)
      .where(and(eq(privateLeagueMembers.privateLeagueId, p.id), eq(privateLeagueMembers.userId, p.userId)));
  });
}

export async function deletePrivateLeague(db: Database, p: { userId: string; id: string }) {
  await db.transaction(async (tx) => {
    await lockForOwner(tx, p.userId, p.id);
    await tx.delete(privateLeagues).where(eq(privateLeagues.id, p.id));
  });
}

/** The members of a private league (for its owner's "remove member" list), by username. */
export async function listMembers(db: Database, p: { userId: string; id: string }) {
  await getPrivateLeague(db, p.userId, p.id);
  const { rows } = await db.execute<{ userId: string; username: string; isOwner: boolean }>(sql`
    select m.user_id as "userId", r.username, m.user_id = pl.owner_user_id as "isOwner"
    from private_league_members m
    join private_leagues pl on pl.id = m.private_league_id
    join rosters r on r.id = m.roster_id
    where m.private_league_id = ${p.id}
    order by r.username, m.user_id
    limit 1000`);
  return rows;
}
