import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leaguePhases } from './db/schema.ts';
import { createSession } from './modules/auth/index.ts';
import { createUser } from './seed/factories.ts';
import { leagueWithRosters } from './test/admin-fixtures.ts';
import { userAgent } from './test/fixtures.ts';
import {
  badRequests,
  type KnownValues,
  type OpenApi,
  type Operation,
  operationsOf,
  type RequestCase,
  unboundedParts,
  urlOf,
  useComponents,
} from './test/openapi-fuzz.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

/**
 * Issue 11 item 8: no input gives a 5xx. Every operation of /api/openapi.json, as visitor, participant
 * and admin, gets generated bad requests (one part of a valid request spoiled: wrong types, control
 * characters, huge strings and arrays, numbers past int4, bad dates and uuids, extra fields, no body).
 * `npm test` runs a small fixed-seed budget; CI=true or FUZZ_BUDGET=full runs a larger one with a fresh seed.
 */
const full = process.env.CI === 'true' || process.env.FUZZ_BUDGET === 'full';
const seed = Number(process.env.FUZZ_SEED ?? (full ? Date.now() % 2 ** 31 : 11));
const RUNS = full ? { visitor: 4, participant: 15, admin: 60 } : { visitor: 1, participant: 2, admin: 8 };
// the fuller run is also capped in time (spread evenly over the operations), so CI stays within minutes
const SECONDS = Number(process.env.FUZZ_SECONDS ?? (full ? 75 : 35));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A league with teams, players, champions, a roster, a week, a match and phases; their ids by parameter name. */
async function seedWorld(admin: Awaited<ReturnType<typeof userAgent>>): Promise<KnownValues> {
  const db = ctx.database.db;
  const world = await leagueWithRosters(db, 1);
  const roster = world.members[0]!.roster;
  const week = await admin.request({
    method: 'POST',
    url: '/api/admin/weeks',
    payload: {
      leagueId: world.league.id,
      weekNumber: 1,
      name: 'Settimana 1',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    },
  });
  expect(week.statusCode, week.body).toBe(201);
  const weekId = week.json().week.id as string;
  const match = await admin.request({
    method: 'POST',
    url: `/api/admin/weeks/${weekId}/matches`,
    payload: {
      team1: world.teams[0],
      team2: world.teams[1],
      date: '2026-03-01T18:00:00Z',
      matchDay: 1,
      matchFormat: 3,
    },
  });
  expect(match.statusCode, match.body).toBe(201);
  const [phase] = await db.select().from(leaguePhases).where(eq(leaguePhases.leagueId, world.league.id));
  return {
    leagueId: world.league.id,
    rosterId: roster.id,
    playerId: world.players[0]!.id,
    championId: world.champions[0]!.id,
    weekId,
    matchId: match.json().match.id,
    phaseId: phase?.id ?? '',
    teamName: world.teams[0]!,
    team: world.teams[0]!,
    team1: world.teams[0]!,
    team2: world.teams[1]!,
    winner: world.teams[0]!,
    teamsToAdd: world.teams[2]!,
    userId: world.members[0]!.user.id,
  };
}

// Reading first, deleting last, so that the seeded records live as long as possible.
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

it('answers every generated bad request of every OpenAPI operation with less than 500', {
  timeout: full ? 600_000 : 120_000,
}, async () => {
  const db = ctx.database.db;
  const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
  useComponents(spec);
  // An event stream never ends, so a valid request to it would hold the test forever; its bad inputs
  // are covered by modules/live/live.test.ts.
  const operations = operationsOf(spec)
    .filter((op) => !op.path.endsWith('/events'))
    .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
  expect(operations.length).toBeGreaterThan(50);

  const admin = await userAgent(ctx.app, db, { isAdmin: true });
  const participant = await createUser(db, {
    email: 'fuzz.participant@example.com',
    username: 'fuzz_participant',
  });
  let known = await seedWorld(admin);

  const failures: string[] = [];
  let sent = 0;
  const send = async (op: Operation, c: RequestCase, cookie: string | undefined, role: string) => {
    const headers: Record<string, string> = { ...c.headers };
    if (cookie) headers.cookie = cookie;
    let payload: string | undefined;
    if (c.body.kind === 'json') {
      payload = JSON.stringify(c.body.value);
      headers['content-type'] = 'application/json';
    } else if (c.body.kind === 'raw') {
      payload = c.body.text;
      headers['content-type'] = c.body.type;
    }
    const res = await ctx.app.inject({
      method: op.method as 'GET',
      url: urlOf(op, c),
      headers,
      payload,
      remoteAddress: '10.9.9.9',
    });
    sent++;
    // INVALID_VALUE: the database refused a value (errors plugin safety net), so a route schema let it through
    if (res.statusCode >= 500 || res.body.includes('"code":"INVALID_VALUE"')) {
      failures.push(
        `${role} ${op.method} ${op.path} [${c.label}] → ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
    }
  };

  let skipped = 0;
  const perOperationMs = (SECONDS * 1000) / operations.length;
  for (const [i, op] of operations.entries()) {
    const deadline = Date.now() + perOperationMs;
    // a delete may have removed the records: give the destructive operations a fresh world
    if (op.method === 'DELETE') {
      admin.cookie = `fr_session=${(await createSession(db, admin.userId, { ip: '127.0.0.1' })).token}`;
      known = await seedWorld(admin);
    }
    const sessions = {
      visitor: undefined,
      participant: `fr_session=${(await createSession(db, participant.id, { ip: '127.0.0.1' })).token}`,
      admin: `fr_session=${(await createSession(db, admin.userId, { ip: '127.0.0.1' })).token}`,
    };
    for (const role of ['visitor', 'participant', 'admin'] as const) {
      const cases = fc.sample(badRequests(op, known), {
        numRuns: RUNS[role],
        seed: seed + i * 7 + role.length,
      });
      for (const c of cases) {
        if (Date.now() > deadline) skipped++;
        else await send(op, c, sessions[role], role);
      }
    }
  }
  if (full) console.info(`api fuzz: seed ${seed}, ${sent} requests, ${skipped} left out by the time cap`);
  expect(failures, `seed ${seed}, ${sent} requests; rerun with FUZZ_SEED=${seed}`).toEqual([]);
});

it('declares a bound for every input: strings a maximum length, numbers a range, arrays a maximum size', async () => {
  const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
  useComponents(spec);
  const unbounded: string[] = [];
  for (const op of operationsOf(spec)) {
    const where = `${op.method} ${op.path}`;
    for (const p of op.parameters) {
      if (p.in === 'path' || p.in === 'query')
        unbounded.push(...unboundedParts(p.schema ?? {}, `${where} ${p.in}.${p.name}`));
    }
    if (op.body) unbounded.push(...unboundedParts(op.body, `${where} body`));
  }
  expect(unbounded).toEqual([]);
});
