import { decimalInRange, MESSAGES, safeText, USERNAME_MAX } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, type DbOrTx, executeNamed } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { authUserFrom, type SessionUserRow, sessionUserQuery } from '../auth/index.ts';
import { logAfter, readLogAfter } from './log-read-ahead.ts';
import { pointsVersion } from './points-version.ts';
import type { OrderKey, PageSlice, Standings } from './standings.ts';
import { bandAbove, bandPage } from './standings-bands.ts';
import { cachedStandings, claimPrefetch, standingsFor, standingsPreview } from './standings-cache.ts';
import { pageAfter, positionOf } from './standings-pages.ts';

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

/** Where a page starts: after the cursor's key, its roster's name rank standing in for its username. */
async function keyOf(db: DbOrTx, leagueId: string, s: Standings, after: Cursor): Promise<OrderKey> {
  const cents = Math.round(after.points * 100);
  const slot = s.ids.slotOf(after.id);
  if (slot !== undefined) return { cents, rank: s.rank[slot]! };
  // the cursor's roster left the league: it sorted after the rosters whose (username, id) is smaller
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from rosters r
    where r.league_id = ${leagueId} and (r.username, r.id) < (${after.username}, ${after.id}::uuid)`);
  return { cents, rank: Number(rows[0]?.n ?? 0) - 0.5 };
}

async function positionInDb(db: DbOrTx, leagueId: string, total: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from rosters where league_id = ${leagueId} and total_points > ${total}`,
  );
  return Number(rows[0]?.n ?? 0) + 1;
}

/** A leaderboard row as the page shows it (its position aside). */
export interface EntryRow {
  rosterId: string;
  userId: string;
  username: string;
  totalPoints: number;
  playerCount: number;
  championCount: number;
  pandaCoin: number;
  burroCoin: number;
}

/**
 * The rows of these rosters, in no order. A named statement (one plan per connection): every leaderboard
 * page reads its rows this way.
 */
export async function rowsById(db: DbOrTx, ids: string[]): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await executeNamed<EntryRow & Record<string, unknown>>(
    db,
    'leaderboard-rows',
    sql`select id as "rosterId", user_id as "userId", username, total_points::float8 as "totalPoints",
               player_count as "playerCount", champion_count as "championCount",
               panda_coin as "pandaCoin", burro_coin as "burroCoin"
        from rosters where id = any(${sql.param(ids)}::uuid[])`,
  );
  return rows;
}

/** The signed-in viewer and their roster in the league (none when they have none), from the session. */
async function viewerOf(db: Database, leagueId: string, sessionToken: string) {
  const { rows } = await executeNamed<
    SessionUserRow & {
      roster_id: string | null;
      roster_username: string;
      total_points: number;
      player_count: number;
      champion_count: number;
      panda_coin: number;
      burro_coin: number;
    }
  >(
    db,
    'leaderboard-viewer',
    sql`select v.*, r.id as roster_id, r.username as roster_username, r.total_points::float8 as total_points,
               r.player_count, r.champion_count, r.panda_coin, r.burro_coin
        from (${sessionUserQuery(sessionToken)}) v
        left join rosters r on r.league_id = ${leagueId} and r.user_id = v.id`,
  );
  const row = rows[0];
  if (!row) return null;
  const user = authUserFrom(row);
  const roster: EntryRow | undefined = row.roster_id
    ? {
        rosterId: row.roster_id,
        userId: user.id,
        username: row.roster_username,
        totalPoints: row.total_points,
        playerCount: row.player_count,
        championCount: row.champion_count,
        pandaCoin: row.panda_coin,
        burroCoin: row.burro_coin,
      }
    : undefined;
  return { user, roster };
}

/**
 * One page of a league's leaderboard (DECISIONS 17): total points descending, equal totals share a
 * position and are listed by username. The order and positions come from the league's standings of the
 * current points version (standings-cache.ts); the page's rows (coins and counts change with every trade) are
 * read fresh by id. With the standings cached, the first page is one round trip: the viewer (from the
 * session, with their roster), the league with its version and the page's rows are read side by side, the
 * page chosen from the cached standings and kept when the version read with it is the cached one. Right
 * after a change, the same statement has brought the ledger events since: the first page and the viewer's
 * position are chosen from the standings ahead of their totals (patch-standings.ts `StandingsPreview`) while the events are
 * applied a turn at a time, and the viewer's position is counted while the page's rows are read. Null when
 * the session is not a signed-in one.
 */
