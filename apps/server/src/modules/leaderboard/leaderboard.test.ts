import { MESSAGES } from '@fantarift/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rosters, weeks } from '../../db/schema.ts';
import { createLeague } from '../../seed/factories.ts';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { updateRoster } from '../admin/rosters/update-roster.ts';
import { PACKED_BITMAP, refreshTotals } from '../points/index.ts';
import { pointsVersion } from './points-version.ts';
import { cachedStandings, claimPrefetch } from './standings-cache.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Board {
  me: { position: number; totalPoints: number } | null;
  participantCount: number;
  entries: { username: string; position: number; totalPoints: number }[];
}

/** Week 1 of a league, for points written straight into roster_week_points. */
async function firstWeek(leagueId: string) {
  const [week] = await ctx.database.db
    .insert(weeks)
    .values({ leagueId, weekNumber: 1, name: 'S1', startDate: '2026-03-01', endDate: '2026-03-08' })
    .returning();
  return week!;
}

/** Users named `<prefix>_<i>`, each joined to the league (one after the other: close roster numbers). */
async function joinMembers(leagueId: string, prefix: string, n: number) {
  const members: Awaited<ReturnType<typeof userAgent>>[] = [];
  for (let i = 0; i < n; i++) {
    const u = await userAgent(ctx.app, ctx.database.db, { username: `${prefix}_${i}` });
    expect((await u.request({ method: 'POST', url: `/api/leagues/${leagueId}/join` })).statusCode).toBe(201);
    members.push(u);
  }
  return members;
}

/** Every total the league's kept standings hold against the table; the table's totals. */
async function expectKeptTotals(leagueId: string) {
  const s = cachedStandings(leagueId)!;
  const totals = await ctx.database.db
    .select({ id: rosters.id, total: rosters.totalPoints })
    .from(rosters)
    .where(eq(rosters.leagueId, leagueId));
  for (const { id, total } of totals)
    expect(s.cents[s.ids.slotOf(id)!]).toBe(Math.round(Number(total) * 100));
  return totals;
}

