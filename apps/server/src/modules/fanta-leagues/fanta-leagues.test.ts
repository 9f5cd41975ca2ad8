import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FantaUser, fantaAgents } from '../../test/fanta-fixtures.ts';
import { marketWorld } from '../../test/fixtures.ts';
import { openStream } from '../../test/live-stream.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { closeExpiredLot } from './auction.ts';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

type User = FantaUser;
const { user, call, ok } = fantaAgents(() => ctx, 'fm');

interface Auction {
  status: string;
  version: number;
  lot: {
    playerId: string;
    bid: number;
    bidderUserId: string;
    endsAt: string | null;
    remainingMs: number | null;
  } | null;
  serverNow: string;
  turnUserId: string | null;
  managers: {
    userId: string;
    credits: number;
    slots: Record<string, number>;
    maxBid: number;
    players: { playerId: string; price: number }[];
  }[];
}

const state = (u: User, id: string): Promise<Auction> => ok(u, 'GET', `/api/fanta-leagues/${id}/auction`);
const manager = (a: Auction, u: User) => a.managers.find((m) => m.userId === u.userId)!;

/** An official league of 4 teams (4 players a role) and a started Lega Fanta of `managers` users. */
async function room(p: { managers?: number; squad?: Record<string, number>; budget?: number } = {}) {
  const world = await marketWorld(ctx.database.db, {}, 4);
  const owner = await user();
  const created = await ok(
    owner,
    'POST',
    `/api/leagues/${world.league.id}/fanta-leagues`,
    {
      name: 'Asta del bar',
      budget: p.budget ?? 20,
      squad: p.squad ?? { Top: 2, Jungle: 0, Mid: 1, ADC: 0, Support: 0 },
      bidSeconds: 15,
    },
    201,
  );
  const fl = created.fantaLeague as { id: string; inviteCode: string };
  const others: User[] = [];
  for (let i = 1; i < (p.managers ?? 2); i++) {
    const u = await user();
    await ok(u, 'POST', `/api/fanta-leagues/invite/${fl.inviteCode}/join`);
    others.push(u);
  }
  // a set order, so the test knows whose turn it is
  await ok(owner, 'PATCH', `/api/fanta-leagues/${fl.id}`, {
    order: [owner.userId, ...others.map((o) => o.userId)],
  });
  await ok(owner, 'POST', `/api/fanta-leagues/${fl.id}/auction/start`);
  const byRole = (role: string) => world.players.filter((pl) => pl.role === role);
  return { id: fl.id, world, owner, others, byRole };
}

/** Runs the lot's clock out (the database's clock decides), as if its seconds had passed. */
const expire = (id: string) =>
  ctx.database.db.execute(
    sql`update fanta_leagues set lot_ends_at = clock_timestamp() - interval '1 millisecond' where id = ${id}`,
  );

