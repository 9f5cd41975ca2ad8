import { MESSAGES } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import {
  type Cursor,
  decodeCursor,
  encodeCursor,
  LEADERBOARD_PAGE_SIZE,
  pointsVersion,
  restrictedOrder,
  rowsById,
  type Standings,
  standingsFor,
} from '../leaderboard/index.ts';
import { weekPointsWithPending } from '../points/index.ts';

/**
 * A private league's ranking: the official league's ranking (leaderboard-page.ts, one per points version)
 * restricted to the members' rosters, in the same order. Positions are competition ranks among the
 * members (1 + the members with more points). Kept per process for one official version and one
 * members version, so a page of an unchanged league is a lookup.
 */
interface MemberRanking {
  key: string;
  ids: string[];
  totals: number[];
  positions: number[];
  indexOf: Map<string, number>;
}

const MAX_CACHED = 500;
const memberRankings = new Map<string, MemberRanking>();

export function restrictRanking(official: Standings, members: Set<string>, key: string): MemberRanking {
  const { ids, totals, positions } = restrictedOrder(official, members);
  return { key, ids, totals, positions, indexOf: new Map(ids.map((id, k) => [id, k])) };
}

async function memberRanking(
  db: DbOrTx,
  official: Standings,
  pl: { id: string; membersVersion: number },
): Promise<MemberRanking> {
  const key = `${official.version}|${pl.membersVersion}`;
  const cached = memberRankings.get(pl.id);
  if (cached?.key === key) return cached;
  const { rows } = await db.execute<{ ids: string | null }>(sql`
    select string_agg(roster_id::text, ',') as ids from private_league_members where private_league_id = ${pl.id}`);
  const members = new Set(rows[0]?.ids ? rows[0].ids.split(',') : []);
  const ranking = restrictRanking(official, members, key);
  if (memberRankings.size >= MAX_CACHED && !memberRankings.has(pl.id)) memberRankings.clear();
  memberRankings.set(pl.id, ranking);
  return ranking;
}

// A private league never changes official league: known once, its points version is read beside the
// private league itself (one round trip for both)
const leagueOf = new Map<string, string>();

