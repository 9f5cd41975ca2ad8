import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { champions, players } from '../../../db/schema.ts';
import { leagueWithRosters } from '../../../test/admin-fixtures.ts';
import { userAgent } from '../../../test/fixtures.ts';
import type { Agent } from '../../../test/http.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userAgent(ctx.app, ctx.database.db, { isAdmin: true });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  admin.request({ method, url, payload: payload as object });

const player = (over: Record<string, unknown> = {}) => ({
  name: 'Caps',
  team: 'G2 Esports',
  role: 'Mid',
  tier: 5,
  cost: 5,
  region: 'EU',
  imageUrl: '',
  performanceUrl: 'https://lol.fandom.com/wiki/Caps',
  ...over,
});

describe('players', () => {
  it('creates, lists by tier then name, edits and deletes', async () => {
    const created = await call('POST', '/api/admin/players', player());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Player aggiunto con successo',
      player: { name: 'Caps', imageUrl: null },
    });
    const id = created.json().player.id;
    await call('POST', '/api/admin/players', player({ name: 'Alpha', tier: 1, cost: 1 }));
    const list = await call('GET', '/api/admin/players?team=G2%20Esports');
    expect(list.json().players.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'Caps']);
    expect((await call('GET', '/api/admin/players?team=G2%20Esports&tier=5')).json().players).toHaveLength(1);

    const edited = await call('PUT', `/api/admin/players/${id}`, player({ tier: 4, cost: 4 }));
    expect(edited.json()).toMatchObject({ message: 'Player aggiornato con successo', player: { tier: 4 } });
    const deleted = await call('DELETE', `/api/admin/players/${id}`);
    expect(deleted.json().message).toBe('Player eliminato con successo');
    const audit = await ctx.database.db.execute(
      sql`select action from admin_audit_log where record_id = ${id} order by id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['CREATE_PLAYER', 'UPDATE_PLAYER', 'DELETE_PLAYER']);
  });

  it.each([
    ['Nome e team sono obbligatori', { name: '  ' }],
    ['Nome e team sono obbligatori', { team: '' }],
    ['Il tier deve essere compreso tra 1 e 5', { tier: 6 }],
    ['Il tier deve essere compreso tra 1 e 5', { tier: 0 }],
    ['Il costo deve essere compreso tra 1 e 5 Panda Coin', { cost: 9 }],
    ['URL non valido: usa un indirizzo http o https', { imageUrl: 'javascript:alert(1)' }],
  ])('refuses with "%s"', async (message, over) => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(players);
    const res = await call('POST', '/api/admin/players', player(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(players)).toEqual(before);
  });

  it('refuses to delete a player held in a roster', async () => {
    const world = await leagueWithRosters(ctx.database.db, 0);
    const u = await userAgent(ctx.app, ctx.database.db);
    const p = world.players.find((x) => x.cost <= 3)!;
    await u.request({ method: 'POST', url: `/api/leagues/${world.league.id}/players/${p.id}/buy` });
    const res = await call('DELETE', `/api/admin/players/${p.id}`);
    expect(res.statusCode).toBe(409);
    expect(await ctx.database.db.select().from(players).where(eq(players.id, p.id))).toHaveLength(1);
  });
});

describe('champions', () => {
  it('computes the cost from the tier, refuses duplicates and missing roles', async () => {
    const created = await call('POST', '/api/admin/champions', {
      name: 'Aurora',
      tier: 6,
      roles: ['Mid', 'Top'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Campione aggiunto con successo',
      champion: { tier: 6, cost: 15 },
    });
    const id = created.json().champion.id;
    const dup = await call('POST', '/api/admin/champions', { name: 'aurora', tier: 1, roles: ['Mid'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Esiste già un campione con questo nome');
    const cases: [unknown, string][] = [
      [{ name: '', tier: 1, roles: ['Mid'] }, 'Il nome del campione è obbligatorio'],
      [{ name: 'Nuovo', tier: 7, roles: ['Mid'] }, 'Il tier deve essere compreso tra 1 e 6'],
      [{ name: 'Nuovo', tier: 2, roles: [] }, 'Seleziona almeno un ruolo per il campione'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/admin/champions', body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    // cost is never typed: a cost in the body is ignored
    const edited = await call('PUT', `/api/admin/champions/${id}`, {
      name: 'Aurora',
      tier: 3,
      roles: ['Mid'],
      cost: 99,
    });
    expect(edited.json()).toMatchObject({
      message: 'Campione aggiornato con successo',
      champion: { tier: 3, cost: 3 },
    });
    const filtered = await call('GET', '/api/admin/champions?role=Mid&tier=3&search=auro');
    expect(filtered.json().champions.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await call('DELETE', `/api/admin/champions/${id}`)).json().message).toBe(
      'Campione eliminato con successo',
    );
    expect(await ctx.database.db.select().from(champions).where(eq(champions.id, id))).toEqual([]);
  });

  it('keeps one performance link per champion and league', async () => {
    const { league } = await leagueWithRosters(ctx.database.db, 0);
    const c = (await call('POST', '/api/admin/champions', { name: 'Azir', tier: 4, roles: ['Mid'] })).json()
      .champion;
    const url = `/api/admin/champions/${c.id}/performances`;
    const bad = await call('PUT', url, { leagueId: league.id, performanceUrl: 'javascript:alert(1)' });
    expect(bad.json().message).toBe('URL non valido: usa un indirizzo http o https');
    expect(
      (await call('PUT', url, { leagueId: league.id, performanceUrl: 'https://a.example/1' })).json().message,
    ).toBe('Performance aggiornata con successo');
    await call('PUT', url, { leagueId: league.id, performanceUrl: 'https://a.example/2' });
    const list = await call('GET', url);
    expect(list.json().performances).toEqual([
      expect.objectContaining({
        leagueId: league.id,
        leagueName: league.name,
        performanceUrl: 'https://a.example/2',
      }),
    ]);
    expect((await call('DELETE', `${url}/${league.id}`)).statusCode).toBe(200);
    expect((await call('GET', url)).json().performances).toEqual([]);
    expect((await call('DELETE', `${url}/${league.id}`)).statusCode).toBe(404);
  });
});
