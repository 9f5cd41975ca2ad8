import { decimalInRange, MESSAGES, safeText, USERNAME_MAX } from '@fantarift/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { leagues, rosters } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

export const LEADERBOARD_PAGE_SIZE = 50;

export interface Cursor {
  points: number;
  username: string;
  id: string;
}

export const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.points, c.username, c.id])).toString('base64url');

// The cursor comes back from the client: each part is checked as any input would be (a total fits its
// numeric(12, 2) column, a username is a username, an id a uuid) before it reaches a query.
const CursorSchema = z.tuple([decimalInRange(-1e10, 1e10), safeText(USERNAME_MAX), z.uuid()]);

export function decodeCursor(raw: string): Cursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = CursorSchema.safeParse(decoded);
  if (!parsed.success) throw badRequest(MESSAGES.validation.invalidCursor, 'INVALID_CURSOR');
  const [points, username, id] = parsed.data;
  return { points, username, id };
}

/**
 * The league's points version: its participant count (kept by triggers) and newest roster (membership), its last
 * points-ledger event and the last admin adjustment. Every change of a total appends to one of those two
 * logs in its own transaction (DECISIONS 15, issue 6), so the version changes exactly when the standings
 * can, on one server or many.
 */
export const pointsVersion = (leagueId: string) => sql`concat_ws(':',
  (select l.participant_count from leagues l where l.id = ${leagueId}),
  (select max(v.created_at) from rosters v where v.league_id = ${leagueId}),
  (select max(l.id) from roster_points_ledger l where l.league_id = ${leagueId}),
  (select max(a.id) from roster_point_adjustments a))`;

/**
 * A league's standings at one points version: roster ids in leaderboard order (total points descending,
 * then username, then id: DECISIONS 17), their totals and shared positions. Totals are in no index (a
 * match save updates most of them: rosters are updated in place, schema.ts), so the order is built here
 * once per version, from one statement (one snapshot), and every page and position of that version is
 * then a lookup.
 */
export interface Ranking {
  version: string;
  ids: string[];
  totals: number[];
  /** competition ranks: 1 + the rosters with more points */
  positions: number[];
  indexOf: Map<string, number>;
}

const MAX_CACHED_LEAGUES = 50;
const rankings = new Map<string, Ranking>();
const building = new Map<string, Promise<Ranking>>();

/** The league's rosters in leaderboard order, with the points version they are of (one snapshot). */
export const rankingQuery = (leagueId: string) => sql`
    select ${pointsVersion(leagueId)} as version,
           string_agg(r.id::text || ' ' || r.total_points::text, ',' order by r.total_points desc, r.username, r.id)
             as ranking
    from rosters r where r.league_id = ${leagueId}`;

async function buildRanking(db: DbOrTx, leagueId: string): Promise<Ranking> {
  const { rows } = await db.execute<{ version: string; ranking: string | null }>(rankingQuery(leagueId));
  const row = rows[0]!;
  const entries = row.ranking ? row.ranking.split(',') : [];
  const ids = new Array<string>(entries.length);
  const totals = new Array<number>(entries.length);
  const positions = new Array<number>(entries.length);
  const indexOf = new Map<string, number>();
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const space = entry.indexOf(' ');
    ids[i] = entry.slice(0, space);
    totals[i] = Number(entry.slice(space + 1));
    positions[i] = i > 0 && totals[i] === totals[i - 1] ? positions[i - 1]! : i + 1;
    indexOf.set(ids[i]!, i);
  }
  return { version: row.version, ids, totals, positions, indexOf };
}

/** Builds the league's ranking now (or joins the build under way) and keeps it. */
function rebuildRanking(db: DbOrTx, leagueId: string): Promise<Ranking> {
  let pending = building.get(leagueId);
  if (!pending) {
    pending = buildRanking(db, leagueId)
      .then((ranking) => {
        if (rankings.size >= MAX_CACHED_LEAGUES && !rankings.has(leagueId)) rankings.clear();
        rankings.set(leagueId, ranking);
        return ranking;
      })
      .finally(() => building.delete(leagueId));
    building.set(leagueId, pending);
  }
  return pending;
}

/**
 * The ranking of `version` (or a newer one): the cached one, or a build shared by concurrent requests.
 * A build that was already running when `version` was read may predate it: then the next build is awaited,
 * which started after. Builds of a league run one at a time, so the last one built is the newest.
 */
export async function rankingFor(db: DbOrTx, leagueId: string, version: string): Promise<Ranking> {
  const cached = rankings.get(leagueId);
  if (cached?.version === version) return cached;
  const ranking = await rebuildRanking(db, leagueId);
  return ranking.version === version ? ranking : rebuildRanking(db, leagueId);
}

/**
 * After a change of a league's totals has committed (a match save, a recalculation): when this process
 * keeps the league's ranking, builds the new one now, so the next leaderboard page does not wait for it.
 * Never needed for correctness: a page always checks the version.
 */