export async function leaderboardPage(
  db: Database,
  p: { leagueId: string; sessionToken: string; cursor?: string; limit?: number },
) {
  const limit = Math.min(Math.max(p.limit ?? LEADERBOARD_PAGE_SIZE, 1), 200);
  // how long each part took (ms): the first statements, the standings and the page, the rows and position
  const timings = { first: 0, standings: 0, rows: 0 };
  let lap = performance.now();
  const endLap = (part: keyof typeof timings) => {
    const now = performance.now();
    timings[part] = now - lap;
    lap = now;
  };
  const cached = cachedStandings(p.leagueId);
  const cachedFirstPage = cached && !p.cursor ? pageAfter(cached, null, limit) : undefined;
  // the ledger events after the cached standings' last, read with the version: right after a change they
  // are what the standings are patched from (one page of this process at a time reads them ahead)
  const readingAhead = claimPrefetch(p.leagueId);
  const afterId = readingAhead?.afterId ?? Number.MAX_SAFE_INTEGER;
  const [viewer, [league], cachedFirstPageRows] = await Promise.all([
    viewerOf(db, p.leagueId, p.sessionToken),
    executeNamed<{
      id: string;
      name: string;
      status: string;
      marketOpen: boolean;
      participantCount: number;
      pointsVersion: string;
      logAfter: unknown;
    }>(
      db,
      'leaderboard-league',
      sql`select id, name, status, market_open as "marketOpen", participant_count as "participantCount",
                 ${pointsVersion(p.leagueId)} as "pointsVersion", ${logAfter(p.leagueId, afterId)} as "logAfter"
          from leagues where id = ${p.leagueId}`,
    ).then((r) => r.rows),
    cached && cachedFirstPage
      ? rowsById(
          db,
          cachedFirstPage.slots.map((slot) => cached.ids.at(slot)),
        )
      : Promise.resolve(null),
  ]).finally(() => readingAhead?.done());
  endLap('first');
  if (!viewer) return null;
  // (the session first: a stranger learns nothing, not even whether a cursor is well made)
  const after = p.cursor ? decodeCursor(p.cursor) : null;
  if (!league) throw notFound(MESSAGES.market.leagueNotFound);

  // the viewer's own row is shown with the first page only
  const mine = after ? undefined : viewer.roster;
  const slotOfViewer = (s: Standings) => (mine ? s.ids.slotOf(mine.rosterId) : undefined);
  // the rosters by slot (ids, name ranks), their totals, the page, and how a total's position is counted
  let standings: Standings;
  let total: (slot: number) => number;
  let page: PageSlice;
  let rows: Promise<EntryRow[]>;
  let positionAt: (cents: number) => number | Promise<number>;
  if (cached && cachedFirstPage && cachedFirstPageRows && cached.version === league.pointsVersion) {
    standings = cached;
    total = (slot) => cached.cents[slot]!;
    page = cachedFirstPage;
    rows = Promise.resolve(cachedFirstPageRows);
    positionAt = (cents) => positionOf(cached, cents);
  } else {
    const early = (readingAhead ? readLogAfter(readingAhead.afterId, league.logAfter) : null) ?? undefined;
    // right after a match save, the first page is chosen while its changes are still being applied
    const ahead = after ? null : await standingsPreview(db, p.leagueId, league.pointsVersion, early);
    const band = ahead && bandPage(ahead.from, ahead.earlier, limit, ahead.totalAt);
    if (ahead && band) {
      const { from, earlier, totalAt } = ahead;
      standings = from;
      total = ahead.total;
      page = band;
      positionAt = async (cents) => {
        const above = bandAbove(from, earlier, cents, totalAt);
        return above !== null
          ? above + 1
          : positionOf(await standingsFor(db, p.leagueId, league.pointsVersion), cents);
      };
    } else {
      const s = await standingsFor(db, p.leagueId, league.pointsVersion, early);
      const key = after ? await keyOf(db, p.leagueId, s, after) : null;
      // the viewer's position counted in the page's pass, when one runs (right after a change)
      const viewerSlot = slotOfViewer(s);
      const slice = pageAfter(s, key, limit, viewerSlot === undefined ? undefined : s.cents[viewerSlot]);
      standings = s;
      total = (slot) => s.cents[slot]!;
      page = slice;
      positionAt = (cents) =>
        viewerSlot !== undefined && cents === s.cents[viewerSlot] && slice.above !== undefined
          ? slice.above + 1
          : positionOf(s, cents);
    }
    rows = rowsById(
      db,
      page.slots.map((slot) => standings.ids.at(slot)),
    );
  }
  endLap('standings');
  // the viewer's position, counted while the page's rows are read (a viewer who joined after the standings
  // were read is counted in the table)
  const mineSlot = slotOfViewer(standings);
  const minePosition =
    mine &&
    (mineSlot === undefined
      ? positionInDb(db, p.leagueId, mine.totalPoints)
      : Promise.resolve(positionAt(total(mineSlot))));
  minePosition?.catch(() => {}); // (awaited below, unless the rows fail first)
  const pageRows = await rows;
  // (the standings of one version never change: what follows reads the same totals as the page)
  const byId = new Map(pageRows.map((r) => [r.rosterId, r]));
  const entries = page.slots.flatMap((slot, k) => {
    const row = byId.get(standings.ids.at(slot));
    if (!row) return []; // left the league since the standings were read
    return [
      {
        ...row,
        totalPoints: total(slot) / 100,
        position: page.positions[k]!,
        isMe: row.userId === viewer.user.id,
      },
    ];
  });
  const lastSlot = page.slots.at(-1);
  const nextCursor =
    page.more && lastSlot !== undefined
      ? encodeCursor({
          points: total(lastSlot) / 100,
          username: byId.get(standings.ids.at(lastSlot))?.username ?? '',
          id: standings.ids.at(lastSlot),
        })
      : null;

  // the viewer's own position is shown once, with the first page
  const me = mine
    ? {
        ...mine,
        totalPoints: mineSlot === undefined ? mine.totalPoints : total(mineSlot) / 100,
        position: await minePosition!,
        isMe: true,
      }
    : null;
  endLap('rows');
  const { participantCount, pointsVersion: _version, logAfter: _log, ...leagueSummary } = league;
  return { user: viewer.user, league: leagueSummary, participantCount, entries, nextCursor, me, timings };
}
