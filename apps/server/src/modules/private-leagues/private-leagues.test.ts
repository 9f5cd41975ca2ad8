import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, PRIVATE_LEAGUE_LIMITS } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { privateLeagueMembers, privateLeagues, rosters, weeks } from '../../db/schema.ts';
import { createLeague } from '../../seed/factories.ts';
import { auditRows } from '../../test/admin-fixtures.ts';
import { userAgent } from '../../test/fixtures.ts';
import { agent } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { updateRoster } from '../admin/rosters/update-roster.ts';

const MAX_MEMBERS = 5; // lowered by configuration for the limit's edge; production keeps 10,000

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PRIVATE_LEAGUE_MAX_MEMBERS: String(MAX_MEMBERS) });
});
afterAll(() => ctx.close());

type User = Awaited<ReturnType<typeof userAgent>>;

let n = 0;
async function participant(leagueId?: string, ip?: string): Promise<User> {
  let u = await userAgent(ctx.app, ctx.database.db, { username: `pl_${++n}_${Date.now() % 100000}` });
  if (ip) {
    const other = agent(ctx.app, ip);
    other.cookie = u.cookie;
    u = Object.assign(other, { userId: u.userId, username: u.username });
  }
  if (leagueId) {
    const joined = await u.request({ method: 'POST', url: `/api/leagues/${leagueId}/join` });
    expect(joined.statusCode, joined.body).toBe(201);
  }
  return u;
}

