import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagues, players, rosters, transactions } from '../../db/schema.ts';
import { createLeague } from '../../seed/factories.ts';
import { ledgerViolations, marketWorld, userAgent } from '../../test/fixtures.ts';
import { agent } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const hhmm = (d: Date) => d.toISOString().slice(11, 16);

describe('leagues and joining', () => {
  it('lists leagues with membership, and joins with the starting balance as ledger rows', async () => {
    const { league } = await marketWorld(ctx.database.db);
    const u = await userAgent(ctx.app, ctx.database.db);
    const before = (await u.request({ method: 'GET', url: '/api/leagues' })).json().leagues;
    const card = before.find((l: { id: string }) => l.id === league.id);
    expect(card).toMatchObject({
      joined: false,
      rulesAccepted: false,
      participantCount: 0,
      teams: expect.any(Array),
    });
    expect(card.market).toMatchObject({ playersBlocked: false, championsBlocked: false, reason: null });

    const join = await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    expect(join.statusCode, join.body).toBe(201);
    expect(join.json().message).toBe('Ti sei iscritto alla lega con successo!');
    const after = (await u.request({ method: 'GET', url: '/api/leagues' })).json().leagues;
    expect(after.find((l: { id: string }) => l.id === league.id)).toMatchObject({
      joined: true,
      participantCount: 1,
      rosterId: join.json().rosterId,
    });
    const again = await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Sei già iscritto a questa lega');

    const roster = (await u.request({ method: 'GET', url: `/api/leagues/${league.id}/my-roster` })).json()
      .roster;
    expect(roster).toMatchObject({
      pandaCoin: 15,
      burroCoin: 8,
      playerCount: 0,
      championCount: 0,
      totalPoints: 0,
    });
    expect(
      roster.transactions.map((t: { type: string; amount: number }) => [t.type, t.amount]).sort(),
    ).toEqual([
      ['StartingBalance', 15],
      ['StartingBalance', 8],
    ]);
    expect(roster.eligibility).toEqual({
      eligible: false,
      missingRoles: ['Top', 'Jungle', 'Mid', 'ADC', 'Support'],
    });
  });

  it('gives international leagues 10 Burro Coin', async () => {
    const league = await createLeague(ctx.database.db, { name: 'Worlds test', type: 'World Championship' });
    const u = await userAgent(ctx.app, ctx.database.db);
    await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    const roster = (await u.request({ method: 'GET', url: `/api/leagues/${league.id}/my-roster` })).json()
      .roster;
    expect(roster).toMatchObject({ pandaCoin: 15, burroCoin: 10 });
  });

  it('requires the rules to be accepted first, once, with version v1', async () => {
    const { league } = await marketWorld(ctx.database.db, {
      rulesRequired: true,
      rulesText: '<p>Regola <strong>uno</strong></p><script>alert(1)</script><p onclick="x()">due</p>',
    });
    const u = await userAgent(ctx.app, ctx.database.db);
    const card = (await u.request({ method: 'GET', url: `/api/leagues/${league.id}` })).json().league;
    expect(card.rulesText).toBe('<p>Regola <strong>uno</strong></p><p>due</p>');

    const refused = await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Devi prima accettare il regolamento della lega');
    const buy = await u.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/champions/${(await firstChampion()).id}/buy`,
    });
    expect(buy.json().message).toBe('Devi prima accettare il regolamento della lega');
    expect(await ctx.database.db.select().from(rosters).where(eq(rosters.userId, u.userId))).toEqual([]);

    for (let i = 0; i < 2; i++) {
      expect(
        (await u.request({ method: 'POST', url: `/api/leagues/${league.id}/rules/accept` })).statusCode,
      ).toBe(200);
    }
    const rows = await ctx.database.db.execute(
      sql`select rules_version from league_rules_acceptance where user_id = ${u.userId} and league_id = ${league.id}`,
    );
    expect(rows.rows).toEqual([{ rules_version: 'v1' }]);
    expect((await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` })).statusCode).toBe(201);
  });

  it('joins and accepts in one step when asked', async () => {
    const { league } = await marketWorld(ctx.database.db, { rulesRequired: true, rulesText: 'Regole' });
    const u = await userAgent(ctx.app, ctx.database.db);
    const res = await u.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/join`,
      payload: { acceptRules: true },
    });
    expect(res.statusCode).toBe(201);
  });
});

async function firstChampion() {
  const [c] = await ctx.database.db
    .execute<{ id: string }>(sql`select id from champions order by name limit 1`)
    .then((r) => r.rows);
  return c!;
}

describe('buying and selling players', () => {
  it('applies every rule of spec §5 with its message', async () => {
    const { league, players: ps } = await marketWorld(ctx.database.db);
    const u = await userAgent(ctx.app, ctx.database.db);
    const buy = (id: string) =>
      u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${id}/buy` });
    const sell = (id: string) =>
      u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${id}/sell` });

    const cheap = ps.filter((p) => p.cost === 1);
    const first = await buy(cheap[0]!.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: `Hai acquistato ${cheap[0]!.name} per 1 Panda Coin`,
      roster: { pandaCoin: 14, playerCount: 1 },
    });
    expect((await buy(cheap[0]!.id)).json().message).toBe('Hai già questo giocatore nel roster');

    const fives = ps.filter((p) => p.cost === 5);
    expect((await buy(fives[0]!.id)).statusCode).toBe(200); // 9 left
    expect((await buy(fives[1]!.id)).statusCode).toBe(200); // 4 left
    const tooExpensive = await buy(fives[2]!.id);
    expect(tooExpensive.statusCode).toBe(400);
    expect(tooExpensive.json().message).toBe('Non hai abbastanza Panda Coin');

    for (const p of cheap.slice(1, 3)) expect((await buy(p.id)).statusCode).toBe(200); // 5 players, 2 left
    const sixth = await buy(cheap[3]!.id);
    expect(sixth.json().message).toBe('Massimo 5 giocatori per roster');

    const sold = await sell(fives[0]!.id);
    expect(sold.json()).toMatchObject({
      message: `Hai venduto ${fives[0]!.name} per 5 Panda Coin`,
      amount: 5,
    });
    expect((await sell(fives[0]!.id)).json().message).toBe('Questo giocatore non è nel tuo roster');
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
  });

  it('refunds the price paid even if the admin later changes the cost', async () => {
    const { league, players: ps } = await marketWorld(ctx.database.db);
    const u = await userAgent(ctx.app, ctx.database.db);
    const p = ps.find((x) => x.cost === 3)!;
    await u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${p.id}/buy` });
    await ctx.database.db.update(players).set({ cost: 5, tier: 5 }).where(eq(players.id, p.id));
    const sold = await u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${p.id}/sell` });
    expect(sold.json().amount).toBe(3);
    expect(sold.json().roster.pandaCoin).toBe(15);
  });

  it('refuses a player of a team outside the league, and anonymous buyers', async () => {
    const { league } = await marketWorld(ctx.database.db);
    const [outsider] = await ctx.database.db
      .insert(players)
      .values({ name: 'Estraneo', team: 'Altro Team', role: 'Mid', tier: 1, cost: 1 })
      .returning();
    const u = await userAgent(ctx.app, ctx.database.db);
    const res = await u.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/players/${outsider!.id}/buy`,
    });
    expect(res.statusCode).toBe(400);
    const anon = await agent(ctx.app).request({
      method: 'POST',
      url: `/api/leagues/${league.id}/players/${outsider!.id}/buy`,
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe('Devi essere autenticato per acquistare giocatori');
    // a cookie of no session (forged, expired or logged out) is no better than none, on every trade route
    for (const path of ['players', 'champions']) {
      for (const action of ['buy', 'sell']) {
        const forged = await ctx.app.inject({
          method: 'POST',
          url: `/api/leagues/${league.id}/${path}/${outsider!.id}/${action}`,
          cookies: { fr_session: 'not-a-session-token' },
        });
        expect(forged.statusCode).toBe(401);
        expect(forged.json().message).toMatch(/^Devi essere autenticato/);
      }
    }
    // a signed-in user asking for a league that does not exist
    const missing = await u.request({
      method: 'POST',
      url: `/api/leagues/00000000-0000-4000-8000-000000000000/players/${outsider!.id}/buy`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('turns the roster eligible with one player per role', async () => {
    const { league, players: ps } = await marketWorld(ctx.database.db);
    const u = await userAgent(ctx.app, ctx.database.db);
    const picks = (['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const).map(
      (role) => ps.filter((p) => p.role === role).sort((a, b) => a.cost - b.cost)[0]!,
    );
    for (const p of picks) {
      const res = await u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${p.id}/buy` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const roster = (await u.request({ method: 'GET', url: `/api/leagues/${league.id}/my-roster` })).json()
      .roster;
    expect(roster.eligibility).toEqual({ eligible: true, missingRoles: [] });
    expect(roster.players).toHaveLength(5);
  });
});

describe('buying and selling champions', () => {
  it('charges the tier, refunds half rounded up, and stops at 8', async () => {
    const { league, champions: cs } = await marketWorld(ctx.database.db);
    const u = await userAgent(ctx.app, ctx.database.db);
    const buy = (id: string) =>
      u.request({ method: 'POST', url: `/api/leagues/${league.id}/champions/${id}/buy` });
    const three = cs.find((c) => c.cost === 3)!;
    const bought = await buy(three.id);
    expect(bought.json().message).toBe(`Hai acquistato ${three.name} per 3 Burro Coin`);
    const roster = (await u.request({ method: 'GET', url: `/api/leagues/${league.id}/my-roster` })).json()
      .roster;
    expect(roster.champions[0]).toMatchObject({ pricePaid: 3, salePrice: 2 });
    const sold = await u.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/champions/${three.id}/sell`,
    });
    expect(sold.json()).toMatchObject({ amount: 2, message: `Hai venduto ${three.name} per 2 Burro Coin` });
    expect(sold.json().roster.burroCoin).toBe(7);

    const premium = cs.find((c) => c.cost === 15)!;
    expect((await buy(premium.id)).json().message).toBe('Non hai abbastanza Burro Coin');

    await ctx.database.db.execute(
      sql`update rosters set burro_coin = burro_coin + 100 where user_id = ${u.userId}`,
    );
    await ctx.database.db.insert(transactions).values({
      rosterId: roster.id,
      userId: u.userId,
      leagueId: league.id,
      type: 'AdminDistribution',
      amount: 100,
      currency: 'BurroCoin',
    });
    const cheap = cs.filter((c) => c.cost <= 5).slice(0, 8);
    for (const c of cheap) expect((await buy(c.id)).statusCode).toBe(200);
    expect((await buy(premium.id)).json().message).toBe('Massimo 8 campioni per roster');
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
  });
});

describe('market state', () => {
  it('a manual closure blocks players but not champions', async () => {
    const { league, players: ps, champions: cs } = await marketWorld(ctx.database.db, { marketOpen: false });
    const u = await userAgent(ctx.app, ctx.database.db);
    const p = await u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${ps[0]!.id}/buy` });
    expect(p.statusCode).toBe(409);
    expect(p.json().message).toBe('Il mercato per i giocatori è chiuso');
    const c = await u.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/champions/${cs[0]!.id}/buy`,
    });
    expect(c.statusCode, c.body).toBe(200);
  });

  it('the daily window blocks both, with the reopening time', async () => {
    const now = Date.now();
    const {
      league,
      players: ps,
      champions: cs,
    } = await marketWorld(ctx.database.db, {
      marketBlockTimezone: 'UTC',
      marketBlockStartTime: hhmm(new Date(now - 60 * 60_000)),
      marketBlockEndTime: hhmm(new Date(now + 60 * 60_000)),
    });
    const u = await userAgent(ctx.app, ctx.database.db);
    const p = await u.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${ps[0]!.id}/buy` });
    expect(p.json().message).toBe('Mercato giocatori attualmente bloccato');
    const c = await u.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/champions/${cs[0]!.id}/buy`,
    });
    expect(c.json().message).toBe('Mercato campioni attualmente bloccato');
    const card = (await u.request({ method: 'GET', url: `/api/leagues/${league.id}` })).json().league;
    expect(card.market.reason).toBe('time_block');
    expect(new Date(card.market.reopensAt).getTime()).toBeGreaterThan(now);
  });

  it('a league changed after a trade read it is judged as it is now, whoever wrote the change', async () => {
    const { league, players: ps, champions: cs } = await marketWorld(ctx.database.db);
    const u = await userAgent(ctx.app, ctx.database.db);
    const trade = (kind: 'players' | 'champions', id: string, op: 'buy' | 'sell') =>
      u.request({ method: 'POST', url: `/api/leagues/${league.id}/${kind}/${id}/${op}` });
    expect((await trade('players', ps[0]!.id, 'buy')).statusCode).toBe(200);

    // another participant joining writes the league row (its count): the next trade is made all the same
    const other = await userAgent(ctx.app, ctx.database.db);
    expect((await other.request({ method: 'POST', url: `/api/leagues/${league.id}/join` })).statusCode).toBe(
      201,
    );
    expect((await trade('players', ps[0]!.id, 'sell')).statusCode).toBe(200);

    // a daily window written straight into the row (no route, no updated_at) blocks the very next trade
    const now = Date.now();
    await ctx.database.db
      .update(leagues)
      .set({
        marketBlockTimezone: 'UTC',
        marketBlockStartTime: hhmm(new Date(now - 60 * 60_000)),
        marketBlockEndTime: hhmm(new Date(now + 60 * 60_000)),
      })
      .where(eq(leagues.id, league.id));
    const blocked = await trade('champions', cs[0]!.id, 'buy');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe('Mercato campioni attualmente bloccato');

    // and lifting it lets the next one through
    await ctx.database.db
      .update(leagues)
      .set({ marketBlockStartTime: null, marketBlockEndTime: null })
      .where(eq(leagues.id, league.id));
    expect((await trade('champions', cs[0]!.id, 'buy')).statusCode).toBe(200);
  });

  it('a Completed league blocks everything', async () => {
    const { league, champions: cs } = await marketWorld(ctx.database.db, { status: 'Completed' });
    const u = await userAgent(ctx.app, ctx.database.db);
    const c = await u.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/champions/${cs[0]!.id}/buy`,
    });
    expect(c.json().message).toBe('Mercato campioni attualmente bloccato');
  });

  it('filters the catalogue and flags the current phase teams', async () => {
    const { league, teams } = await marketWorld(ctx.database.db);
    await ctx.database.db.execute(
      sql`update league_phases set participating_teams = array[${teams[0]}]::text[] where league_id = ${league.id} and is_current`,
    );
    const u = await userAgent(ctx.app, ctx.database.db);
    const all = (await u.request({ method: 'GET', url: `/api/leagues/${league.id}/players` })).json();
    expect(all.players).toHaveLength(20);
    expect(all.currentPhase.participatingTeams).toEqual([teams[0]]);
    expect(all.players.filter((p: { suggested: boolean }) => p.suggested)).toHaveLength(5);
    const mids = (
      await u.request({ method: 'GET', url: `/api/leagues/${league.id}/players?role=Mid&tier=3` })
    ).json();
    expect(mids.players.every((p: { role: string; tier: number }) => p.role === 'Mid' && p.tier === 3)).toBe(
      true,
    );
    const search = (
      await u.request({
        method: 'GET',
        url: `/api/leagues/${league.id}/players?search=${encodeURIComponent(teams[1]!.toLowerCase())}`,
      })
    ).json();
    expect(search.players).toHaveLength(5);
    const champs = (await u.request({ method: 'GET', url: '/api/champions?tier=6' })).json().champions;
    expect(champs.every((c: { tier: number; cost: number }) => c.tier === 6 && c.cost === 15)).toBe(true);
  });
});

describe('leaderboard', () => {
  it('ranks by points with shared positions, lists ties by username, and pages with a cursor', async () => {
    const league = await createLeague(ctx.database.db, { name: 'Classifica test', type: 'LEC' });
    const points = [50, 40, 40, 30, 30, 30, 10, 0];
    const agents = [];
    for (const [i, pts] of points.entries()) {
      const a = await userAgent(ctx.app, ctx.database.db, {
        username: `rank_${String.fromCharCode(104 - i)}`,
      });
      await a.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
      await ctx.database.db.update(rosters).set({ totalPoints: pts }).where(eq(rosters.userId, a.userId));
      agents.push(a);
    }
    const viewer = agents[5]!;
    const page1 = (
      await viewer.request({ method: 'GET', url: `/api/leagues/${league.id}/leaderboard?limit=3` })
    ).json();
    expect(page1.participantCount).toBe(8);
    expect(page1.entries.map((e: { position: number }) => e.position)).toEqual([1, 2, 2]);
    expect(page1.entries[1].username < page1.entries[2].username).toBe(true);
    expect(page1.me).toMatchObject({ position: 4, isMe: true, totalPoints: 30 });
    const page2 = (
      await viewer.request({
        method: 'GET',
        url: `/api/leagues/${league.id}/leaderboard?limit=3&cursor=${page1.nextCursor}`,
      })
    ).json();
    expect(page2.entries.map((e: { position: number }) => e.position)).toEqual([4, 4, 4]);
    const page3 = (
      await viewer.request({
        method: 'GET',
        url: `/api/leagues/${league.id}/leaderboard?limit=3&cursor=${page2.nextCursor}`,
      })
    ).json();
    expect(page3.entries.map((e: { position: number }) => e.position)).toEqual([7, 8]);
    expect(page3.nextCursor).toBeNull();
    expect(page1.rewardTiers.map((t: { amount: number }) => t.amount)).toEqual([7, 5, 4, 3]);

    const view = await viewer.request({
      method: 'GET',
      url: `/api/leagues/${league.id}/rosters/${page1.entries[0].rosterId}`,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().roster).toMatchObject({ totalPoints: 50, players: [], champions: [] });
  });
});

describe('nobody can change what is not theirs', () => {
  it('no participant route moves another roster, nor the caller’s own balance or points', async () => {
    const { league, players: ps, champions: cs } = await marketWorld(ctx.database.db);
    const victim = await userAgent(ctx.app, ctx.database.db);
    const attacker = await userAgent(ctx.app, ctx.database.db);
    await victim.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${ps[0]!.id}/buy` });
    await victim.request({ method: 'POST', url: `/api/leagues/${league.id}/champions/${cs[0]!.id}/buy` });
    await attacker.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    const snapshot = async () =>
      ctx.database.db
        .select({
          pc: rosters.pandaCoin,
          bc: rosters.burroCoin,
          pts: rosters.totalPoints,
          n: rosters.playerCount,
          c: rosters.championCount,
        })
        .from(rosters)
        .where(eq(rosters.userId, victim.userId));
    const victimBefore = await snapshot();
    const [victimRoster] = await ctx.database.db
      .select()
      .from(rosters)
      .where(eq(rosters.userId, victim.userId));

    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const stuffed = {
      userId: victim.userId,
      rosterId: victimRoster!.id,
      pandaCoin: 9999,
      burroCoin: 9999,
      totalPoints: 9999,
      cost: 0,
      price: 0,
      acceptRules: true,
    };
    let calls = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      if (path.startsWith('/api/admin') || path.startsWith('/api/auth') || path.startsWith('/api/dev'))
        continue;
      for (const method of Object.keys(methods)) {
        if (method === 'get') continue;
        const url = path
          .replace('{leagueId}', league.id)
          .replace('{playerId}', ps[0]!.id)
          .replace('{championId}', cs[0]!.id)
          .replace('{rosterId}', victimRoster!.id);
        await attacker.request({ method: method.toUpperCase() as 'POST', url, payload: stuffed });
        calls++;
      }
    }
    expect(calls).toBeGreaterThanOrEqual(6);
    expect(await snapshot()).toEqual(victimBefore);
    const [mine] = await ctx.database.db.select().from(rosters).where(eq(rosters.userId, attacker.userId));
    expect(mine!.totalPoints).toBe(0);
    expect(mine!.pandaCoin).toBeLessThanOrEqual(15);
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
  });

  it('a league that does not exist is a 404', async () => {
    const u = await userAgent(ctx.app, ctx.database.db);
    const res = await u.request({
      method: 'POST',
      url: '/api/leagues/00000000-0000-4000-8000-000000000000/join',
    });
    expect(res.statusCode).toBe(404);
    expect(
      (
        await ctx.database.db
          .select()
          .from(leagues)
          .where(eq(leagues.id, '00000000-0000-4000-8000-000000000000'))
      ).length,
    ).toBe(0);
  });
});