/** Members that sort before the cursor's key (when the cursor's roster moved since it was read). */
async function startOf(db: DbOrTx, privateLeagueId: string, r: MemberRanking, after: Cursor | null) {
  if (!after) return 0;
  const i = r.indexOf.get(after.id);
  if (i !== undefined && r.totals[i] === after.points) return i + 1;
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from private_league_members m join rosters r on r.id = m.roster_id
    where m.private_league_id = ${privateLeagueId} and (r.total_points > ${after.points}
      or (r.total_points = ${after.points} and (r.username, r.id) <= (${after.username}, ${after.id}::uuid)))`);
  return Number(rows[0]?.n ?? 0);
}

/** The week points of some rosters in one week. */
/** Each roster's points in the week (pending match changes counted: pending-points.ts). */
async function weekPointsOf(db: DbOrTx, leagueId: string, weekId: string | null, rosterIds: string[]) {
  const points = new Map<string, number>();
  if (!weekId) return points;
  for (const [rosterId, weeks] of await weekPointsWithPending(db, leagueId, rosterIds, [weekId])) {
    const p = weeks.get(weekId);
    if (p !== undefined) points.set(rosterId, p);
  }
  return points;
}

interface PrivateLeagueRow extends Record<string, unknown> {
  id: string;
  name: string;
  leagueId: string;
  leagueName: string;
  membersVersion: string;
  memberCount: number;
  myRosterId: string;
  weekId: string | null;
  weekName: string | null;
  weekNumber: number | null;
}

/** The private league with the viewer's roster in it (none: not a member) and the official league's current week (the newest that has started). */
const privateLeagueRow = (db: DbOrTx, id: string, userId: string) =>
  db.execute<PrivateLeagueRow>(sql`
    select pl.id, pl.name, pl.league_id as "leagueId", l.name as "leagueName",
           pl.members_version::text as "membersVersion", pl.member_count as "memberCount",
           m.roster_id as "myRosterId", w.id as "weekId", w.name as "weekName", w.week_number as "weekNumber"
    from private_leagues pl
    join private_league_members m on m.private_league_id = pl.id and m.user_id = ${userId}
    join leagues l on l.id = pl.league_id
    left join lateral (
      select id, name, week_number from weeks
      where league_id = pl.league_id and start_date <= current_date
      order by week_number desc limit 1) w on true
    where pl.id = ${id}`);

/**
 * One page of a private league's leaderboard, in the official leaderboard's shape (participantCount,
 * entries, nextCursor, me) plus the current week's points of each roster. Only members get it: anyone
 * else gets 404.
 */
export async function privateLeaderboardPage(
  db: DbOrTx,
  p: { privateLeagueId: string; userId: string; cursor?: string; limit?: number },
) {
  const limit = Math.min(Math.max(p.limit ?? LEADERBOARD_PAGE_SIZE, 1), 200);
  const after = p.cursor ? decodeCursor(p.cursor) : null;
  // with the official league known, the private league and the official points version in one round trip
  const knownLeague = leagueOf.get(p.privateLeagueId);
  const [{ rows: plRows }, versionRows] = await Promise.all([
    privateLeagueRow(db, p.privateLeagueId, p.userId),
    knownLeague
      ? db.execute<{ version: string }>(sql`select ${pointsVersion(knownLeague)} as version`)
      : Promise.resolve(null),
  ]);
  const pl = plRows[0];
  if (!pl) throw notFound(MESSAGES.privateLeagues.notFound, 'PRIVATE_LEAGUE_NOT_FOUND');
  leagueOf.set(pl.id, pl.leagueId);
  const version =
    versionRows?.rows[0]?.version ??
    (await db.execute<{ version: string }>(sql`select ${pointsVersion(pl.leagueId)} as version`)).rows[0]!
      .version;

  const official = await standingsFor(db, pl.leagueId, version);
  const ranking = await memberRanking(db, official, { id: pl.id, membersVersion: Number(pl.membersVersion) });
  const start = await startOf(db, pl.id, ranking, after);
  const ids = ranking.ids.slice(start, start + limit);
  const withMe = after ? ids : [...ids, pl.myRosterId];
  const [rows, weekPoints] = await Promise.all([
    rowsById(db, withMe),
    weekPointsOf(db, pl.leagueId, pl.weekId, withMe),
  ]);
  const week = pl.weekId ? { name: pl.weekName!, weekNumber: Number(pl.weekNumber) } : null;
  const byId = new Map(rows.map((r) => [r.rosterId, r]));

  const entries = ids.flatMap((id, k) => {
    const row = byId.get(id);
    if (!row) return [];
    const i = start + k;
    return [
      {
        ...row,
        totalPoints: ranking.totals[i]!,
        position: ranking.positions[i]!,
        weekPoints: week ? (weekPoints.get(id) ?? 0) : null,
        isMe: row.userId === p.userId,
      },
    ];
  });
  const end = start + limit;
  const lastIndex = Math.min(end, ranking.ids.length) - 1;
  const nextCursor =
    end < ranking.ids.length && lastIndex >= 0
      ? encodeCursor({
          points: ranking.totals[lastIndex]!,
          username: byId.get(ranking.ids[lastIndex]!)?.username ?? '',
          id: ranking.ids[lastIndex]!,
        })
      : null;

  let me = null;
  const mine = after ? undefined : byId.get(pl.myRosterId);
  if (mine) {
    const mineIndex = ranking.indexOf.get(mine.rosterId);
    let position: number;
    if (mineIndex !== undefined) position = ranking.positions[mineIndex]!;
    else {
      // joined after the ranking was read: counted directly
      const { rows: n } = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from private_league_members m join rosters r on r.id = m.roster_id
        where m.private_league_id = ${pl.id} and r.total_points > ${mine.totalPoints}`);
      position = Number(n[0]?.n ?? 0) + 1;
    }
    me = {
      ...mine,
      totalPoints: mineIndex === undefined ? mine.totalPoints : ranking.totals[mineIndex]!,
      position,
      weekPoints: week ? (weekPoints.get(mine.rosterId) ?? 0) : null,
      isMe: true,
    };
  }
  return {
    privateLeague: { id: pl.id, name: pl.name, leagueId: pl.leagueId, leagueName: pl.leagueName },
    week,
    participantCount: Number(pl.memberCount),
    entries,
    nextCursor,
    me,
  };
}
