import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  leaguePhases,
  leagues,
  matches,
  playerStats,
  players,
  rosters,
  transactions,
  users,
  weeks,
} from '../../../db/schema.ts';
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
  admin.request({ method, url, payload: payload as object, headers: { 'user-agent': 'vitest-admin' } });

const validLeague = (over: Record<string, unknown> = {}) => ({
  name: `Lega Test ${Math.random().toString(36).slice(2, 8)}`,
  type: 'LEC',
  startDate: '2026-01-10',
  endDate: '2026-06-30',
  teams: ['G2 Esports', 'Fnatic', ' ', 'fnatic'],
  phases: [
    { name: 'Finals', teamCount: 2, startDate: '2026-06-20', endDate: '2026-06-30' },
    { name: 'Regular Season', teamCount: 10, startDate: '2026-01-10', endDate: '2026-03-31' },
    { name: 'Playoffs', teamCount: 6, startDate: '2026-04-01', endDate: '2026-06-19' },
  ],
  ...over,
});

describe('league create', () => {
  it('offers the built-in teams and default phases for the create form', async () => {
    const res = await call('GET', '/api/admin/leagues/templates');
    expect(res.statusCode).toBe(200);
    const t = res.json();
    expect(t.builtInTeams.LCK).toHaveLength(10);
    expect(t.builtInTeams.LPL).toHaveLength(16);
    expect(t.builtInTeams.LEC).toHaveLength(10);
    expect(t.builtInTeams['LTA North']).toHaveLength(8);
    expect(t.defaultPhases.MSI.phases.map((p: { name: string }) => p.name)).toEqual([
      'Play-in Stage',
      'Bracket Stage',
      'Finals',
    ]);
    expect(t.timezones).toContain('Europe/Rome');
  });

  it('creates an Upcoming league with a closed market and phases by stage rank, the first current', async () => {
    const res = await call('POST', '/api/admin/leagues', validLeague());
    expect(res.statusCode, res.body).toBe(201);
    const { message, league } = res.json();
    expect(message).toBe('League and phases created successfully!');
    expect(league).toMatchObject({ status: 'Upcoming', marketOpen: false, teams: ['G2 Esports', 'Fnatic'] });
    expect(
      league.phases.map((p: { phaseName: string; phaseOrder: number; isCurrent: boolean }) => [
        p.phaseName,
        p.phaseOrder,
        p.isCurrent,
      ]),
    ).toEqual([
      ['Regular Season', 1, true],
      ['Playoffs', 2, false],
      ['Finals', 3, false],
    ]);
    const audit = await auditRows(ctx.database.db, league.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'CREATE_LEAGUE',
      tableName: 'leagues',
      severity: 'MEDIUM',
      adminUserId: admin.userId,
      userAgent: 'vitest-admin',
    });

    const list = await call('GET', '/api/admin/leagues');
    const card = list.json().leagues.find((l: { id: string }) => l.id === league.id);
    expect(card).toMatchObject({ participantCount: 0, phases: expect.any(Array) });
  });

  it.each([
    [{ name: '' }, 'Please fill all required fields'],
    [{ startDate: '' }, 'Please fill all required fields'],
    [{ teams: [] }, 'Please select at least one team'],
    [{ teams: ['Solo', ' solo '] }, 'A league must have at least 2 teams'],
    [{ phases: [] }, 'Please add at least one phase to the league'],
    [
      {
        phases: [
          { name: 'Regular Season', teamCount: 10, startDate: '2026-01-10', endDate: '2026-04-05' },
          { name: 'Playoffs', teamCount: 6, startDate: '2026-04-01', endDate: '2026-06-19' },
        ],
      },
      'Phase dates overlap: Regular Season ends after Playoffs starts',
    ],
    [
      { phases: [{ name: 'Finals', teamCount: 1, startDate: '2026-06-20', endDate: '2026-06-30' }] },
      'Una fase deve avere almeno 2 team',
    ],
    [
      { name: 'Lega <script>' },
      'Il nome della lega può contenere solo lettere, numeri, spazi e i caratteri - _ ( ) .',
    ],
  ])('refuses %j with the spec message', async (over, message) => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(leagues);
    const res = await call('POST', '/api/admin/leagues', validLeague(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(leagues);
    expect(after).toEqual(before);
  });

  it('exempts international leagues from the team rules', async () => {
    const res = await call(
      'POST',
      '/api/admin/leagues',
      validLeague({
        type: 'MSI',
        teams: [],
        phases: [{ name: 'Play-in Stage', teamCount: 6, startDate: '2026-05-01', endDate: '2026-05-10' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().league.teams).toEqual([]);
  });
});

describe('league edit', () => {
  async function newLeague() {
    return (await call('POST', '/api/admin/leagues', validLeague())).json().league as { id: string };
  }

  it('validates and sanitises, audits old and new values with severity MEDIUM', async () => {
    const league = await newLeague();
    const res = await call('PATCH', `/api/admin/leagues/${league.id}`, {
      name: '  Lega Modificata  ',
      status: 'Active',
      marketBlockTimezone: 'Europe/Rome',
      marketBlockStartTime: '02:00',
      marketBlockEndTime: '06:00',
      rulesRequired: true,
      rulesText: '<p>Uno <strong>due</strong></p><p class="x">tre</p><div>quattro</div>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Lega aggiornata con successo');
    expect(res.json().league).toMatchObject({
      name: 'Lega Modificata',
      status: 'Active',
      marketBlockTimezone: 'Europe/Rome',
      marketBlockStartTime: '02:00',
      marketBlockEndTime: '06:00',
      rulesRequired: true,
      rulesText: '<p>Uno <strong>due</strong></p><p>tre</p>quattro',
    });
    const audit = (await auditRows(ctx.database.db, league.id)).filter((a) => a.action === 'UPDATE_LEAGUE');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.severity).toBe('MEDIUM');
    expect(audit[0]!.oldValues).toMatchObject({ status: 'Upcoming', marketBlockStartTime: null });
    expect(audit[0]!.newValues).toMatchObject({ status: 'Active', marketBlockStartTime: '02:00' });

    // empty block times are stored as null (disabled)
    const cleared = await call('PATCH', `/api/admin/leagues/${league.id}`, {
      marketBlockStartTime: '',
      marketBlockEndTime: '',
    });
    expect(cleared.json().league).toMatchObject({ marketBlockStartTime: null, marketBlockEndTime: null });
  });

  it.each([
    [
      "Devi specificare sia l'orario di inizio che quello di fine per il blocco mercato, oppure lasciare entrambi vuoti per disabilitarlo",
      { marketBlockStartTime: '10:00', marketBlockEndTime: '' },
    ],
    ['Fuso orario non valido', { marketBlockTimezone: 'Mars/Base' }],
    [
      'Il testo del regolamento è obbligatorio quando è richiesta l’accettazione',
      { rulesRequired: true, rulesText: '' },
    ],
    ['Rules text contains potentially unsafe content', { rulesText: '<script>alert(1)</script>' }],
    ['Rules text must be less than 10000 characters', { rulesText: 'x'.repeat(10001) }],
    ['Il nome della lega deve essere compreso tra 3 e 100 caratteri', { name: 'ab' }],
    ['Dati non validi', { status: 'Paused' }],
    ['Tipo di lega non valido', { type: 'LCS' }],
  ])('refuses with "%s" and changes nothing', async (message, body) => {
    const league = await newLeague();
    const [before] = await ctx.database.db.select().from(leagues).where(eq(leagues.id, league.id));
    const res = await call('PATCH', `/api/admin/leagues/${league.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [after] = await ctx.database.db.select().from(leagues).where(eq(leagues.id, league.id));
    expect(after).toEqual(before);
    expect((await auditRows(ctx.database.db, league.id)).map((a) => a.action)).toEqual(['CREATE_LEAGUE']);
  });

  it('logs a failed update with severity HIGH after the rollback', async () => {
    const league = await newLeague();
    const db = ctx.database.db;
    await db.execute(sql`create or replace function fail_league_update() returns trigger language plpgsql as $$
      begin raise exception 'aggiornamento bloccato dal test'; end $$`);
    await db.execute(
      sql.raw(`create trigger fail_update before update on leagues for each row
      when (new.name = 'Nome Che Fallisce') execute function fail_league_update()`),
    );
    try {
      const res = await call('PATCH', `/api/admin/leagues/${league.id}`, { name: 'Nome Che Fallisce' });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger fail_update on leagues`);
    }
    const rows = await auditRows(db, league.id);
    expect(rows.map((r) => [r.action, r.severity])).toEqual([
      ['CREATE_LEAGUE', 'MEDIUM'],
      ['UPDATE_LEAGUE_ERROR', 'HIGH'],
    ]);
    expect(JSON.stringify(rows[1]!.newValues)).toContain('aggiornamento bloccato dal test');
  });

  it('opens and closes the market with the spec messages', async () => {
    const league = await newLeague();
    const open = await call('PUT', `/api/admin/leagues/${league.id}/market`, { open: true });
    expect(open.json()).toEqual({ message: 'Mercato aperto con successo', marketOpen: true });
    const close = await call('PUT', `/api/admin/leagues/${league.id}/market`, { open: false });
    expect(close.json()).toEqual({ message: 'Mercato chiuso con successo', marketOpen: false });
    const rows = await auditRows(ctx.database.db, league.id);
    expect(rows.map((r) => r.action)).toEqual(['CREATE_LEAGUE', 'OPEN_MARKET', 'CLOSE_MARKET']);
    expect(rows[1]).toMatchObject({ oldValues: { market_open: false }, newValues: { market_open: true } });
  });

  it('replaces the team list and drops removed teams from the phases', async () => {
    const league = await newLeague();
    const [phase] = await ctx.database.db
      .update(leaguePhases)
      .set({ participatingTeams: ['G2 Esports', 'Fnatic'] })
      .where(eq(leaguePhases.leagueId, league.id))
      .returning();
    const res = await call('PUT', `/api/admin/leagues/${league.id}/teams`, {
      teams: ['G2 Esports', 'Team BDS', ''],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().league.teams).toEqual(['G2 Esports', 'Team BDS']);
    const [after] = await ctx.database.db.select().from(leaguePhases).where(eq(leaguePhases.id, phase!.id));
    expect(after!.participatingTeams).toEqual(['G2 Esports']);
    const bad = await call('PUT', `/api/admin/leagues/${league.id}/teams`, { teams: ['X'] });
    expect(bad.json().message).toBe('Il nome del team deve essere compreso tra 2 e 50 caratteri');
  });
});

describe('league delete', () => {
  it('deletes everything the league owns in one transaction; users and players stay', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 3);
    const leagueId = world.league.id;
    const [week] = await db
      .insert(weeks)
      .values({ leagueId, weekNumber: 1, name: 'Week 1', startDate: '2026-01-01', endDate: '2026-01-07' })
      .returning();
    const [match] = await db
      .insert(matches)
      .values({
        leagueId,
        weekId: week!.id,
        team1: world.teams[0]!,
        team2: world.teams[1]!,
        date: new Date('2026-01-02'),
      })
      .returning();
    await db.insert(playerStats).values({
      matchId: match!.id,
      playerId: world.players[0]!.id,
      gameNumber: 1,
      teamName: world.teams[0]!,
      kills: 3,
    });
    const [phase] = await db.select().from(leaguePhases).where(eq(leaguePhases.leagueId, leagueId)).limit(1);
    await call('POST', `/api/admin/leagues/${leagueId}/phases/${phase!.id}/activate`); // already current: 409
    const other = (await db.select().from(leaguePhases).where(eq(leaguePhases.leagueId, leagueId))).find(
      (p) => !p.isCurrent,
    )!;
    expect(
      (await call('POST', `/api/admin/leagues/${leagueId}/phases/${other.id}/activate`)).statusCode,
    ).toBe(200);

    const res = await call('DELETE', `/api/admin/leagues/${leagueId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Lega eliminata con successo');

    const count = async (table: string) =>
      Number(
        (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from ${sql.identifier(table)} where league_id = ${leagueId}`,
          )
        ).rows[0]!.n,
      );
    for (const table of [
      'rosters',
      'transactions',
      'league_phases',
      'weeks',
      'matches',
      'roster_snapshots',
    ]) {
      expect(await count(table), table).toBe(0);
    }
    expect(await db.select().from(playerStats).where(eq(playerStats.matchId, match!.id))).toEqual([]);
    expect(await db.select().from(leagues).where(eq(leagues.id, leagueId))).toEqual([]);
    const userIds = world.members.map((m) => m.user.id);
    expect((await db.select().from(users).where(sql`${users.id} in ${userIds}`)).length).toBe(3);
    expect((await db.select().from(players).where(eq(players.team, world.teams[0]!))).length).toBe(5);
    const audit = await auditRows(db, leagueId);
    expect(audit.filter((a) => a.action.startsWith('DELETE')).map((a) => [a.action, a.severity])).toEqual([
      ['DELETE_LEAGUE_ATTEMPT', 'HIGH'],
      ['DELETE_LEAGUE', 'HIGH'],
    ]);
    expect(audit.at(-1)!.oldValues).toMatchObject({
      name: world.league.name,
      owned: { rosters: 3, weeks: 1, matches: 1 },
    });
    expect((await call('DELETE', `/api/admin/leagues/${leagueId}`)).json().message).toBe('Lega Non Trovata');
  });

  it('keeps a CRITICAL audit row when the delete fails, and the league is intact', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 1);
    await db.execute(sql`create or replace function fail_league_delete() returns trigger language plpgsql as $$
      begin raise exception 'eliminazione bloccata dal test'; end $$`);
    await db.execute(
      sql.raw(
        `create trigger fail_delete before delete on leagues for each row execute function fail_league_delete()`,
      ),
    );
    try {
      const res = await call('DELETE', `/api/admin/leagues/${world.league.id}`);
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger fail_delete on leagues`);
    }
    expect(await db.select().from(leagues).where(eq(leagues.id, world.league.id))).toHaveLength(1);
    expect(await db.select().from(rosters).where(eq(rosters.leagueId, world.league.id))).toHaveLength(1);
    const audit = await auditRows(db, world.league.id);
    expect(audit.map((a) => [a.action, a.severity])).toEqual([['DELETE_LEAGUE_ERROR', 'CRITICAL']]);
    expect(JSON.stringify(audit[0]!.newValues)).toContain('eliminazione bloccata dal test');
  });
});

describe('coin distribution', () => {
  it('credits every roster with ledger rows, returns the totals and the message, audits it', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 4);
    const bystander = await leagueWithRosters(db, 1);
    const res = await call('POST', `/api/admin/leagues/${world.league.id}/distribute-coins`, {
      pandaCoin: 3,
      burroCoin: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Distribuiti 3 Panda Coin e 2 Burro Coin a 4 partecipanti',
      updatedRostersCount: 4,
      totalPandaDistributed: 12,
      totalBurroDistributed: 8,
    });
    const rs = await db.select().from(rosters).where(eq(rosters.leagueId, world.league.id));
    expect(rs.every((r) => r.pandaCoin === 18 && r.burroCoin === 10)).toBe(true);
    const ledger = await db
      .select()
      .from(transactions)
      .where(
        sql`${transactions.leagueId} = ${world.league.id} and ${transactions.type} = 'AdminDistribution'`,
      );
    expect(ledger).toHaveLength(8);
    expect(ledger.every((t) => t.adminUserId === admin.userId)).toBe(true);
    const [untouched] = await db.select().from(rosters).where(eq(rosters.leagueId, bystander.league.id));
    expect(untouched).toMatchObject({ pandaCoin: 15, burroCoin: 8 });
    expect(await ledgerViolations(db)).toEqual([]);

    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(
        sql`${adminAuditLog.action} = 'DISTRIBUTE_COINS' and ${adminAuditLog.recordId} = ${world.league.id}`,
      );
    expect(audit!.newValues).toMatchObject({ panda_amount: 3, burro_amount: 2, participants_count: 4 });

    // only the currency with an amount gets ledger rows
    const burroOnly = await call('POST', `/api/admin/leagues/${world.league.id}/distribute-coins`, {
      pandaCoin: 0,
      burroCoin: 1,
    });
    expect(burroOnly.json().totalPandaDistributed).toBe(0);
    const after = await db
      .select()
      .from(transactions)
      .where(
        sql`${transactions.leagueId} = ${world.league.id} and ${transactions.type} = 'AdminDistribution'`,
      );
    expect(after).toHaveLength(12);
  });

  it.each([
    [{ pandaCoin: 0, burroCoin: 0 }, 'Inserisci almeno un importo maggiore di 0'],
    [{ pandaCoin: -1, burroCoin: 5 }, 'Gli importi devono essere numeri interi non negativi'],
    [{ pandaCoin: 1.5, burroCoin: 0 }, 'Gli importi devono essere numeri interi non negativi'],
  ])('refuses %j', async (body, message) => {
    const world = await leagueWithRosters(ctx.database.db, 1);
    const res = await call('POST', `/api/admin/leagues/${world.league.id}/distribute-coins`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [r] = await ctx.database.db.select().from(rosters).where(eq(rosters.leagueId, world.league.id));
    expect(r).toMatchObject({ pandaCoin: 15, burroCoin: 8 });
  });

  it('refuses an unknown league', async () => {
    const res = await call('POST', `/api/admin/leagues/${crypto.randomUUID()}/distribute-coins`, {
      pandaCoin: 1,
      burroCoin: 0,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Errore: Lega o utente non validi');
  });

  it('is one statement per currency, not per roster (500 rosters)', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 0);
    await db.execute(sql`
      with u as (
        insert into users (email, username, password_hash)
        select 'bulk' || g || '-' || ${world.league.id} || '@example.com', 'b' || substr(md5(random()::text), 1, 12) || g, 'x'
          from generate_series(1, 500) g returning id, username)
      insert into rosters (user_id, league_id, username, panda_coin, burro_coin)
      select id, ${world.league.id}, username, 0, 0 from u`);
    const res = await call('POST', `/api/admin/leagues/${world.league.id}/distribute-coins`, {
      pandaCoin: 1,
      burroCoin: 1,
    });
    expect(res.json().updatedRostersCount).toBe(500);
    expect(res.json().totalBurroDistributed).toBe(500);
  });
});
