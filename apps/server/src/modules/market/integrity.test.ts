import { MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosters } from '../../db/schema.ts';
import { ledgerViolations, marketWorld, userAgent } from '../../test/fixtures.ts';
import { createTestApp, isPostgresServer, type TestContext } from '../../test/test-app.ts';

// Against the PostgreSQL server these requests really race on separate connections (CI runs the suite
// there too); on PGlite, which has one connection, the same assertions hold with the requests serialised.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);

describe(`concurrent trades (${isPostgresServer() ? 'PostgreSQL server' : 'PGlite'})`, () => {
  it('50 concurrent buys of different players never overspend nor overfill', async () => {
    const { league, players } = await marketWorld(ctx.database.db, {}, 10);
    expect(players).toHaveLength(50);
    const u = await userAgent(ctx.app, ctx.database.db);
    await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    const responses = await Promise.all(
      players.map((p) => u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${p.id}/buy` })),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(5);
    expect(statuses(responses).every((s) => s === 200 || s === 400)).toBe(true);
    const [roster] = await ctx.database.db.select().from(rosters).where(eq(rosters.userId, u.userId));
    expect(roster!.pandaCoin).toBeGreaterThanOrEqual(0);
    expect(roster!.playerCount).toBe(ok.length);
    const spent = ok.reduce((sum, r) => sum + r.json().amount, 0);
    expect(roster!.pandaCoin).toBe(15 - spent);
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
  });

  it('20 concurrent buys of the same player: exactly one succeeds', async () => {
    const { league, players } = await marketWorld(ctx.database.db);
    const u = await userAgent(ctx.app, ctx.database.db);
    await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    const target = players.find((p) => p.cost === 1)!;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${target.id}/buy` }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      responses
        .filter((r) => r.statusCode !== 200)
        .every((r) => r.json().message === 'Hai già questo giocatore nel roster'),
    ).toBe(true);
    const held = await ctx.database.db.execute(
      sql`select count(*)::int as n from roster_players h join rosters r on r.id = h.roster_id where r.user_id = ${u.userId} and h.released_at is null`,
    );
    expect(held.rows[0]).toEqual({ n: 1 });
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
  });

  it('first joins racing each other create one roster', async () => {
    const { league } = await marketWorld(ctx.database.db);
    const u = await userAgent(ctx.app, ctx.database.db);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` })),
    );
    expect(statuses(responses).filter((s) => s === 201)).toHaveLength(1);
    expect(statuses(responses).filter((s) => s === 409)).toHaveLength(9);
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
  });

  it('concurrent buys and sells of the same champion stay consistent with the ledger', async () => {
    const { league, champions } = await marketWorld(ctx.database.db);
    const u = await userAgent(ctx.app, ctx.database.db);
    const champ = champions.find((c) => c.cost === 3)!;
    await u.request({ method: 'POST', url: `/api/leagues/${league.id}/champions/${champ.id}/buy` });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        u.request({
          method: 'POST',
          url: `/api/leagues/${league.id}/champions/${champ.id}/${i % 2 === 0 ? 'sell' : 'buy'}`,
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode !== 200 && r.statusCode !== 400).map((r) => r.body)).toEqual(
      [],
    );
    const [roster] = await ctx.database.db.select().from(rosters).where(eq(rosters.userId, u.userId));
    const held = await ctx.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from roster_champions where roster_id = ${roster!.id} and released_at is null`,
    );
    const holds = Number(held.rows[0]!.n);
    expect(holds === 0 || holds === 1).toBe(true);
    expect(roster!.championCount).toBe(holds);
    // every completed buy costs 3 and every completed sell refunds 2
    const ledger = await ctx.database.db.execute<{ buys: number; sells: number }>(sql`
      select count(*) filter (where type = 'BuyChampion')::int as buys, count(*) filter (where type = 'SellChampion')::int as sells
      from transactions where roster_id = ${roster!.id}`);
    const { buys, sells } = ledger.rows[0]!;
    expect(Number(buys) - Number(sells)).toBe(holds);
    expect(roster!.burroCoin).toBe(8 - 3 * Number(buys) + 2 * Number(sells));
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
  });
});

describe('the market closing while trades run (PostgreSQL server: separate connections)', () => {
  it.skipIf(!isPostgresServer())(
    'a trade that waits on an admin’s close is refused once the close commits, and changes nothing',
    async () => {
      const db = ctx.database.db;
      const { league, players } = await marketWorld(db);
      const u = await userAgent(ctx.app, db);
      await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
      const [held, wanted] = players.filter((p) => p.cost === 1);
      expect(
        (await u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${held!.id}/buy` }))
          .statusCode,
      ).toBe(200);
      const [before] = await db.select().from(rosters).where(eq(rosters.userId, u.userId));

      let buy: Promise<{ statusCode: number; json(): { message: string } }> | undefined;
      let sell: typeof buy;
      // the close, as setMarketOpen makes it: the league row locked, the market closed, not yet committed
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from leagues where id = ${league.id} for update`);
        await tx.execute(sql`update leagues set market_open = false where id = ${league.id}`);
        // the trades read the league before the close commits (the market is open for them), then wait on it
        buy = u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${wanted!.id}/buy` });
        sell = u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${held!.id}/sell` });
        await expect
          .poll(
            async () =>
              (
                await db.execute<{ n: number }>(sql`
                  select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock' and query like '%for key share%'`)
              ).rows[0]!.n,
            { timeout: 10_000 },
          )
          .toBe(2);
      });
      for (const answer of [await buy!, await sell!]) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toBe(MESSAGES.market.playersClosed);
      }
      const [after] = await db.select().from(rosters).where(eq(rosters.userId, u.userId));
      expect(after).toEqual(before);
      expect(await ledgerViolations(db)).toEqual([]);
    },
  );
});

describe('random trading (property)', () => {
  it('after every step: balances equal ledgers, limits hold, nothing is held twice', async () => {
    const { league, players, champions } = await marketWorld(ctx.database.db, {}, 6);
    const users = await Promise.all([0, 1, 2].map(() => userAgent(ctx.app, ctx.database.db)));
    const action = fc.record({
      user: fc.integer({ min: 0, max: users.length - 1 }),
      kind: fc.constantFrom('players', 'champions'),
      op: fc.constantFrom('buy', 'sell'),
      item: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          const pool = s.kind === 'players' ? players : champions;
          const item = pool[s.item % pool.length]!;
          const res = await users[s.user]!.request({
            method: 'POST',
            url: `/api/leagues/${league.id}/${s.kind}/${item.id}/${s.op}`,
          });
          expect([200, 400, 404]).toContain(res.statusCode);
          expect(await ledgerViolations(ctx.database.db)).toEqual([]);
        }
        const doubles = await ctx.database.db.execute(sql`
          select roster_id, player_id from roster_players where released_at is null group by 1, 2 having count(*) > 1
          union all
          select roster_id, champion_id from roster_champions where released_at is null group by 1, 2 having count(*) > 1`);
        expect(doubles.rows).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});
