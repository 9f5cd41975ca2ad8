import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createMatch, thisAndNextWeek } from './admin-fixtures.ts';
import { marketWorld, userAgent } from './fixtures.ts';
import { DAY, HOUR, ROLES } from './league-world.ts';
import type { TestContext } from './test-app.ts';

/**
 * The Lega Fanta tests' users and requests (the auction's and the season's), and the season's world: a Lega
 * Fanta of two managers past its auction on an official league with two weeks of matches.
 */

export type FantaUser = Awaited<ReturnType<typeof userAgent>>;
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

export { DAY, day, HOUR, ROLES } from './league-world.ts';

export interface FantaAgents {
  /** a new confirmed user with a session, named `${prefix}_…` */
  user: () => Promise<FantaUser>;
  call: (u: FantaUser, method: Method, url: string, payload?: unknown) => ReturnType<FantaUser['request']>;
  /** a request that must answer `status` (200 unless told): its JSON body */
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the answer's own shape
  ok: (u: FantaUser, method: Method, url: string, payload?: unknown, status?: number) => Promise<any>;
}

/** Users and requests bound to a test app (read when called: the app starts in `beforeAll`). */
export function fantaAgents(getCtx: () => TestContext, prefix: string): FantaAgents {
  let n = 0;
  const user = () =>
    userAgent(getCtx().app, getCtx().database.db, { username: `${prefix}_${++n}_${Date.now() % 100000}` });
  const call: FantaAgents['call'] = (u, method, url, payload) =>
    u.request({ method, url, payload: payload as Record<string, unknown> | undefined });
  const ok: FantaAgents['ok'] = async (u, method, url, payload, status = 200) => {
    const res = await call(u, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  return { user, call, ok };
}

/**
 * An official league of 5 teams (T0..T4, one player a role each) and a Lega Fanta of two managers whose squads
 * are two whole teams: the owner T0 (3 credits each) and T1 (1 each), the other T2 (2 each) and T3 (1 each), so
 * each one's default line-up is his dearer team. The auction ended yesterday. Week 1: T1–T2 tomorrow and T3–T4
 * the day after (T0 does not play); week 2 a week later. `settings` go into the creation (format, captain…).
 */
export async function fantaSeason(
  getCtx: () => TestContext,
  { user, ok }: FantaAgents,
  settings: Record<string, unknown> = {},
) {
  const ctx = getCtx();
  const db = ctx.database.db;
  const world = await marketWorld(db, {}, 5);
  const T = world.teams;
  const p = (team: number, role: (typeof ROLES)[number]) =>
    world.players.find((x) => x.team === T[team] && x.role === role)!;
  const team = (t: number) => ROLES.map((r) => p(t, r));
  const admin = await userAgent(ctx.app, db, { isAdmin: true });
  const owner = await user();
  const other = await user();
  const created = await ok(
    owner,
    'POST',
    `/api/leagues/${world.league.id}/fanta-leagues`,
    { name: 'Stagione del bar', budget: 20, ...settings },
    201,
  );
  const id = created.fantaLeague.id as string;
  await ok(other, 'POST', `/api/fanta-leagues/invite/${created.fantaLeague.inviteCode}/join`);
  await ok(owner, 'PATCH', `/api/fanta-leagues/${id}`, { order: [owner.userId, other.userId] });
  await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/start`);
  const buys: [FantaUser, number, number][] = [
    [owner, 0, 3],
    [owner, 1, 1],
    [other, 2, 2],
    [other, 3, 1],
  ];
  for (const [who, t, price] of buys)
    for (const pl of team(t))
      await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/assign`, {
        playerId: pl.id,
        userId: who.userId,
        price,
      });
  // every squad full: the auction ended by itself; as if yesterday
  const { rows } = await db.execute<{ status: string; ended: boolean }>(
    sql`select status, auction_ended_at is not null as ended from fanta_leagues where id = ${id}`,
  );
  expect(rows[0]).toEqual({ status: 'ended', ended: true });
  await db.execute(
    sql`update fanta_leagues set auction_ended_at = now() - interval '1 day' where id = ${id}`,
  );
  await db.execute(sql`update fanta_history set at = at - interval '1 day' where fanta_league_id = ${id}`);

  const now = Date.now();
  const [week1, week2] = await thisAndNextWeek(admin, world.league.id, now);
  const matchA = await createMatch(admin, week1.id, {
    team1: T[1]!,
    team2: T[2]!,
    date: new Date(now + DAY).toISOString(),
    matchFormat: 1,
  });
  const matchB = await createMatch(admin, week1.id, {
    team1: T[3]!,
    team2: T[4]!,
    date: new Date(now + 2 * DAY).toISOString(),
    matchFormat: 1,
  });
  await createMatch(admin, week2.id, {
    team1: T[0]!,
    team2: T[1]!,
    date: new Date(now + 8 * DAY).toISOString(),
    matchFormat: 1,
  });
  /** Week 1's matches begin: two and one hours ago (statistics are saved for a started match only). */
  const begin = async () => {
    for (const [i, m] of [matchA, matchB].entries())
      await db.execute(
        sql`update matches set date = ${new Date(Date.now() - (2 - i) * HOUR).toISOString()} where id = ${m}`,
      );
  };
  /** One game of `t1` against `t2`, `t1` winning, every player of both teams with statistics. */
  const save = async (
    matchId: string,
    t1: number,
    t2: number,
    o: { kills?: (id: string) => number; mvp?: string } = {},
  ) => {
    const res = await admin.request({
      method: 'PUT',
      url: `/api/admin/matches/${matchId}/statistics`,
      payload: {
        gamesPlayed: 1,
        winner: T[t1],
        seriesMvpPlayerId: o.mvp ?? null,
        games: [
          {
            gameNumber: 1,
            winner: T[t1],
            players: [...team(t1), ...team(t2)].map((x) => ({
              playerId: x.id,
              kills: o.kills?.(x.id) ?? 2,
              deaths: 1,
              assists: 3,
              cs: 150,
            })),
            objectives: [{ teamName: T[t1], towers: 4 }, { teamName: T[t2] }],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { world, T, p, team, admin, owner, other, id, week1, week2, matchA, matchB, begin, save };
}