const call = (u: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  u.request({ method, url, payload: payload as Record<string, unknown> | undefined });

async function create(u: User, leagueId: string, name = 'Amici del bar') {
  const res = await call(u, 'POST', `/api/leagues/${leagueId}/private-leagues`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().privateLeague as { id: string; inviteCode: string; name: string; memberCount: number };
}

async function join(u: User, code: string) {
  return call(u, 'POST', `/api/private-leagues/invite/${code}/join`);
}

describe('private leagues: create, invite, join', () => {
  it('creates one with a clean name and an unguessable code; only the owner sees the code', async () => {
    const league = await createLeague(ctx.database.db, { name: 'Ufficiale A', type: 'LEC' });
    const owner = await participant(league.id);
    // a NUL is refused before any route sees it (issue 11, item 8); invisible marks are cleaned
    const nul = await call(owner, 'POST', `/api/leagues/${league.id}/private-leagues`, {
      name: 'Amici\u0000 del bar',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('Il testo contiene caratteri non ammessi');
    const pl = await create(owner, league.id, '  Amici del\u202e   bar  ');
    expect(pl.name).toBe('Amici del bar');
    expect(pl.memberCount).toBe(1);
    expect(pl.inviteCode).toHaveLength(INVITE_CODE_LENGTH);
    expect([...pl.inviteCode].every((c) => INVITE_CODE_ALPHABET.includes(c))).toBe(true);
    expect(INVITE_CODE_ALPHABET).not.toMatch(/[0O1lI]/);
    expect(Math.log2(INVITE_CODE_ALPHABET.length) * INVITE_CODE_LENGTH).toBeGreaterThanOrEqual(40);
    // codes differ
    const other = await create(owner, league.id, 'Secondo gruppo');
    expect(other.inviteCode).not.toBe(pl.inviteCode);

    const friend = await participant(league.id);
    const joined = await join(friend, pl.inviteCode.toLowerCase());
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().privateLeague).toMatchObject({
      id: pl.id,
      isOwner: false,
      inviteCode: null,
      memberCount: 2,
    });

    const mine = await call(owner, 'GET', '/api/private-leagues');
    expect(mine.json().privateLeagues).toHaveLength(2);
    expect(mine.json().privateLeagues[0]).toMatchObject({
      id: pl.id,
      isOwner: true,
      inviteCode: pl.inviteCode,
    });
    const theirs = await call(friend, 'GET', '/api/private-leagues');
    expect(theirs.json().privateLeagues).toEqual([
      expect.objectContaining({
        id: pl.id,
        isOwner: false,
        inviteCode: null,
        memberCount: 2,
        leagueId: league.id,
      }),
    ]);
  });

  it('rejects bad names with Italian messages and changes nothing', async () => {
    const league = await createLeague(ctx.database.db, { name: 'Ufficiale B', type: 'LEC' });
    const owner = await participant(league.id);
    for (const [name, message] of [
      ['ab', 'Il nome deve avere almeno 3 caratteri'],
      ['  a\u0007\u200b  ', 'Il nome deve avere almeno 3 caratteri'],
      ['x'.repeat(51), 'Il nome può avere al massimo 50 caratteri'],
      ['<b>Bar</b>', 'Il nome non può contenere i caratteri < e >'],
    ] as const) {
      const res = await call(owner, 'POST', `/api/leagues/${league.id}/private-leagues`, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const pl = await create(owner, league.id);
    const rename = await call(owner, 'PATCH', `/api/private-leagues/${pl.id}`, { name: '<script>' });
    expect(rename.statusCode).toBe(400);
    const count = await ctx.database.db
      .select()
      .from(privateLeagues)
      .where(eq(privateLeagues.leagueId, league.id));
    expect(count.map((p) => p.name)).toEqual(['Amici del bar']);
  });

  it('needs a roster in the official league to create or join; joins after joining the league', async () => {
    const league = await createLeague(ctx.database.db, {
      name: 'Ufficiale C',
      type: 'LEC',
      rulesRequired: true,
      rulesText: 'Regole',
    });
    const owner = await participant();
    await call(owner, 'POST', `/api/leagues/${league.id}/join`, { acceptRules: true });
    const outsider = await participant();
    const noRoster = await call(outsider, 'POST', `/api/leagues/${league.id}/private-leagues`, {
      name: 'Senza roster',
    });
    expect(noRoster.statusCode).toBe(409);
    expect(noRoster.json().message).toBe(
      'Per creare una lega privata devi prima iscriverti alla lega ufficiale',
    );
    const missing = await call(
      owner,
      'POST',
      `/api/leagues/00000000-0000-4000-8000-000000000000/private-leagues`,
      {
        name: 'Nessuna lega',
      },
    );
    expect(missing.statusCode).toBe(404);

    const pl = await create(owner, league.id);
    const preview = await call(outsider, 'GET', `/api/private-leagues/invite/${pl.inviteCode}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().privateLeague).toMatchObject({
      name: 'Amici del bar',
      leagueName: 'Ufficiale C',
      ownerUsername: owner.username,
      isMember: false,
      hasRoster: false,
      rulesRequired: true,
    });
    const first = await join(outsider, pl.inviteCode);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({
      code: 'NO_ROSTER',
      message: 'Per entrare in questa lega privata devi prima iscriverti alla lega ufficiale',
    });
    await call(outsider, 'POST', `/api/leagues/${league.id}/join`, { acceptRules: true });
    expect((await join(outsider, pl.inviteCode)).statusCode).toBe(200);
    const again = await join(outsider, pl.inviteCode);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Fai già parte di questa lega privata');
    expect(
      (await call(outsider, 'GET', `/api/private-leagues/invite/${pl.inviteCode}`)).json().privateLeague,
    ).toMatchObject({
      isMember: true,
      hasRoster: true,
    });
  });

  it('wrong and regenerated codes say so in Italian; the new code works', async () => {
    const league = await createLeague(ctx.database.db, { name: 'Ufficiale D', type: 'LEC' });
    const owner = await participant(league.id);
    const friend = await participant(league.id);
    const pl = await create(owner, league.id);
    const wrong = await call(friend, 'GET', '/api/private-leagues/invite/ZZZZZZZZZZ');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(
      'Codice invito non valido o scaduto: chiedi un nuovo link a chi ti ha invitato',
    );
    expect((await call(friend, 'GET', '/api/private-leagues/invite/<script>')).statusCode).toBe(404);
    const regen = await call(owner, 'POST', `/api/private-leagues/${pl.id}/invite-code`);
    expect(regen.statusCode).toBe(200);
    const { inviteCode } = regen.json();
    expect(inviteCode).not.toBe(pl.inviteCode);
    const old = await join(friend, pl.inviteCode);
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('INVITE_INVALID');
    expect((await call(friend, 'GET', `/api/private-leagues/invite/${pl.inviteCode}`)).statusCode).toBe(404);
    expect((await join(friend, inviteCode)).statusCode).toBe(200);
  });
});

describe('private leagues: permissions', () => {
  it('a non-member gets 404 everywhere; a member who is not the owner gets 403 for owner actions', async () => {
    const league = await createLeague(ctx.database.db, { name: 'Ufficiale E', type: 'LEC' });
    const owner = await participant(league.id);
    const member = await participant(league.id);
    const stranger = await participant(league.id);
    const pl = await create(owner, league.id);
    await join(member, pl.inviteCode);
    const base = `/api/private-leagues/${pl.id}`;
    const ownerOnly = [
      ['PATCH', base, { name: 'Nuovo nome' }],
      ['POST', `${base}/invite-code`],
      ['DELETE', `${base}/members/${member.userId}`],
      ['DELETE', base],
    ] as const;
    for (const [method, url, body] of [
      ['GET', base],
      ['GET', `${base}/leaderboard`],
      ['GET', `${base}/members`],
      ['POST', `${base}/leave`],
      ...ownerOnly,
    ] as const) {
      const res = await call(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Lega privata non trovata');
      expect(res.body).not.toContain('Amici');
    }
    for (const [method, url, body] of ownerOnly) {
      expect((await call(member, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const anonymous = agent(ctx.app);
    expect((await anonymous.request({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await anonymous.request({ method: 'GET', url: '/api/private-leagues' })).statusCode).toBe(401);

    // nothing changed
    const [row] = await ctx.database.db.select().from(privateLeagues).where(eq(privateLeagues.id, pl.id));
    expect(row).toMatchObject({ name: 'Amici del bar', inviteCode: pl.inviteCode, memberCount: 2 });

    // the owner cannot leave nor be removed; the member leaves; the owner removes, renames, deletes
    const ownerLeaves = await call(owner, 'POST', `${base}/leave`);
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json().message).toBe(
      'Sei il proprietario: elimina la lega privata invece di abbandonarla',
    );
    expect((await call(owner, 'DELETE', `${base}/members/${owner.userId}`)).statusCode).toBe(409);
    expect((await call(owner, 'DELETE', `${base}/members/${stranger.userId}`)).statusCode).toBe(404);
    expect((await call(member, 'POST', `${base}/leave`)).statusCode).toBe(200);
    expect((await call(member, 'GET', base)).statusCode).toBe(404);
    await join(member, pl.inviteCode);
    expect((await call(owner, 'DELETE', `${base}/members/${member.userId}`)).statusCode).toBe(200);
    expect((await call(member, 'GET', `${base}/leaderboard`)).statusCode).toBe(404);
    const renamed = await call(owner, 'PATCH', base, { name: 'Nuovo nome' });
    expect(renamed.json().privateLeague).toMatchObject({ name: 'Nuovo nome', memberCount: 1 });
    expect((await call(owner, 'DELETE', base)).statusCode).toBe(200);
    expect((await call(owner, 'GET', base)).statusCode).toBe(404);
    expect((await join(member, pl.inviteCode)).statusCode).toBe(404);
  });
});

describe('private leagues: limits', () => {
  it('production allows 10,000 members; tests lower it by configuration', () => {
    expect(loadConfig({}).privateLeagueMaxMembers).toBe(10_000);
    expect(PRIVATE_LEAGUE_LIMITS.maxMembers).toBe(10_000);
    expect(() => loadConfig({ PRIVATE_LEAGUE_MAX_MEMBERS: '10001' })).toThrow();
  });

  it('a user owns at most 10', async () => {
    const league = await createLeague(ctx.database.db, { name: 'Ufficiale F', type: 'LEC' });
    const owner = await participant(league.id);
    for (let i = 0; i < PRIVATE_LEAGUE_LIMITS.maxOwned; i++) await create(owner, league.id, `Gruppo ${i}`);
    const eleventh = await call(owner, 'POST', `/api/leagues/${league.id}/private-leagues`, {
      name: 'Gruppo 11',
    });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe('Puoi creare al massimo 10 leghe private');
  });

  it('a user is in at most 50', async () => {
    const league = await createLeague(ctx.database.db, { name: 'Ufficiale G', type: 'LEC' });
    const joiner = await participant(league.id);
    const codes: string[] = [];
    for (let o = 0; o < 6; o++) {
      const owner = await participant(league.id);
      for (let i = 0; i < 9; i++) codes.push((await create(owner, league.id, `Gruppo ${o}-${i}`)).inviteCode);
    }
    for (const code of codes.slice(0, PRIVATE_LEAGUE_LIMITS.maxJoined)) {
      expect((await join(joiner, code)).statusCode).toBe(200);
    }
    const full = await join(joiner, codes[PRIVATE_LEAGUE_LIMITS.maxJoined]!);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Puoi far parte di al massimo 50 leghe private');
    const own = await call(joiner, 'POST', `/api/leagues/${league.id}/private-leagues`, { name: 'Il mio' });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('Puoi far parte di al massimo 50 leghe private');
  });

  it('a private league has at most the member limit', async () => {
    const league = await createLeague(ctx.database.db, { name: 'Ufficiale H', type: 'LEC' });
    const owner = await participant(league.id);
    const pl = await create(owner, league.id);
    for (let i = 1; i < MAX_MEMBERS; i++)
      expect((await join(await participant(league.id), pl.inviteCode)).statusCode).toBe(200);
    const late = await join(await participant(league.id), pl.inviteCode);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Questa lega privata è al completo');
  });

  it('wrong codes are rate limited per user and per IP', async () => {
    const league = await createLeague(ctx.database.db, { name: 'Ufficiale I', type: 'LEC' });
    const owner = await participant(league.id);
    const pl = await create(owner, league.id);
    const guesser = await participant(league.id, '10.9.0.1');
    for (let i = 0; i < 20; i++) expect((await join(guesser, `WRONG${i}`)).statusCode).toBe(404);
    const blocked = await join(guesser, pl.inviteCode);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Troppi tentativi con i codici invito. Riprova tra qualche minuto.');
    expect((await call(guesser, 'GET', `/api/private-leagues/invite/${pl.inviteCode}`)).statusCode).toBe(429);

    // per IP: other users behind one address share its budget
    for (let u = 0; u < 2; u++) {
      const g = await participant(league.id, '10.9.0.2');
      for (let i = 0; i < 20; i++) await join(g, `WRONG${i}`);
    }
    const g3 = await participant(league.id, '10.9.0.2');
    for (let i = 0; i < 19; i++) expect((await join(g3, `WRONG${i}`)).statusCode).toBe(404);
    expect((await join(g3, 'WRONGX')).statusCode).toBe(404); // the 60th failure
    const fresh = await participant(league.id, '10.9.0.2');
    expect((await join(fresh, pl.inviteCode)).statusCode).toBe(429);
    const elsewhere = await participant(league.id, '10.9.0.3');
    expect((await join(elsewhere, pl.inviteCode)).statusCode).toBe(200);
  });
});

interface Entry {
  rosterId: string;
  username: string;
  position: number;
  totalPoints: number;
  weekPoints: number | null;
  isMe: boolean;
}

describe('private leagues: ranking', () => {
  it('is the official order restricted to the members, with positions 1..n among them', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'Ufficiale R', type: 'LEC' });
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const actor = { adminUserId: admin.userId, userAgent: 'test' };
    const everyone: User[] = [];
    for (let i = 0; i < 9; i++) everyone.push(await participant(league.id));
    const totals = [50, 40, 40, 30, 30, 30, 20, 10, 40];
    for (const [i, u] of everyone.entries()) {
      const [r] = await db.select().from(rosters).where(eq(rosters.userId, u.userId));
      await updateRoster(db, actor, r!.id, { totalPoints: totals[i]! });
    }
    const owner = everyone[4]!;
    const pl = await create(owner, league.id);
    const members = [everyone[1]!, everyone[2]!, everyone[5]!, everyone[7]!, owner];
    for (const m of members) if (m !== owner) expect((await join(m, pl.inviteCode)).statusCode).toBe(200);
    const memberIds = new Set(members.map((m) => m.userId));

    const official = await call(owner, 'GET', `/api/leagues/${league.id}/leaderboard?limit=200`);
    const officialEntries = official.json().entries as (Entry & { userId: string })[];
    const restricted = officialEntries.filter((e) => memberIds.has(e.userId));
    const expected = restricted.map((e) => ({
      rosterId: e.rosterId,
      totalPoints: e.totalPoints,
      position: 1 + restricted.filter((o) => o.totalPoints > e.totalPoints).length,
      username: e.username,
      isMe: e.isMe,
    }));

    // walked in pages of 2
    const seen: Entry[] = [];
    let cursor: string | null = null;
    let me: Entry | null = null;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await call(owner, 'GET', `/api/private-leagues/${pl.id}/leaderboard?limit=2${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.participantCount).toBe(5);
      if (!cursor) me = body.me;
      else expect(body.me).toBeNull();
      seen.push(...body.entries);
      cursor = body.nextCursor;
    } while (cursor);
    expect(
      seen.map(({ rosterId, totalPoints, position, username, isMe }) => ({
        rosterId,
        totalPoints,
        position,
        username,
        isMe,
      })),
    ).toEqual(
      expected.map(({ rosterId, totalPoints, position, username, isMe }) => ({
        rosterId,
        totalPoints,
        position,
        username,
        isMe,
      })),
    );
    expect(seen.map((e) => e.position)).toEqual([1, 1, 3, 3, 5]);
    expect(me).toMatchObject({
      userId: owner.userId,
      position: 3,
      totalPoints: 30,
      isMe: true,
      weekPoints: null,
    });

    // after a change of points the ranking follows (no stale cache)
    const [r7] = await db.select().from(rosters).where(eq(rosters.userId, everyone[7]!.userId));
    await updateRoster(db, actor, r7!.id, { totalPoints: 100 });
    const after = (await call(everyone[7]!, 'GET', `/api/private-leagues/${pl.id}/leaderboard`)).json();
    expect(after.me).toMatchObject({ position: 1, totalPoints: 100 });
    expect(after.entries.map((e: Entry) => e.position)).toEqual([1, 2, 2, 4, 4]);
    // and after a member leaves
    await call(everyone[1]!, 'POST', `/api/private-leagues/${pl.id}/leave`);
    const fewer = (await call(owner, 'GET', `/api/private-leagues/${pl.id}/leaderboard`)).json();
    expect(fewer.participantCount).toBe(4);
    expect(fewer.entries.map((e: Entry) => e.position)).toEqual([1, 2, 3, 3]);

    // the week's points: the newest started week of the official league
    const [week] = await db
      .insert(weeks)
      .values({
        leagueId: league.id,
        weekNumber: 1,
        name: 'Settimana 1',
        startDate: '2026-01-05',
        endDate: '2026-01-12',
      })
      .returning();
    await db.execute(sql`
      insert into roster_week_points (week_id, roster_id, points) values (${week!.id}, ${r7!.id}, 12.5)`);
    const weekly = (await call(everyone[7]!, 'GET', `/api/private-leagues/${pl.id}/leaderboard`)).json();
    expect(weekly.week).toEqual({ name: 'Settimana 1', weekNumber: 1 });
    expect(weekly.me).toMatchObject({ weekPoints: 12.5 });
    expect(weekly.entries.map((e: Entry) => e.weekPoints)).toEqual([12.5, 0, 0, 0]);
  });
});

describe('private leagues: official league and admin', () => {
  it("a roster leaving the official league leaves its private leagues; the owner's takes the league with it", async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'Ufficiale L', type: 'LEC' });
    const owner = await participant(league.id);
    const member = await participant(league.id);
    const pl = await create(owner, league.id);
    await join(member, pl.inviteCode);
    await db.delete(rosters).where(eq(rosters.userId, member.userId));
    const [row] = await db.select().from(privateLeagues).where(eq(privateLeagues.id, pl.id));
    expect(row).toMatchObject({ memberCount: 1 });
    await db.delete(rosters).where(eq(rosters.userId, owner.userId));
    expect(await db.select().from(privateLeagues).where(eq(privateLeagues.id, pl.id))).toHaveLength(0);
  });

  it('admins list private leagues per official league and delete one (audited); deleting the league deletes them', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'Ufficiale M', type: 'LEC' });
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const owner = await participant(league.id);
    const member = await participant(league.id);
    const abusive = await create(owner, league.id, 'Nome offensivo');
    const kept = await create(owner, league.id, 'Nome buono');
    await join(member, kept.inviteCode);

    expect((await call(member, 'GET', `/api/admin/leagues/${league.id}/private-leagues`)).statusCode).toBe(
      403,
    );
    expect((await call(member, 'DELETE', `/api/admin/private-leagues/${abusive.id}`)).statusCode).toBe(403);
    const list = await call(admin, 'GET', `/api/admin/leagues/${league.id}/private-leagues`);
    expect(list.statusCode).toBe(200);
    expect(list.json().privateLeagues).toEqual([
      expect.objectContaining({
        id: abusive.id,
        name: 'Nome offensivo',
        ownerUsername: owner.username,
        memberCount: 1,
      }),
      expect.objectContaining({ id: kept.id, name: 'Nome buono', memberCount: 2 }),
    ]);
    const del = await call(admin, 'DELETE', `/api/admin/private-leagues/${abusive.id}`);
    expect(del.statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/admin/private-leagues/${abusive.id}`)).statusCode).toBe(404);
    const audit = await auditRows(db, abusive.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'DELETE_PRIVATE_LEAGUE',
        adminUserId: admin.userId,
        oldValues: expect.objectContaining({ name: 'Nome offensivo' }),
      }),
    ]);
    expect((await call(owner, 'GET', `/api/private-leagues/${abusive.id}`)).statusCode).toBe(404);

    expect((await call(admin, 'DELETE', `/api/admin/leagues/${league.id}`)).statusCode).toBe(200);
    expect(await db.select().from(privateLeagues).where(eq(privateLeagues.leagueId, league.id))).toHaveLength(
      0,
    );
    expect(
      await db.select().from(privateLeagueMembers).where(eq(privateLeagueMembers.privateLeagueId, kept.id)),
    ).toHaveLength(0);
  });
});

describe.runIf(process.env.DATABASE_URL)('private leagues: concurrency (PostgreSQL)', () => {
  it('200 concurrent joins of one code never pass the member limit', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'Ufficiale Z', type: 'LEC' });
    const owner = await participant(league.id);
    const pl = await create(owner, league.id);
    const joiners: User[] = [];
    for (let i = 0; i < 200; i++) joiners.push(await participant(league.id, `10.8.${i >> 8}.${i & 255}`));
    const results = await Promise.all(joiners.map((u) => join(u, pl.inviteCode)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(MAX_MEMBERS - 1);
    expect(codes.filter((c) => c === 409)).toHaveLength(200 - (MAX_MEMBERS - 1));
    const [row] = await db.select().from(privateLeagues).where(eq(privateLeagues.id, pl.id));
    expect(row!.memberCount).toBe(MAX_MEMBERS);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from private_league_members where private_league_id = ${pl.id}`,
    );
    expect(Number(rows[0]!.n)).toBe(MAX_MEMBERS);
  }, 120_000);
});
