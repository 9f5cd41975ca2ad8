import type { LeagueType } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, pushSubscriptions } from '../../db/schema.ts';
import { createWeek } from '../../test/admin-fixtures.ts';
import { marketWorld, userAgent } from '../../test/fixtures.ts';
import type { Agent } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { closeExpiredLot } from '../fanta-leagues/index.ts';
import { enqueueH2hResults } from '../private-leagues/index.ts';
import { openRoster } from '../rosters/index.ts';
import { planReminders } from './planner.ts';

/* The hooks of the features built beside issue 33 (docs/notifications.md): each writes its messages once, to
   the players concerned only, as their preferences (or the kind's defaults) say. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

type User = Agent & { userId: string; username: string };
let n = 0;
const user = () => userAgent(ctx.app, db(), { username: `hk_${++n}_${Date.now() % 100000}` });

async function ok(u: Agent, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, status = 200) {
  const res = await u.request({ method, url, payload: payload as Record<string, unknown> | undefined });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const prefer = (u: User, kind: string, p: { email: boolean; push: boolean }) =>
  db()
    .insert(notificationPreferences)
    .values({ userId: u.userId, kind, ...p });
const device = (u: User) =>
  db()
    .insert(pushSubscriptions)
    .values({ userId: u.userId, endpoint: `https://push.example.com/${u.userId}`, p256dh: 'k', auth: 'a' });

interface Row {
  user_id: string;
  channel: string;
  target: string;
  payload: Record<string, unknown>;
  expires_at: string | null;
}
async function written(kind: string, targetLike: string): Promise<Row[]> {
  const { rows } = await db().execute<Row & Record<string, unknown>>(sql`
    select user_id, channel, target, payload, expires_at::text from notifications
    where kind = ${kind} and target like ${targetLike} order by user_id, channel, target`);
  return rows.map((r) => ({
    ...r,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
  }));
}

describe('h2h_result: a round is announced when its week closes', () => {
  it('once per member of a match-up, as each chose; not the resting member, not other leagues', async () => {
    const world = await marketWorld(db());
    const admin = await userAgent(ctx.app, db(), { isAdmin: true });
    const now = Date.now();
    const week = await createWeek(admin, {
      leagueId: world.league.id,
      weekNumber: 1,
      name: 'Settimana 1',
      startDate: day(now + DAY),
      endDate: day(now + 6 * DAY),
    });
    const join = async () => {
      const u = await user();
      await db().transaction((tx) =>
        openRoster(tx, { userId: u.userId, leagueId: world.league.id, leagueType: 'LEC' as LeagueType }),
      );
      return u;
    };
    // five members (one rests each round), a roster of the same official league outside the private league
    const members = [await join(), await join(), await join(), await join(), await join()];
    const outsider = await join();
    const [owner, ...friends] = members as [User, ...User[]];
    const created = await ok(
      owner,
      'POST',
      `/api/leagues/${world.league.id}/private-leagues`,
      { name: 'Giovedì', format: 'h2h' },
      201,
    );
    const pl = created.privateLeague as { id: string; inviteCode: string };
    for (const f of friends) await ok(f, 'POST', `/api/private-leagues/invite/${pl.inviteCode}/join`);
    await ok(owner, 'POST', `/api/private-leagues/${pl.id}/calendar`, undefined, 201);
    // everyone wants it by e-mail except members[1] (the default: off); one also by push, with a device
    for (const u of [...members, outsider])
      if (u !== members[1]) await prefer(u, 'h2h_result', { email: true, push: false });
    await db().execute(sql`
      update notification_preferences set push = true where user_id = ${members[2]!.userId} and kind = 'h2h_result'`);
    await device(members[2]!);

    const { rows: rest } = await db().execute<{ resting_user_id: string }>(
      sql`select resting_user_id from h2h_rounds where private_league_id = ${pl.id} and round = 1`,
    );
    const resting = rest[0]!.resting_user_id;
    // the week is played: a result in each match-up (as the triggers would keep from the week points)
    await db().execute(sql`update weeks set start_date = ${day(now - DAY)} where id = ${week.id}`);
    await db().execute(sql`
      update h2h_fixtures set home_goals = 2 + slot, away_goals = 1 where private_league_id = ${pl.id} and round = 1`);
    const { rows: fixtures } = await db().execute<{
      home_user_id: string;
      away_user_id: string;
      home_goals: number;
      away_goals: number;
    }>(sql`select home_user_id, away_user_id, home_goals, away_goals from h2h_fixtures
           where private_league_id = ${pl.id} and round = 1`);
    expect(fixtures).toHaveLength(2);
    // nothing before the close: a live round is not a result
    expect(await written('h2h_result', `${pl.id}:%`)).toEqual([]);

    await ok(admin, 'POST', `/api/admin/weeks/${week.id}/close`);
    const expected = fixtures
      .flatMap((f) => [
        { userId: f.home_user_id, outcome: 'win', score: `${f.home_goals}-${f.away_goals}` },
        { userId: f.away_user_id, outcome: 'loss', score: `${f.away_goals}-${f.home_goals}` },
      ])
      .filter((e) => e.userId !== members[1]!.userId);
    const rows = await written('h2h_result', `${pl.id}:%`);
    expect(rows.map((r) => [r.user_id, r.channel, r.target]).sort()).toEqual(
      [
        ...expected.map((e) => [e.userId, 'email', `${pl.id}:1`]),
        ...(members[2]!.userId !== resting ? [[members[2]!.userId, 'push', `${pl.id}:1`]] : []),
      ].sort(),
    );
    expect(rows.some((r) => r.user_id === resting || r.user_id === outsider.userId)).toBe(false);
    for (const e of expected) {
      expect(rows.find((r) => r.user_id === e.userId)!.payload).toEqual({
        leagueName: 'Giovedì',
        roundName: 'Giornata 1 · Settimana 1',
        outcome: e.outcome,
        score: e.score,
        url: `/leaderboard?league=${world.league.id}&private=${pl.id}`,
      });
    }

    // a second close is refused and a second announcement (another instance, a re-close) writes nothing
    await ok(admin, 'POST', `/api/admin/weeks/${week.id}/close`, undefined, 409);
    await db().transaction((tx) => enqueueH2hResults(tx, week.id));
    expect(await written('h2h_result', `${pl.id}:%`)).toHaveLength(rows.length);
  });
});

/** A Lega Fanta of `managers` users in a set call order (not started). */
async function fantaLeague(managers: number, startsAt?: string) {
  const world = await marketWorld(db(), {}, 4);
  const owner = await user();
  const created = await ok(
    owner,
    'POST',
    `/api/leagues/${world.league.id}/fanta-leagues`,
    {
      name: 'Asta del bar',
      budget: 20,
      // four players a role in the official league: enough for the managers
      squad: { Top: managers > 2 ? 1 : 2, Jungle: 0, Mid: 1, ADC: 0, Support: 0 },
      bidSeconds: 15,
      ...(startsAt ? { startsAt } : {}),
    },
    201,
  );
  const fl = created.fantaLeague as { id: string; inviteCode: string };
  const others: User[] = [];
  for (let i = 1; i < managers; i++) {
    const u = await user();
    await ok(u, 'POST', `/api/fanta-leagues/invite/${fl.inviteCode}/join`);
    others.push(u);
  }
  await ok(owner, 'PATCH', `/api/fanta-leagues/${fl.id}`, {
    order: [owner.userId, ...others.map((o) => o.userId)],
  });
  return { id: fl.id, world, owner, others };
}