async function expectRefused(
  u: User,
  url: string,
  payload: unknown,
  status: number,
  code: string,
  message?: string,
) {
  const res = await call(u, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  if (message) expect(res.json().message).toBe(message);
  return res.json();
}

describe('Lega Fanta: creating one', () => {
  it('has defaults, an invite code, the pool per role and the largest squad that fits; a start that does not fit is refused', async () => {
    const world = await marketWorld(ctx.database.db, {}, 4);
    const owner = await user();
    const created = await ok(
      owner,
      'POST',
      `/api/leagues/${world.league.id}/fanta-leagues`,
      { name: 'Amici' },
      201,
    );
    const fl = created.fantaLeague;
    expect(fl).toMatchObject({
      budget: 500,
      squad: { Top: 2, Jungle: 2, Mid: 2, ADC: 2, Support: 2 },
      bidSeconds: 15,
      status: 'setup',
      pool: { Top: 4, Jungle: 4, Mid: 4, ADC: 4, Support: 4 },
      proposedSquad: { Top: 2, Jungle: 2, Mid: 2, ADC: 2, Support: 2 },
      maxManagers: 2,
      memberCount: 1,
    });
    expect(fl.inviteCode).toHaveLength(10);
    const bad = await call(owner, 'POST', `/api/leagues/${world.league.id}/fanta-leagues`, {
      name: 'Amici',
      bidSeconds: 4,
    });
    expect(bad.statusCode).toBe(400);

    // alone: too few managers
    await expectRefused(
      owner,
      `/api/fanta-leagues/${fl.id}/auction/start`,
      undefined,
      409,
      'TOO_FEW_MEMBERS',
    );
    const b = await user();
    const c = await user();
    const joined = await ok(b, 'POST', `/api/fanta-leagues/invite/${fl.inviteCode.toLowerCase()}/join`);
    expect(joined.fantaLeague.inviteCode).toBeNull();
    await ok(c, 'POST', `/api/fanta-leagues/invite/${fl.inviteCode}/join`);
    await expectRefused(
      b,
      `/api/fanta-leagues/invite/${fl.inviteCode}/join`,
      undefined,
      409,
      'ALREADY_MEMBER',
    );
    // 3 managers × 2 a role = 6 > 4 players a role
    await expectRefused(
      owner,
      `/api/fanta-leagues/${fl.id}/auction/start`,
      undefined,
      409,
      'SQUAD_DOES_NOT_FIT',
      'Ruolo Top: servono 6 giocatori ma la lega ufficiale ne ha 4. Riduci la rosa o i manager.',
    );
    const view = await ok(owner, 'GET', `/api/fanta-leagues/${fl.id}`);
    expect(view.fantaLeague.proposedSquad).toEqual({ Top: 1, Jungle: 1, Mid: 1, ADC: 1, Support: 1 });
    await expectRefused(b, `/api/fanta-leagues/${fl.id}/auction/start`, undefined, 403, 'NOT_OWNER');
    const patched = await ok(owner, 'PATCH', `/api/fanta-leagues/${fl.id}`, {
      squad: view.fantaLeague.proposedSquad,
      budget: 100,
    });
    expect(patched.fantaLeague.maxManagers).toBe(4);
    await ok(owner, 'POST', `/api/fanta-leagues/${fl.id}/auction/start`);
    await expectRefused(
      owner,
      `/api/fanta-leagues/${fl.id}/auction/start`,
      undefined,
      409,
      'ALREADY_STARTED',
    );
    const a = await state(owner, fl.id);
    expect(a.status).toBe('running');
    expect(a.managers.map((m) => m.credits)).toEqual([100, 100, 100]);
    expect(a.managers.map((m) => m.userId)).toContain(a.turnUserId);
    // once started: no more joins, no more settings
    const late = await user();
    await expectRefused(
      late,
      `/api/fanta-leagues/invite/${fl.inviteCode}/join`,
      undefined,
      409,
      'JOIN_CLOSED',
    );
    const locked = await call(owner, 'PATCH', `/api/fanta-leagues/${fl.id}`, { budget: 200 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('SETTINGS_LOCKED');
    // a stranger sees nothing
    expect((await call(late, 'GET', `/api/fanta-leagues/${fl.id}/auction`)).statusCode).toBe(404);
  });
});

describe('Lega Fanta: the auction', () => {
  it('refuses each wrong bid with its Italian message and changes nothing', async () => {
    const { id, owner, others, byRole } = await room();
    const [b] = others as [User];
    const tops = byRole('Top');
    const url = `/api/fanta-leagues/${id}/auction`;
    // not his turn
    await expectRefused(b, `${url}/nominate`, { playerId: tops[0]!.id, bid: 1 }, 409, 'NOT_YOUR_TURN');
    await ok(owner, 'POST', `${url}/nominate`, { playerId: tops[0]!.id, bid: 5 });
    const before = await state(owner, id);
    expect(before.lot).toMatchObject({ playerId: tops[0]!.id, bid: 5, bidderUserId: owner.userId });
    expect(Date.parse(before.lot!.endsAt!) - Date.parse(before.serverNow)).toBeGreaterThan(14_000);

    await expectRefused(
      b,
      `${url}/bid`,
      { playerId: tops[0]!.id, bid: 5 },
      409,
      'BID_TOO_LOW',
      'L’offerta deve superare quella attuale (5 crediti)',
    );
    // 20 credits, 3 slots: at most 18 for this one
    const over = await expectRefused(
      b,
      `${url}/bid`,
      { playerId: tops[0]!.id, bid: 19 },
      409,
      'BID_OVER_MAX',
    );
    expect(over.message).toContain('al massimo 18 crediti');
    const stranger = await user();
    expect((await call(stranger, 'POST', `${url}/bid`, { playerId: tops[0]!.id, bid: 6 })).statusCode).toBe(
      404,
    );
    await expectRefused(b, `${url}/bid`, { playerId: tops[1]!.id, bid: 6 }, 409, 'WRONG_LOT');
    expect((await call(b, 'POST', `${url}/bid`, { playerId: tops[0]!.id, bid: 0 })).statusCode).toBe(400);
    const unchanged = await state(owner, id);
    expect(unchanged.version).toBe(before.version);
    expect(unchanged.lot).toMatchObject({ bid: 5, bidderUserId: owner.userId });

    // an accepted bid restarts the clock
    const raised = await ok(b, 'POST', `${url}/bid`, { playerId: tops[0]!.id, bid: 18 });
    expect(Date.parse(raised.endsAt)).toBeGreaterThanOrEqual(Date.parse(before.lot!.endsAt!));
    // paused: refused
    await ok(owner, 'POST', `${url}/pause`);
    await expectRefused(
      owner,
      `${url}/bid`,
      { playerId: tops[0]!.id, bid: 19 },
      409,
      'AUCTION_PAUSED',
      "L'asta è in pausa",
    );
    await ok(owner, 'POST', `${url}/resume`);

    // after the clock (the server's): refused, and the player goes to the highest bidder once
    await expire(id);
    await expectRefused(
      owner,
      `${url}/bid`,
      { playerId: tops[0]!.id, bid: 19 },
      409,
      'CLOCK_OVER',
      'Tempo scaduto: l’asta per questo giocatore è chiusa',
    );
    const after = await state(owner, id);
    expect(after.lot).toBeNull();
    expect(manager(after, b)).toMatchObject({ credits: 2, players: [{ playerId: tops[0]!.id, price: 18 }] });
    expect(manager(after, owner).credits).toBe(20);
    // the turn moved on
    expect(after.turnUserId).toBe(b.userId);

    // a player already owned
    await expectRefused(
      b,
      `${url}/nominate`,
      { playerId: tops[0]!.id, bid: 1 },
      409,
      'PLAYER_OWNED',
      'Questo giocatore ha già un proprietario in questa lega',
    );
    // b: 2 credits, 2 slots left → at most 1
    await expectRefused(b, `${url}/nominate`, { playerId: tops[1]!.id, bid: 2 }, 409, 'BID_OVER_MAX');
    await ok(b, 'POST', `${url}/nominate`, { playerId: tops[1]!.id, bid: 1 });
    await expire(id);
    await state(b, id);
    // owner's turn: b has his two Tops, the role is full for him
    await ok(owner, 'POST', `${url}/nominate`, { playerId: tops[2]!.id, bid: 1 });
    await expectRefused(
      b,
      `${url}/bid`,
      { playerId: tops[2]!.id, bid: 2 },
      409,
      'ROLE_FULL',
      'Hai già tutti i giocatori del ruolo Top',
    );

    // over: refused
    await ok(owner, 'POST', `${url}/end`);
    await expectRefused(
      owner,
      `${url}/bid`,
      { playerId: tops[2]!.id, bid: 2 },
      409,
      'AUCTION_ENDED',
      "L'asta è finita",
    );
    const ended = await state(owner, id);
    // the lot running when the auction ended was dropped: the player stays free
    expect(ended.managers.flatMap((m) => m.players).map((p) => p.playerId)).not.toContain(tops[2]!.id);
  });

  it('assigns a player exactly once, whoever closes the lot first', async () => {
    const { id, owner, byRole } = await room();
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/nominate`, {
      playerId: byRole('Mid')[0]!.id,
      bid: 3,
    });
    await expire(id);
    const closed = await Promise.all(Array.from({ length: 6 }, () => closeExpiredLot(ctx.database.db, id)));
    expect(closed.filter(Boolean).length).toBeLessThanOrEqual(1);
    const a = await state(owner, id);
    expect(manager(a, owner)).toMatchObject({ credits: 17, players: [{ price: 3 }] });
    const { rows } = await ctx.database.db.execute(
      sql`select count(*)::int as n from fanta_history where fanta_league_id = ${id} and kind = 'assign'`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it("a lot whose bidder's account is gone closes without an assignment", async () => {
    const { id, owner, others, byRole } = await room();
    const [b] = others as [User];
    const mid = byRole('Mid')[0]!;
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/nominate`, { playerId: mid.id, bid: 2 });
    await ok(b, 'POST', `/api/fanta-leagues/${id}/auction/bid`, { playerId: mid.id, bid: 5 });
    await ctx.database.db.execute(sql`delete from users where id = ${b.userId}`);
    await expire(id);
    const a = await state(owner, id);
    expect(a.lot).toBeNull();
    expect(a.managers.map((m) => m.userId)).toEqual([owner.userId]);
    expect(manager(a, owner)).toMatchObject({ credits: 20, players: [] });
  });

  it('pause keeps the remaining time; resume gives it back', async () => {
    const { id, owner, byRole } = await room();
    const url = `/api/fanta-leagues/${id}/auction`;
    await ok(owner, 'POST', `${url}/nominate`, { playerId: byRole('Top')[0]!.id, bid: 1 });
    await ctx.database.db.execute(
      sql`update fanta_leagues set lot_ends_at = clock_timestamp() + interval '7 seconds' where id = ${id}`,
    );
    await ok(owner, 'POST', `${url}/pause`);
    const paused = await state(owner, id);
    expect(paused.status).toBe('paused');
    expect(paused.lot!.endsAt).toBeNull();
    expect(paused.lot!.remainingMs).toBeGreaterThan(6_000);
    expect(paused.lot!.remainingMs).toBeLessThanOrEqual(7_000);
    await expectRefused(owner, `${url}/pause`, undefined, 409, 'AUCTION_PAUSED');
    // time passes while paused: nothing closes
    await ctx.database.db.execute(sql`select pg_sleep(0.3)`);
    expect((await state(owner, id)).lot!.remainingMs).toBe(paused.lot!.remainingMs);
    await ok(owner, 'POST', `${url}/resume`);
    const resumed = await state(owner, id);
    expect(resumed.status).toBe('running');
    const left = Date.parse(resumed.lot!.endsAt!) - Date.parse(resumed.serverNow);
    expect(left).toBeGreaterThan(paused.lot!.remainingMs! - 500);
    expect(left).toBeLessThanOrEqual(paused.lot!.remainingMs!);
    await expectRefused(owner, `${url}/resume`, undefined, 409, 'AUCTION_NOT_PAUSED');
  });

  it('undo gives the credits back and frees the player; skip passes an absent manager', async () => {
    const { id, owner, others, byRole } = await room();
    const [b] = others as [User];
    const url = `/api/fanta-leagues/${id}/auction`;
    await expectRefused(owner, `${url}/undo`, undefined, 409, 'NOTHING_TO_UNDO');
    const mid = byRole('Mid')[0]!;
    await ok(owner, 'POST', `${url}/nominate`, { playerId: mid.id, bid: 2 });
    await ok(b, 'POST', `${url}/bid`, { playerId: mid.id, bid: 7 });
    await expectRefused(owner, `${url}/undo`, undefined, 409, 'LOT_OPEN');
    await expire(id);
    expect(manager(await state(b, id), b).credits).toBe(13);
    await expectRefused(b, `${url}/undo`, undefined, 403, 'NOT_OWNER');
    await ok(owner, 'POST', `${url}/undo`);
    const a = await state(owner, id);
    expect(manager(a, b)).toMatchObject({ credits: 20, players: [] });
    const players = await ok(b, 'GET', `/api/fanta-leagues/${id}/players`);
    expect(players.players.find((p: { id: string }) => p.id === mid.id).ownerUserId).toBeNull();
    const history = await ok(b, 'GET', `/api/fanta-leagues/${id}/history`);
    expect(
      history.history.map((h: { kind: string; creditsChange: number }) => [h.kind, h.creditsChange]),
    ).toEqual([
      ['undo', 7],
      ['assign', -7],
    ]);
    // skip: b's turn passes back to the owner
    expect(a.turnUserId).toBe(b.userId);
    await ok(owner, 'POST', `${url}/skip`);
    expect((await state(owner, id)).turnUserId).toBe(owner.userId);
  });

  it('offline: the banditore assigns player → manager for a price, under the same rules', async () => {
    const { id, owner, others, byRole } = await room();
    const [b] = others as [User];
    const url = `/api/fanta-leagues/${id}/auction/assign`;
    const [t0, t1, t2] = byRole('Top') as unknown as [{ id: string }, { id: string }, { id: string }];
    await expectRefused(b, url, { playerId: t0.id, userId: b.userId, price: 3 }, 403, 'NOT_OWNER');
    await expectRefused(owner, url, { playerId: t0.id, userId: b.userId, price: 19 }, 409, 'BID_OVER_MAX');
    await ok(owner, 'POST', url, { playerId: t0.id, userId: b.userId, price: 18 });
    await expectRefused(owner, url, { playerId: t0.id, userId: owner.userId, price: 1 }, 409, 'PLAYER_OWNED');
    await ok(owner, 'POST', url, { playerId: t1.id, userId: b.userId, price: 1 });
    await expectRefused(owner, url, { playerId: t2.id, userId: b.userId, price: 1 }, 409, 'ROLE_FULL');
    const stranger = await user();
    await expectRefused(
      owner,
      url,
      { playerId: t2.id, userId: stranger.userId, price: 1 },
      404,
      'MANAGER_NOT_MEMBER',
    );
    const a = await state(owner, id);
    expect(manager(a, b)).toMatchObject({ credits: 1, maxBid: 1, slotsLeft: 1 });
    const history = await ok(b, 'GET', `/api/fanta-leagues/${id}/history`);
    expect(history.history.every((h: { offline: boolean }) => h.offline)).toBe(true);
  });

  it('releases a player after the auction for half his price, rounded down; the repair auction reopens the room', async () => {
    const { id, owner, others, byRole } = await room();
    const [b] = others as [User];
    const top = byRole('Top')[0]!;
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/assign`, {
      playerId: top.id,
      userId: b.userId,
      price: 7,
    });
    const url = `/api/fanta-leagues/${id}/release`;
    await expectRefused(b, url, { playerId: top.id }, 409, 'RELEASE_DURING_AUCTION');
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/end`);
    await expectRefused(owner, url, { playerId: top.id }, 409, 'NOT_OWNED');
    const released = await ok(b, 'POST', url, { playerId: top.id });
    expect(released).toMatchObject({ refund: 3, message: 'Giocatore svincolato: 3 crediti restituiti' });
    const a = await state(b, id);
    expect(manager(a, b)).toMatchObject({ credits: 16, players: [] });
    const history = await ok(owner, 'GET', `/api/fanta-leagues/${id}/history`);
    expect(history.history[0]).toMatchObject({ kind: 'release', price: 7, creditsChange: 3 });
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/repair`);
    const repair = await state(b, id);
    expect(repair).toMatchObject({ status: 'running' });
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/nominate`, { playerId: top.id, bid: 1 });
  });

  it('tells the room of a bid on the league stream, with the lot', async () => {
    const { id, world, owner, others, byRole } = await room();
    const [b] = others as [User];
    const stream = await openStream(`${base}/api/leagues/${world.league.id}/events?fanta=${id}`, b.cookie);
    expect(stream.res.status).toBe(200);
    const stranger = await user();
    const denied = await openStream(
      `${base}/api/leagues/${world.league.id}/events?fanta=${id}`,
      stranger.cookie,
    );
    expect(denied.res.status).toBe(404);
    await denied.close();
    const mid = byRole('Mid')[0]!;
    await ok(owner, 'POST', `/api/fanta-leagues/${id}/auction/nominate`, { playerId: mid.id, bid: 2 });
    await ok(b, 'POST', `/api/fanta-leagues/${id}/auction/bid`, { playerId: mid.id, bid: 4 });
    const event = await stream.next((e) => e.type === 'auction' && e.auction?.kind === 'bid');
    expect(event.auction!.lot).toMatchObject({ playerId: mid.id, bid: 4, bidderUserId: b.userId });
    expect(event.fantaLeagueId).toBe(id);
    await stream.close();
  });
});
