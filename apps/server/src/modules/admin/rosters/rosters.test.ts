import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterPointAdjustments, rosters, transactions } from '../../../db/schema.ts';
import { auditRows, leagueWithRosters } from '../../../test/admin-fixtures.ts';
import { ledgerViolations, userAgent } from '../../../test/fixtures.ts';
import type { Agent } from '../../../test/http.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: Agent & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userAgent(ctx.app, ctx.database.db, { isAdmin: true });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  admin.request({ method, url, payload: payload as object });

describe('manage rosters', () => {
  it('lists rosters with user, league, counts, points and balances', async () => {
    const world = await leagueWithRosters(ctx.database.db, 2);
    const res = await call('GET', `/api/admin/rosters?leagueId=${world.league.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().rosters[0]).toMatchObject({
      leagueName: world.league.name,
      email: expect.stringContaining('@example.com'),
      playerCount: 0,
      championCount: 0,
      totalPoints: 0,
      pandaCoin: 15,
      burroCoin: 8,
    });
  });

  it('edits coins through ledger rows and points through an adjustment', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 1);
    const rosterId = world.members[0]!.roster.id;
    await db.update(rosters).set({ totalPoints: 12.3 }).where(eq(rosters.id, rosterId));

    const res = await call('PATCH', `/api/admin/rosters/${rosterId}`, {
      pandaCoin: 20,
      burroCoin: 3,
      totalPoints: 15.1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Roster aggiornato con successo');
    const [r] = await db.select().from(rosters).where(eq(rosters.id, rosterId));
    expect(r).toMatchObject({ pandaCoin: 20, burroCoin: 3, totalPoints: 15.1, pointsAdjustment: 2.8 });
    const ledger = await db
      .select({
        amount: transactions.amount,
        currency: transactions.currency,
        adminUserId: transactions.adminUserId,
      })
      .from(transactions)
      .where(sql`${transactions.rosterId} = ${rosterId} and ${transactions.type} = 'AdminAdjustment'`);
    expect(ledger.sort((a, b) => a.currency.localeCompare(b.currency))).toEqual([
      { amount: -5, currency: 'BurroCoin', adminUserId: admin.userId },
      { amount: 5, currency: 'PandaCoin', adminUserId: admin.userId },
    ]);
    const [adj] = await db
      .select()
      .from(rosterPointAdjustments)
      .where(eq(rosterPointAdjustments.rosterId, rosterId));
    expect(adj).toMatchObject({ delta: 2.8, adminUserId: admin.userId });
    expect(await ledgerViolations(db)).toEqual([]);
    const [audit] = await auditRows(db, rosterId);
    expect(audit).toMatchObject({
      action: 'UPDATE_ROSTER',
      severity: 'MEDIUM',
      oldValues: { panda_coin: 15, burro_coin: 8, total_points: 12.3 },
      newValues: { panda_coin: 20, burro_coin: 3, total_points: 15.1 },
    });

    for (const body of [{ pandaCoin: -1 }, { burroCoin: 2.5 }]) {
      const bad = await call('PATCH', `/api/admin/rosters/${rosterId}`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Gli importi devono essere numeri interi non negativi');
    }
    const [unchanged] = await db.select().from(rosters).where(eq(rosters.id, rosterId));
    expect(unchanged).toMatchObject({ pandaCoin: 20, burroCoin: 3 });
  });

  it('adds and removes players without charging coins, max 5, no duplicates', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 1);
    const rosterId = world.members[0]!.roster.id;
    const url = `/api/admin/rosters/${rosterId}/players`;
    const six = world.players.slice(0, 6);
    for (const p of six.slice(0, 5)) {
      const res = await call('POST', url, { playerId: p.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Giocatore aggiunto al roster');
    }
    const dup = await call('POST', url, { playerId: six[0]!.id });
    expect(dup.json().message).toBe('Questo giocatore è già nel roster');
    const full = await call('POST', url, { playerId: six[5]!.id });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe('Massimo 5 giocatori per roster');

    let [r] = await db.select().from(rosters).where(eq(rosters.id, rosterId));
    expect(r).toMatchObject({ playerCount: 5, pandaCoin: 15 });
    const removed = await call('DELETE', `${url}/${six[0]!.id}`);
    expect(removed.json().message).toBe('Giocatore rimosso dal roster');
    const again = await call('DELETE', `${url}/${six[0]!.id}`);
    expect(again.json().message).toBe('Questo giocatore non è nel roster');
    [r] = await db.select().from(rosters).where(eq(rosters.id, rosterId));
    expect(r).toMatchObject({ playerCount: 4, pandaCoin: 15 });

    const detail = await call('GET', `/api/admin/rosters/${rosterId}`);
    expect(detail.json().roster.players).toHaveLength(4);
    expect(detail.json().roster.players.every((p: { pricePaid: number }) => p.pricePaid === 0)).toBe(true);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('adds and removes champions, max 8', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 1);
    const rosterId = world.members[0]!.roster.id;
    const url = `/api/admin/rosters/${rosterId}/champions`;
    expect(world.champions.length).toBeGreaterThanOrEqual(9);
    for (const c of world.champions.slice(0, 8)) {
      expect((await call('POST', url, { championId: c.id })).json().message).toBe(
        'Campione aggiunto al roster',
      );
    }
    const ninth = await call('POST', url, { championId: world.champions[8]!.id });
    expect(ninth.json().message).toBe('Massimo 8 campioni per roster');
    expect((await call('DELETE', `${url}/${world.champions[0]!.id}`)).json().message).toBe(
      'Campione rimosso dal roster',
    );
    const [r] = await db.select().from(rosters).where(eq(rosters.id, rosterId));
    expect(r).toMatchObject({ championCount: 7, burroCoin: 8 });
    expect(await ledgerViolations(db)).toEqual([]);
  });
});

describe('audit log', () => {
  it('shows the latest entries with filters', async () => {
    const world = await leagueWithRosters(ctx.database.db, 1);
    await call('POST', `/api/admin/leagues/${world.league.id}/distribute-coins`, {
      pandaCoin: 1,
      burroCoin: 0,
    });
    const res = await call('GET', `/api/admin/audit-log?action=DISTRIBUTE_COINS&recordId=${world.league.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entries).toEqual([
      expect.objectContaining({
        action: 'DISTRIBUTE_COINS',
        tableName: 'rosters',
        adminUserId: admin.userId,
      }),
    ]);
    const all = await call('GET', '/api/admin/audit-log');
    expect(all.json().entries.length).toBeLessThanOrEqual(100);
  });
});