describe('auction_turn: "tocca a te" when the call passes', () => {
  it('to the manager whose turn it is, once per turn, push on by default; nobody else', async () => {
    const { id, world, owner, others } = await fantaLeague(2);
    const b = others[0]!;
    const stranger = await user();
    // b chose nothing (push on by default) and has a device; the owner turned it off; a stranger wants it all
    await device(b);
    await device(owner);
    await prefer(owner, 'auction_turn', { email: false, push: false });
    await device(stranger);
    await prefer(stranger, 'auction_turn', { email: true, push: true });

    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/start`);
    // the owner's turn first: he turned it off
    expect(await written('auction_turn', `${id}:%`)).toEqual([]);
    const tops = world.players.filter((p) => p.role === 'Top');
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/nominate`, { playerId: tops[0]!.id, bid: 1 });
    const expire = () =>
      db().execute(
        sql`update fanta_leagues set lot_ends_at = clock_timestamp() - interval '1 millisecond' where id = ${id}`,
      );
    await expire();
    // two closers (two instances' sweepers): one closes, the turn passes to b once
    expect(await Promise.all([closeExpiredLot(db(), id), closeExpiredLot(db(), id)])).toEqual(
      expect.arrayContaining([true, false]),
    );
    let rows = await written('auction_turn', `${id}:%`);
    expect(rows.map((r) => [r.user_id, r.channel])).toEqual([[b.userId, 'push']]);
    expect(rows[0]!.payload).toEqual({ legaName: 'Asta del bar', url: `/leghe-fanta/${id}/asta` });
    const firstTarget = rows[0]!.target;

    // b calls, the lot closes, the owner's turn (off: nothing); the owner skips his own turn: b's again,
    // a new turn, a new message
    await ok(b, 'POST', `/api/fanta-leagues/${id}/auction/nominate`, { playerId: tops[1]!.id, bid: 1 });
    await expire();
    await closeExpiredLot(db(), id);
    expect(await written('auction_turn', `${id}:%`)).toHaveLength(1);
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/skip`);
    rows = await written('auction_turn', `${id}:%`);
    expect(rows.map((r) => [r.user_id, r.channel])).toEqual([
      [b.userId, 'push'],
      [b.userId, 'push'],
    ]);
    expect(new Set(rows.map((r) => r.target)).size).toBe(2);
    expect(rows.map((r) => r.target)).toContain(firstTarget);
    // an offline assignment keeps b's turn: nothing new
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/assign`, {
      playerId: tops[2]!.id,
      userId: owner.userId,
      price: 1,
    });
    expect(await written('auction_turn', `${id}:%`)).toHaveLength(2);
    // the turn skipped during a pause is still a turn: b is told (the owner's, off, is not)
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/pause`);
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/skip`);
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/skip`);
    expect(await written('auction_turn', `${id}:%`)).toHaveLength(3);
    expect((await written('auction_turn', '%')).some((r) => r.user_id === stranger.userId)).toBe(false);
  });
});

describe('auction_start_1h: the managers an hour before a Lega Fanta auction', () => {
  it('planned once within the hour, expiring at the start; a moved start is a new event; only managers who chose it', async () => {
    const startsAt = new Date(Date.now() + 30 * DAY);
    startsAt.setUTCMilliseconds(0);
    const { id, owner, others } = await fantaLeague(3, startsAt.toISOString());
    const [b, c] = others as [User, User];
    const stranger = await user();
    await prefer(owner, 'auction_start_1h', { email: true, push: false });
    await prefer(c, 'auction_start_1h', { email: true, push: true });
    await device(c);
    await prefer(stranger, 'auction_start_1h', { email: true, push: true });
    // b chose nothing: off by default

    await planReminders(db(), new Date(startsAt.getTime() - 2 * HOUR));
    expect(await written('auction_start_1h', `${id}:%`)).toEqual([]);
    const inTime = new Date(startsAt.getTime() - 50 * 60_000);
    await Promise.all([planReminders(db(), inTime), planReminders(db(), inTime)]);
    await planReminders(db(), new Date(inTime.getTime() + 60_000));
    let rows = await written('auction_start_1h', `${id}:%`);
    expect(rows.map((r) => [r.user_id, r.channel]).sort()).toEqual(
      [
        [owner.userId, 'email'],
        [c.userId, 'email'],
        [c.userId, 'push'],
      ].sort(),
    );
    expect(rows.every((r) => r.target === `${id}:${startsAt.toISOString()}`)).toBe(true);
    expect(rows.every((r) => new Date(r.expires_at!).getTime() === startsAt.getTime())).toBe(true);
    expect(rows[0]!.payload).toEqual({
      legaName: 'Asta del bar',
      at: startsAt.toISOString(),
      url: `/leghe-fanta/${id}/asta`,
    });
    expect(rows.some((r) => r.user_id === b.userId || r.user_id === stranger.userId)).toBe(false);

    // the owner moves the start a day later: a new event at the new time
    const moved = new Date(startsAt.getTime() + DAY);
    await ok(owner, 'PATCH', `/api/fanta-leagues/${id}`, { startsAt: moved.toISOString() });
    await planReminders(db(), new Date(moved.getTime() - 30 * 60_000));
    rows = await written('auction_start_1h', `${id}:${moved.toISOString()}`);
    expect(rows).toHaveLength(3);
    // a started auction is not announced
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/start`);
    const later = new Date(moved.getTime() + DAY);
    await db().execute(sql`update fanta_leagues set starts_at = ${later.toISOString()} where id = ${id}`);
    await planReminders(db(), new Date(later.getTime() - 30 * 60_000));
    expect(await written('auction_start_1h', `${id}:${later.toISOString()}`)).toEqual([]);
  });
});