describe('leaderboard positions', () => {
  it('follow every kind of change of the totals (cached counts never go stale)', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'Classifica cache', type: 'LEC' });
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const actor = { adminUserId: admin.userId, userAgent: 'test' };
    const users = [];
    for (const name of ['cache_a', 'cache_b', 'cache_c']) {
      const u = await userAgent(ctx.app, db, { username: name });
      const joined = await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
      expect(joined.statusCode).toBe(201);
      users.push(u);
    }
    const [a, b, c] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    const rosterOf = async (userId: string) =>
      (await db.select().from(rosters).where(eq(rosters.userId, userId)))[0]!;
    const board = async (u: typeof a) => {
      const res = await u.request({ method: 'GET', url: `/api/leagues/${league.id}/leaderboard` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Board;
    };

    // admin edits (logged as adjustments)
    for (const [u, total] of [
      [a, 30],
      [b, 20],
      [c, 10],
    ] as const) {
      await updateRoster(db, actor, (await rosterOf(u.userId)).id, { totalPoints: total });
    }
    expect((await board(c)).me?.position).toBe(3);
    expect((await board(b)).me?.position).toBe(2);
    await updateRoster(db, actor, (await rosterOf(c.userId)).id, { totalPoints: 50 });
    expect((await board(c)).me?.position).toBe(1);
    expect((await board(a)).me?.position).toBe(2);

    // points through the points ledger (a week's points, then the totals brought back to them)
    const week = await firstWeek(league.id);
    await db.execute(sql`
      insert into roster_week_points (week_id, roster_id, points) values (${week.id}, ${(await rosterOf(b.userId)).id}, 100)`);
    await db.transaction((tx) => refreshTotals(tx, league.id));
    expect((await board(b)).me).toMatchObject({ position: 1, totalPoints: 120 });
    expect((await board(c)).me?.position).toBe(2);

    // a new participant (0 points) and one who leaves
    const d = await userAgent(ctx.app, db, { username: 'cache_d' });
    await d.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    const withD = await board(d);
    expect(withD.participantCount).toBe(4);
    expect(withD.me?.position).toBe(4);
    await db.delete(rosters).where(eq(rosters.userId, b.userId));
    expect((await board(c)).me?.position).toBe(1);
    expect((await board(d)).me?.position).toBe(3);
    expect((await board(a)).entries.map((e) => [e.username, e.position])).toEqual([
      ['cache_c', 1],
      ['cache_a', 2],
      ['cache_d', 3],
    ]);

    // one leaves and one joins: the same number of participants, another membership
    const e = await userAgent(ctx.app, db, { username: 'cache_e' });
    await db.delete(rosters).where(eq(rosters.userId, d.userId));
    await e.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    expect((await board(a)).entries.map((x) => [x.username, x.position])).toEqual([
      ['cache_c', 1],
      ['cache_a', 2],
      ['cache_e', 3],
    ]);
  });

  it('pages through ties by username with shared positions, also when a total moves mid-way', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'Classifica pagine', type: 'LEC' });
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const actor = { adminUserId: admin.userId, userAgent: 'test' };
    const totals = [40, 30, 30, 30, 30, 20, 20, 10, 0, 0, 0];
    const agents = [];
    for (const [i, total] of totals.entries()) {
      // usernames in reverse of the point order, so ties are ordered by name, not by insertion
      const u = await userAgent(ctx.app, db, { username: `page_${String.fromCharCode(107 - i)}` });
      await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
      const [r] = await db.select().from(rosters).where(eq(rosters.userId, u.userId));
      await updateRoster(db, actor, r!.id, { totalPoints: total });
      agents.push(u);
    }
    const viewer = agents[0]!;
    type Page = Board & { nextCursor: string | null };
    const get = async (cursor?: string) => {
      const q = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await viewer.request({
        method: 'GET',
        url: `/api/leagues/${league.id}/leaderboard?limit=3${q}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page;
    };
    const all: [string, number, number][] = [];
    let page = await get();
    for (;;) {
      all.push(
        ...page.entries.map((x) => [x.username, x.position, x.totalPoints] as [string, number, number]),
      );
      if (!page.nextCursor) break;
      page = await get(page.nextCursor);
    }
    expect(all).toEqual([
      ['page_k', 1, 40],
      ['page_g', 2, 30],
      ['page_h', 2, 30],
      ['page_i', 2, 30],
      ['page_j', 2, 30],
      ['page_e', 6, 20],
      ['page_f', 6, 20],
      ['page_d', 8, 10],
      ['page_a', 9, 0],
      ['page_b', 9, 0],
      ['page_c', 9, 0],
    ]);

    // the roster a cursor points at changes total: the next page still follows the cursor's key
    const first = await get();
    const cursorRoster = (await db.select().from(rosters).where(eq(rosters.username, 'page_h')))[0]!;
    await updateRoster(db, actor, cursorRoster.id, { totalPoints: 5 });
    const next = await get(first.nextCursor!);
    expect(next.entries.map((x) => [x.username, x.position])).toEqual([
      ['page_i', 2],
      ['page_j', 2],
      ['page_e', 5],
    ]);
  });

  it("a points change's own event, from any instance, brings the kept standings up to date before the next page", async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'Classifica evento', type: 'LEC' });
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const actor = { adminUserId: admin.userId, userAgent: 'test' };
    const u = await userAgent(ctx.app, db, { username: 'evento_a' });
    await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    expect(
      (await u.request({ method: 'GET', url: `/api/leagues/${league.id}/leaderboard` })).statusCode,
    ).toBe(200);
    const kept = cachedStandings(league.id)!;
    const [r] = await db.select().from(rosters).where(eq(rosters.userId, u.userId));
    // nothing asks for a page: the edit's event (published by its commit) alone moves the standings
    await updateRoster(db, actor, r!.id, { totalPoints: 12.5 });
    const { rows } = await db.execute<{ v: string }>(sql`select ${pointsVersion(league.id)} as v`);
    await expect.poll(() => cachedStandings(league.id)?.version, { timeout: 5000 }).toBe(rows[0]!.v);
    const now = cachedStandings(league.id)!;
    expect(now).not.toBe(kept);
    expect(now.cents[now.ids.slotOf(r!.id)!]).toBe(1250);
    // patched, not read again: the same slots and ids
    expect(now.ids).toBe(kept.ids);
  });

  it('a ledger event patches the kept standings: deltas grouped by amount, negative and equal ones, every roster right', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'Classifica pacchetti', type: 'LEC' });
    const members = await joinMembers(league.id, 'pacco', 6);
    const page = () => members[0]!.request({ method: 'GET', url: `/api/leagues/${league.id}/leaderboard` });
    expect((await page()).statusCode).toBe(200);
    const kept = cachedStandings(league.id)!;
    const week = await firstWeek(league.id);
    const ids = (await db.select().from(rosters).where(eq(rosters.leagueId, league.id))).map((r) => r.id);
    // two rosters move by the same amount (one group), one goes below zero, one stays
    const points = [10, 10, -2.5, 7.25, 0.02];
    for (const [i, p] of points.entries()) {
      await db.execute(
        sql`insert into roster_week_points (week_id, roster_id, points) values (${week.id}, ${ids[i]!}, ${p})`,
      );
    }
    await db.transaction((tx) => refreshTotals(tx, league.id));
    const { rows: events } = await db.execute<{ packed: Uint8Array; n: number }>(sql`
      select packed, cardinality(roster_ids) as n from roster_points_ledger where league_id = ${league.id}`);
    expect(events).toHaveLength(1);
    // the rosters joined one after the other, so their numbers are close: a bitmap event (points-log.ts),
    // the header, the 4 distinct deltas (10 twice, -2.5, 7.25, 0.02), a bit per number, a byte per roster
    const { rows: span } = await db.execute<{ span: number }>(sql`
      select (max(seq) - min(seq) + 1)::int as span from rosters where id = any(${sql.param(ids.slice(0, 5))}::uuid[])`);
    expect(new DataView(events[0]!.packed.buffer, events[0]!.packed.byteOffset).getInt32(0)).toBe(
      PACKED_BITMAP,
    );
    expect(events[0]!.packed.byteLength).toBe(16 + 4 * 4 + Math.ceil(span[0]!.span / 8) + 5);
    expect((await page()).statusCode).toBe(200);
    expect(cachedStandings(league.id)!.ids).toBe(kept.ids); // patched, not read again
    const totals = await expectKeptTotals(league.id);
    expect(totals.find((t) => t.id === ids[2])!.total).toBe(-2.5);
  });
});

describe('the events read ahead with a page’s first queries', () => {
  // every change announces itself (lib/league-events.ts), and the event patches the kept standings ahead
  // (routes.ts): here this instance hears none, as one the NOTIFY has not reached yet, so the page alone
  // patches them
  let deaf: { mockRestore(): void } | undefined;
  beforeEach(() => {
    const hub = ctx.app.live as unknown as { receive(payload: string): void };
    deaf = vi.spyOn(hub, 'receive').mockImplementation(() => {});
  });
  afterEach(() => deaf?.mockRestore());

  /** A league of `n` members with their standings kept, and a way to move its totals by logged events. */
  async function keptLeague(name: string, n: number) {
    const db = ctx.database.db;
    const league = await createLeague(db, { name, type: 'LEC' });
    const members = await joinMembers(league.id, name.replace(/\W/g, '').toLowerCase(), n);
    const week = await firstWeek(league.id);
    // member i's own roster: a table read without an order need not follow the joins
    const owners = new Map(
      (await db.select().from(rosters).where(eq(rosters.leagueId, league.id))).map((r) => [r.userId, r.id]),
    );
    const ids = members.map((m) => owners.get(m.userId)!);
    const page = async (limit?: number, member = 0) => {
      const res = await members[member]!.request({
        method: 'GET',
        url: `/api/leagues/${league.id}/leaderboard${limit ? `?limit=${limit}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Board;
    };
    await page();
    /** one logged event: roster i's week points become points[i] */
    const move = async (points: number[]) => {
      for (const [i, p] of points.entries()) {
        await db.execute(sql`
          insert into roster_week_points (week_id, roster_id, points) values (${week.id}, ${ids[i]!}, ${p})
          on conflict (week_id, roster_id) do update set points = excluded.points`);
      }
      await db.transaction((tx) => refreshTotals(tx, league.id));
    };
    /** every kept total against the table, once the standings have caught up with it */
    const expectTotalsRight = async () => {
      const { rows } = await db.execute<{ v: string }>(sql`select ${pointsVersion(league.id)} as v`);
      await expect.poll(() => cachedStandings(league.id)?.version).toBe(rows[0]!.v);
      await expectKeptTotals(league.id);
    };
    return { db, league, page, move, expectTotalsRight };
  }

  /** The statements of `db.execute` that read the ledger's events on their own (the patch's own read). */
  function ledgerReads(db: typeof ctx.database.db) {
    const spy = vi.spyOn(db, 'execute');
    const dialect = new PgDialect();
    return {
      count: () =>
        spy.mock.calls.filter(([query]) =>
          /select packed from roster_points_ledger/.test(dialect.sqlToQuery(query as SQL).sql),
        ).length,
      stop: () => spy.mockRestore(),
    };
  }

  it('right after a change the page patches its standings from the events read with the version', async () => {
    const { db, page, move, expectTotalsRight, league } = await keptLeague('Classifica anticipo', 4);
    const kept = cachedStandings(league.id)!;
    const reads = ledgerReads(db);
    try {
      await move([12, 3.5, 7]);
      const board = await page();
      expect(board.entries.map((e) => e.totalPoints)).toEqual([12, 7, 3.5, 0]);
      expect(reads.count()).toBe(0); // no read of its own: the page's first queries brought the event
      expect(cachedStandings(league.id)!.ids).toBe(kept.ids); // patched, not read again
      await expectTotalsRight();
      // two events at once are read ahead together
      await move([1, 3.5, 9]);
      await move([1, 20, 9, 2]);
      expect((await page()).entries.map((e) => e.totalPoints)).toEqual([20, 9, 2, 1]);
      expect(reads.count()).toBe(0);
      await expectTotalsRight();
    } finally {
      reads.stop();
    }
  });

  it('the first page and the viewer’s position right after a match save, before its changes are applied', async () => {
    // totals 10 points apart; a save moves most rosters by at most 3 points: only the top few can reach
    // the first two places, so the page comes from the earlier order's band and the event's changes looked up
    const n = 16;
    const { page, move, expectTotalsRight, league } = await keptLeague('Classifica in anticipo', n);
    await move(Array.from({ length: n }, (_, i) => 200 - 10 * i));
    await page(2);
    await expect.poll(() => cachedStandings(league.id)?.sorted, { timeout: 5000 }).toBeTruthy();
    const next = Array.from({ length: n }, (_, i) => 200 - 10 * i + [3, -2.5, 0, 1.5][i % 4]!);
    next[1] = 203; // past the first one, a tie
    await move(next);
    for (const viewer of [0, 9]) {
      const board = await page(2, viewer);
      expect(board.entries.map((e) => [e.totalPoints, e.position])).toEqual([
        [203, 1],
        [203, 1],
      ]);
      const mine = next[viewer]!;
      expect(board.me).toMatchObject({
        totalPoints: mine,
        position: 1 + next.filter((t) => t > mine).length,
      });
    }
    await expectTotalsRight();
  });

  it('more events than are read ahead: the page reads the rest itself, and is right', async () => {
    const { db, page, move, expectTotalsRight } = await keptLeague('Classifica arretrata', 3);
    const reads = ledgerReads(db);
    try {
      for (let i = 1; i <= 6; i++) await move([i, 10 - i, 2 * i]);
      expect((await page()).entries.map((e) => e.totalPoints)).toEqual([12, 6, 4]);
      expect(reads.count()).toBe(1);
      await expectTotalsRight();
    } finally {
      reads.stop();
    }
  });

  it('one page of a process reads ahead at a time, the others only the version', async () => {
    const { league } = await keptLeague('Classifica una alla volta', 2);
    const first = claimPrefetch(league.id);
    expect(first?.afterId).toBe(cachedStandings(league.id)!.parts.ledgerId);
    expect(claimPrefetch(league.id)).toBeNull();
    first!.done();
    const again = claimPrefetch(league.id);
    expect(again).not.toBeNull();
    again!.done();
    // a league whose standings this process does not keep: nothing to read ahead from
    expect(claimPrefetch('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

describe('the leaderboard and the session (read in the page’s own first round trip)', () => {
  it('answers a signed-in member, a signed-in visitor without a roster, and refuses anyone else', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'Classifica sessione', type: 'LEC' });
    const member = await userAgent(ctx.app, db, { username: 'sess_member' });
    expect((await member.request({ method: 'POST', url: `/api/leagues/${league.id}/join` })).statusCode).toBe(
      201,
    );
    const visitor = await userAgent(ctx.app, db, { username: 'sess_visitor' });
    const url = `/api/leagues/${league.id}/leaderboard`;

    const mine = await member.request({ method: 'GET', url });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().me).toMatchObject({
      username: 'sess_member',
      position: 1,
      isMe: true,
      userId: member.userId,
    });
    expect(mine.json().entries).toHaveLength(1);
    const other = await visitor.request({ method: 'GET', url });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().me).toBeNull();
    expect(other.json().entries[0]).toMatchObject({ username: 'sess_member', isMe: false });

    // no cookie, a token that is no session, an expired session, a signed-out user: 401, in Italian
    const expired = await userAgent(ctx.app, db, { username: 'sess_expired' });
    await db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${expired.userId}`,
    );
    const refusals = [
      await ctx.app.inject({ method: 'GET', url }),
      await ctx.app.inject({ method: 'GET', url, headers: { cookie: 'fr_session=not-a-session' } }),
      await expired.request({ method: 'GET', url }),
      // the session is checked before the cursor
      await ctx.app.inject({
        method: 'GET',
        url: `${url}?cursor=abc`,
        headers: { cookie: 'fr_session=not-a-session' },
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe(MESSAGES.common.notAuthenticated);
    }
    // a cursor that is no cursor, signed in: 400
    const badCursor = await member.request({ method: 'GET', url: `${url}?cursor=abc` });
    expect(badCursor.statusCode, badCursor.body).toBe(400);
    // an unknown league, signed in: 404
    const missing = await member.request({
      method: 'GET',
      url: '/api/leagues/00000000-0000-4000-8000-000000000000/leaderboard',
    });
    expect(missing.statusCode).toBe(404);
  });
});
