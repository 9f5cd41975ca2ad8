import { MESSAGES } from '@fantarift/core';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { leagues, rosters } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

export const LEADERBOARD_PAGE_SIZE = 50;

interface Cursor {
  points: number;
  username: string;
  id: string;
}

const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.points, c.username, c.id])).toString('base64url');

function decodeCursor(raw: string): Cursor {
  try {
    const [points, username, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof points === 'number' && typeof username === 'string' && typeof id === 'string') {
      return { points, username, id };
    }
  } catch {
    // fall through
  }
  throw badRequest(MESSAGES.common.invalidInput, 'INVALID_CURSOR');
}

/**
 * Counts of rosters above / at a total, per league, cached under the league's points version: its
 * participant count, its last points-ledger event and the last admin adjustment. Every change of a total
 * appends to one of those two logs in the same transaction (DECISIONS 15, issue 6), and joining or leaving
 * moves the participant count, so the version read with the page changes exactly when a count can: a
 * cached count is never stale, on one server or many. Between two match saves (hours at a time) a
 * position costs one lookup instead of counting up to 100,000 index entries.
 */
const MAX_CACHED_COUNTS = 20_000;
const countCache = new Map<string, { version: string; counts: Map<string, number> }>();

async function cachedCount(
  leagueId: string,
  version: string,
  key: string,
  compute: () => Promise<number>,
): Promise<number> {
  let league = countCache.get(leagueId);
  if (!league || league.version !== version) {
    league = { version, counts: new Map() };
    countCache.set(leagueId, league);
  }
  const hit = league.counts.get(key);
  if (hit !== undefined) return hit;
  const value = await compute();
  if (league.counts.size >= MAX_CACHED_COUNTS) league.counts.clear();
  league.counts.set(key, value);
  return value;
}

/** Rosters of the league with more (`>`) or as many (`=`) points as `total`, cached (see above). */
function countTotals(db: DbOrTx, leagueId: string, version: string, op: '>' | '=', total: number) {
  return cachedCount(leagueId, version, `${op}${total}`, async () => {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from rosters where league_id = ${leagueId} and total_points ${sql.raw(op)} ${total}`,
    );
    return Number(rows[0]?.n ?? 0);
  });
}

const entryColumns = {
  rosterId: rosters.id,
  userId: rosters.userId,
  username: rosters.username,
  totalPoints: rosters.totalPoints,
  playerCount: rosters.playerCount,
  championCount: rosters.championCount,
  pandaCoin: rosters.pandaCoin,
  burroCoin: rosters.burroCoin,
};

/**
 * One page of a league's leaderboard (DECISIONS 17): total points descending, equal totals share a
 * position and are listed by username. Keyset pagination over the (league, points desc, username, id)
 * index, so every page costs the same however deep it is; positions come from two index counts.
 */
export async function leaderboardPage(
  db: DbOrTx,
  p: { leagueId: string; userId: string; cursor?: string; limit?: number },
) {
  const limit = Math.min(Math.max(p.limit ?? LEADERBOARD_PAGE_SIZE, 1), 200);
  const after = p.cursor ? decodeCursor(p.cursor) : null;
  const keyset = after
    ? sql`and r.total_points <= ${after.points} and (r.total_points < ${after.points} or (r.username, r.id) > (${after.username}, ${after.id}::uuid))`
    : sql``;
  // three independent reads side by side (the route passes the pool): the league with its points
  // version, the page, and the viewer's own row (first page only)
  const [[league], page, mineRows] = await Promise.all([
    db
      .select({
        id: leagues.id,
        name: leagues.name,
        status: leagues.status,
        marketOpen: leagues.marketOpen,
        participantCount: leagues.participantCount,
        pointsVersion: sql<string>`concat_ws(':', ${leagues.participantCount},
          (select max(l.id) from roster_points_ledger l where l.league_id = ${p.leagueId}),
          (select max(a.id) from roster_point_adjustments a))`,
      })
      .from(leagues)
      .where(eq(leagues.id, p.leagueId)),
    db.execute<{
      roster_id: string;
      user_id: string;
      username: string;
      total_points: string | number;
      player_count: number;
      champion_count: number;
      panda_coin: number;
      burro_coin: number;
    }>(sql`
      select r.id as roster_id, r.user_id, r.username, r.total_points, r.player_count, r.champion_count,
             r.panda_coin, r.burro_coin
      from rosters r
      where r.league_id = ${p.leagueId} ${keyset}
      order by r.total_points desc nulls last, r.username, r.id
      limit ${limit + 1}`),
    after
      ? Promise.resolve([])
      : db
          .select(entryColumns)
          .from(rosters)
          .where(and(eq(rosters.leagueId, p.leagueId), eq(rosters.userId, p.userId))),
  ]);
  if (!league) throw notFound(MESSAGES.market.leagueNotFound);
  const rows = page.rows.slice(0, limit).map((r) => ({
    rosterId: r.roster_id,
    userId: r.user_id,
    username: r.username,
    totalPoints: Number(r.total_points),
    playerCount: Number(r.player_count),
    championCount: Number(r.champion_count),
    pandaCoin: Number(r.panda_coin),
    burroCoin: Number(r.burro_coin),
  }));

  // Each count is its own index range on (league_id, total_points): on the first page nobody has more
  // points than the first row, so that count is skipped.
  const top = rows[0]?.totalPoints ?? 0;
  const version = league.pointsVersion;
  const participantCount = league.participantCount;
  const greater = after ? await countTotals(db, p.leagueId, version, '>', top) : 0;
  const equal = await countTotals(db, p.leagueId, version, '=', top);

  // Position = 1 + rosters with more points. For the first row that is `greater`; any later row with a
  // lower total is preceded by every roster at the first total plus the page rows in between.
  const entries = rows.map((row, i) => {
    let position: number;
    if (row.totalPoints === rows[0]!.totalPoints) position = greater + 1;
    else {
      const between = rows
        .slice(0, i)
        .filter((r) => r.totalPoints < top && r.totalPoints > row.totalPoints).length;
      position = greater + equal + between + 1;
    }
    return { ...row, position, isMe: row.userId === p.userId };
  });

  const last = rows.at(-1);
  const nextCursor =
    page.rows.length > limit && last
      ? encodeCursor({ points: last.totalPoints, username: last.username, id: last.rosterId })
      : null;

  // the viewer's own position is shown once, with the first page
  const mine = mineRows[0];
  const me = mine
    ? {
        ...mine,
        position: (await countTotals(db, p.leagueId, version, '>', Number(mine.totalPoints))) + 1,
        isMe: true,
      }
    : null;
  const { participantCount: _count, pointsVersion: _version, ...leagueSummary } = league;
  return { league: leagueSummary, participantCount, entries, nextCursor, me };
}