export async function refreshRanking(db: DbOrTx, leagueId: string): Promise<void> {
  if (rankings.has(leagueId)) await rebuildRanking(db, leagueId);
}

/** The start of the page after `after` in a ranking, when the cursor's roster is still where it was. */
function cachedStart(r: Ranking, after: Cursor | null): number | undefined {
  if (!after) return 0;
  const i = r.indexOf.get(after.id);
  return i !== undefined && r.totals[i] === after.points ? i + 1 : undefined;
}

/**
 * Where a page starts in the ranking: after the cursor's roster when it is still where the cursor saw it,
 * otherwise after every roster that sorts before the cursor's key (counted by the database, whose
 * collation ordered the usernames).
 */
async function startOf(db: DbOrTx, leagueId: string, ranking: Ranking, after: Cursor | null) {
  if (!after) return 0;
  const start = cachedStart(ranking, after);
  if (start !== undefined) return start;
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from rosters r
    where r.league_id = ${leagueId} and (r.total_points > ${after.points}
      or (r.total_points = ${after.points} and (r.username, r.id) <= (${after.username}, ${after.id}::uuid)))`);
  return Number(rows[0]?.n ?? 0);
}

async function positionOf(db: DbOrTx, leagueId: string, total: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from rosters where league_id = ${leagueId} and total_points > ${total}`,
  );
  return Number(rows[0]?.n ?? 0) + 1;
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

export const rowsById = (db: DbOrTx, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.select(entryColumns).from(rosters).where(inArray(rosters.id, ids));

/**
 * One page of a league's leaderboard (DECISIONS 17): total points descending, equal totals share a
 * position and are listed by username. The order and positions come from the league's ranking of the
 * current points version; the page's rows (coins and counts change with every trade) are read fresh by id.
 * With the ranking cached, the page is one round trip: the league with its version, the viewer's row and
 * the page's rows are read side by side, the page chosen from the cached ranking and kept when the version
 * read with it is the cached one.
 */
export async function leaderboardPage(
  db: DbOrTx,
  p: { leagueId: string; userId: string; cursor?: string; limit?: number },
) {
  const limit = Math.min(Math.max(p.limit ?? LEADERBOARD_PAGE_SIZE, 1), 200);
  const after = p.cursor ? decodeCursor(p.cursor) : null;
  const cached = rankings.get(p.leagueId);
  const guessStart = cached ? cachedStart(cached, after) : undefined;
  const pageIds = (r: Ranking, start: number) => r.ids.slice(start, start + limit);
  const [[league], mineRows, guessedRows] = await Promise.all([
    db
      .select({
        id: leagues.id,
        name: leagues.name,
        status: leagues.status,
        marketOpen: leagues.marketOpen,
        participantCount: leagues.participantCount,
        pointsVersion: sql<string>`${pointsVersion(p.leagueId)}`,
      })
      .from(leagues)
      .where(eq(leagues.id, p.leagueId)),
    after
      ? Promise.resolve([])
      : db
          .select(entryColumns)
          .from(rosters)
          .where(and(eq(rosters.leagueId, p.leagueId), eq(rosters.userId, p.userId))),
    cached && guessStart !== undefined ? rowsById(db, pageIds(cached, guessStart)) : Promise.resolve(null),
  ]);
  if (!league) throw notFound(MESSAGES.market.leagueNotFound);

  let ranking: Ranking;
  let start: number;
  let pageRows: Awaited<ReturnType<typeof rowsById>>;
  if (guessedRows && guessStart !== undefined && cached?.version === league.pointsVersion) {
    ranking = cached;
    start = guessStart;
    pageRows = guessedRows;
  } else {
    ranking = await rankingFor(db, p.leagueId, league.pointsVersion);
    start = await startOf(db, p.leagueId, ranking, after);
    pageRows = await rowsById(db, pageIds(ranking, start));
  }

  const byId = new Map(pageRows.map((r) => [r.rosterId, r]));
  const entries = pageIds(ranking, start).flatMap((id, k) => {
    const row = byId.get(id);
    if (!row) return []; // left the league since the ranking was read
    const i = start + k;
    return [
      {
        ...row,
        totalPoints: ranking.totals[i]!,
        position: ranking.positions[i]!,
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

  // the viewer's own position is shown once, with the first page
  const mine = mineRows[0];
  const mineIndex = mine ? ranking.indexOf.get(mine.rosterId) : undefined;
  const me = mine
    ? {
        ...mine,
        totalPoints: mineIndex === undefined ? mine.totalPoints : ranking.totals[mineIndex]!,
        // (a viewer who joined after the ranking was read is counted directly)
        position:
          mineIndex === undefined
            ? await positionOf(db, p.leagueId, mine.totalPoints)
            : ranking.positions[mineIndex]!,
        isMe: true,
      }
    : null;
  const { participantCount, pointsVersion: _version, ...leagueSummary } = league;
  return { league: leagueSummary, participantCount, entries, nextCursor, me };
}
