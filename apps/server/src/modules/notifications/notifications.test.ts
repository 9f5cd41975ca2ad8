import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import net, { type AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  matches,
  notificationMessages,
  notificationPreferences,
  notificationQueue,
  notifications,
  pushSubscriptions,
  rosterCaptains,
  rosters,
  scoringRules,
  weeks,
} from '../../db/schema.ts';
import { createLeague } from '../../seed/factories.ts';
import { marketWorld, userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { enqueueNotifications, planEvent } from './enqueue.ts';
import { planReminders } from './planner.ts';
import { endpointAllowed } from './push.ts';
import { NotificationScheduler } from './scheduler.ts';
import { deliverDue, LEASE_MS, retryDelayMs } from './sender.ts';

// the payload's decryption (aes128gcm, RFC 8188/8291) by the library that encrypts it in browsers' tests
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, p: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

/**
 * A local Web Push endpoint: records each request; answers with the statuses queued, 201 after them, each after
 * the delay queued (ms), at once after them.
 */
async function pushEndpoint() {
  const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const statuses: number[] = [];
  const delays: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.shift() ?? 201;
      setTimeout(() => res.end(), delays.shift() ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { host, received, statuses, delays, close: () => new Promise((r) => server.close(r)) };
}

/** A browser's subscription: its own key pair and secret, so the test can read what it receives. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
}

let endpoint: Awaited<ReturnType<typeof pushEndpoint>>;
let ctx: TestContext;
beforeAll(async () => {
  endpoint = await pushEndpoint();
  ctx = await createTestApp({ WEB_PUSH_ALLOW_HOSTS: endpoint.host });
});
afterAll(async () => {
  await ctx?.close();
  await endpoint?.close();
});

const db = () => ctx.database.db;
/** What the app's own scheduler sends with, for a second scheduler or a direct delivery. */
const senderDeps = () => ({
  db: db(),
  config: ctx.app.config,
  mailer: ctx.app.mailer,
  push: ctx.app.push,
  log: ctx.app.log,
});
const at = (iso: string) => new Date(iso);
const tick = (now: Date) => ctx.app.notifications.tick(now);

async function player(opts: { kinds?: Record<string, { email: boolean; push: boolean }> } = {}) {
  const u = await userAgent(ctx.app, db());
  for (const [kind, p] of Object.entries(opts.kinds ?? {})) {
    await db()
      .insert(notificationPreferences)
      .values({ userId: u.userId, kind, ...p });
  }
  return u;
}

async function join(userId: string, leagueId: string, playerCount = 0) {
  const [r] = await db()
    .insert(rosters)
    .values({
      userId,
      leagueId,
      username: `r${userId.slice(0, 8)}`,
      pandaCoin: 15,
      burroCoin: 0,
      playerCount,
    })
    .returning();
  return r!;
}

const sentTo = (userId: string, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

async function mailsFor(userId: string) {
  const rows = await db().execute<{ subject: string; text: string; headers: Record<string, string> }>(sql`
    select m.subject, m.text, m.headers from mail_outbox m join notifications n on n.mail_id = m.id
    where n.user_id = ${userId} order by m.created_at`);
  return rows.rows;
}

describe('preferences API', () => {
  it('answers every kind, off by default except the auction’s "tocca a te" push; saves per kind and channel', async () => {
    const u = await player();
    const first = await u.request({ method: 'GET', url: '/api/me/notification-preferences' });
    expect(first.statusCode).toBe(200);
    const prefs = first.json().preferences as { kind: string; email: boolean; push: boolean }[];
    expect(prefs.map((p) => p.kind)).toEqual([
      'market_block_2h',
      'week_lock_24h',
      'week_lock_1h',
      'auction_start_1h',
      'auction_turn',
      'h2h_result',
      'weekly_reward',
    ]);
    expect(prefs.filter((p) => p.email || p.push)).toEqual([
      { kind: 'auction_turn', email: false, push: true },
    ]);

    const put = await u.request({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: { preferences: [{ kind: 'weekly_reward', email: true, push: false }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await u.request({ method: 'GET', url: '/api/me/notification-preferences' });
    expect(after.json().preferences).toContainEqual({ kind: 'weekly_reward', email: true, push: false });
    // another player's choices are their own
    const other = await player();
    const theirs = await other.request({ method: 'GET', url: '/api/me/notification-preferences' });
    expect(theirs.json().preferences).toContainEqual({ kind: 'weekly_reward', email: false, push: false });
  });

  it('refuses an unknown kind, a kind twice and a visitor, changing nothing', async () => {
    const u = await player();
    const unknown = await u.request({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: { preferences: [{ kind: 'spam', email: true, push: true }] },
    });
    expect(unknown.statusCode).toBe(400);
    const twice = await u.request({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: {
        preferences: [
          { kind: 'weekly_reward', email: true, push: false },
          { kind: 'weekly_reward', email: false, push: false },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      code: 'DUPLICATE_KIND',
      message: expect.stringMatching(/una sola volta/),
    });
    expect(
      await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, u.userId)),
    ).toEqual([]);
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/me/notification-preferences' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('market block in 2 hours', () => {
  it('is sent at the league’s block start minus 2 h in its time zone, once, only to players who asked', async () => {
    // 17:00 in Rome: 16:00 UTC in winter (CET), 15:00 UTC in summer (CEST)
    const league = await createLeague(db(), {
      name: `Blocco ${randomBytes(3).toString('hex')}`,
      type: 'LEC',
      marketBlockTimezone: 'Europe/Rome',
      marketBlockStartTime: '17:00',
      marketBlockEndTime: '23:00',
    });
    const wants = await player({ kinds: { market_block_2h: { email: true, push: false } } });
    const silent = await player();
    const stranger = await player({ kinds: { market_block_2h: { email: true, push: false } } });
    await join(wants.userId, league.id);
    await join(silent.userId, league.id);
    void stranger;

    await tick(at('2026-01-15T13:59:00Z'));
    expect(await sentTo(wants.userId, 'market_block_2h')).toEqual([]);
    await tick(at('2026-01-15T14:00:00Z'));
    await tick(at('2026-01-15T14:00:30Z'));
    const [row, ...more] = await sentTo(wants.userId, 'market_block_2h');
    expect(more).toEqual([]);
    expect(row).toMatchObject({ status: 'sent', channel: 'email', expiresAt: at('2026-01-15T16:00:00Z') });
    expect(await sentTo(silent.userId, 'market_block_2h')).toEqual([]);
    expect(await sentTo(stranger.userId, 'market_block_2h')).toEqual([]);
    const [mail] = await mailsFor(wants.userId);
    expect(mail!.subject).toBe(`${league.name}: mercato bloccato tra 2 ore`);
    expect(mail!.text).toMatch(/giovedì 15 gennaio.*17:00 \(Europe\/Rome\)/);

    // summer: the same wall clock is an hour earlier in UTC
    await tick(at('2026-07-01T13:00:00Z'));
    const summer = await sentTo(wants.userId, 'market_block_2h');
    expect(summer.map((r) => r.target).sort()).toEqual(
      [`${league.id}:2026-01-15T16:00:00.000Z`, `${league.id}:2026-07-01T15:00:00.000Z`].sort(),
    );
  });
});

describe('week lock reminders', () => {
  async function weekWithFirstMatch(leagueId: string, startsAt: Date) {
    const [week] = await db()
      .insert(weeks)
      .values({
        leagueId,
        weekNumber: 1,
        name: 'Settimana 1',
        startDate: '2026-03-01',
        endDate: '2026-03-08',
      })
      .returning();
    const [match] = await db()
      .insert(matches)
      .values({ leagueId, weekId: week!.id, team1: 'A', team2: 'B', date: startsAt })
      .returning();
    return { week: week!, match: match! };
  }

  it('24 h and 1 h before the first match, only to rosters missing something; a moved match moves them', async () => {
    const { league } = await marketWorld(db());
    const lockAt = at('2026-03-02T18:00:00Z');
    const { match } = await weekWithFirstMatch(league.id, lockAt);
    const both = { week_lock_24h: { email: true, push: false }, week_lock_1h: { email: true, push: false } };
    const incomplete = await player({ kinds: both });
    const complete = await player({ kinds: both });
    await join(incomplete.userId, league.id, 3);
    await join(complete.userId, league.id, 5);

    await tick(at('2026-03-01T17:59:00Z'));
    expect(await sentTo(incomplete.userId, 'week_lock_24h')).toEqual([]);
    await tick(at('2026-03-01T18:00:00Z'));
    expect(await sentTo(incomplete.userId, 'week_lock_24h')).toMatchObject([{ status: 'sent' }]);
    expect(await sentTo(complete.userId, 'week_lock_24h')).toEqual([]);
    const [mail] = await mailsFor(incomplete.userId);
    expect(mail!.text).toMatch(/il roster non è completo/);

    // the admin moves the match 6 hours later: the 1-hour reminder comes before the new start, not the old
    await db()
      .update(matches)
      .set({ date: at('2026-03-03T00:00:00Z') })
      .where(eq(matches.id, match.id));
    await tick(at('2026-03-02T17:00:00Z'));
    expect(await sentTo(incomplete.userId, 'week_lock_1h')).toEqual([]);
    await tick(at('2026-03-02T23:00:00Z'));
    expect(await sentTo(incomplete.userId, 'week_lock_1h')).toMatchObject([
      { status: 'sent', target: expect.stringContaining('2026-03-03T00:00:00.000Z') },
    ]);
  });

  it('with the captain option on, a roster without a captain is reminded; one with a captain is not', async () => {
    const { league, players } = await marketWorld(db());
    await db().insert(scoringRules).values({ leagueId: league.id, captainMultiplier: 2 });
    const { week } = await weekWithFirstMatch(league.id, at('2026-04-02T18:00:00Z'));
    const kinds = { week_lock_1h: { email: true, push: false } };
    const noCaptain = await player({ kinds });
    const withCaptain = await player({ kinds });
    await join(noCaptain.userId, league.id, 5);
    const r = await join(withCaptain.userId, league.id, 5);
    await db()
      .insert(rosterCaptains)
      .values({ rosterId: r.id, weekId: week.id, leagueId: league.id, captainPlayerId: players[0]!.id });
    await tick(at('2026-04-02T17:00:00Z'));
    expect(await sentTo(noCaptain.userId, 'week_lock_1h')).toMatchObject([
      { status: 'sent', payload: { missing: ['captain'] } },
    ]);
    expect(await sentTo(withCaptain.userId, 'week_lock_1h')).toEqual([]);
  });

  it('a deadline moved after its reminder was planned: the planned one is dropped at the old time, the new one sent', async () => {
    const { league } = await marketWorld(db());
    const { match } = await weekWithFirstMatch(league.id, at('2026-08-02T18:00:00Z'));
    const late = await player({ kinds: { week_lock_1h: { email: true, push: false } } });
    await join(late.userId, league.id, 2);
    // planned (not sent yet: this instance only planned) for the lock at 18:00
    await planReminders(db(), at('2026-08-02T17:00:00Z'));
    expect(await sentTo(late.userId, 'week_lock_1h')).toMatchObject([{ status: 'pending' }]);
    await db()
      .update(matches)
      .set({ date: at('2026-08-02T21:00:00Z') })
      .where(eq(matches.id, match.id));
    await tick(at('2026-08-02T18:30:00Z'));
    expect(await sentTo(late.userId, 'week_lock_1h')).toMatchObject([
      { status: 'dropped', target: expect.stringContaining('2026-08-02T18:00:00.000Z') },
    ]);
    await tick(at('2026-08-02T20:00:00Z'));
    const rows = await sentTo(late.userId, 'week_lock_1h');
    expect(rows.map((r) => [r.target.slice(-24), r.status]).sort()).toEqual([
      ['2026-08-02T18:00:00.000Z', 'dropped'],
      ['2026-08-02T21:00:00.000Z', 'sent'],
    ]);
    expect(await mailsFor(late.userId)).toHaveLength(1);
  });
});

describe('delivery', () => {
  async function dueNotification(userId: string, target: string, channel: 'email' | 'push' = 'email') {
    await db()
      .insert(notificationPreferences)
      .values({ userId, kind: 'weekly_reward', email: true, push: true })
      .onConflictDoNothing();
    return enqueueNotifications(db(), {
      kind: 'weekly_reward',
      target,
      dueAt: at('2026-05-01T10:00:00Z'),
      recipients: sql`select ${userId}::uuid, ${JSON.stringify({ leagueId: userId, leagueName: 'Lega', weekNumber: 3, amount: 40, position: 2 })}::jsonb`,
    }).then(() => channel);
  }

  it('two instances ticking at once send each message exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 40 }, () => player()));
    for (const u of users) await dueNotification(u.userId, 'twice');
    const deps = senderDeps();
    const a = new NotificationScheduler(deps, 1000);
    const b = new NotificationScheduler(deps, 1000);
    const now = at('2026-05-01T10:00:00Z');
    const [ra, rb] = await Promise.all([a.tick(now), b.tick(now)]);
    expect(ra.email + rb.email).toBe(40);
    const mails = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from mail_outbox m join notifications n on n.mail_id = m.id where n.target = 'twice'`);
    expect(mails.rows[0]!.n).toBe(40);
    const outbox = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from mail_outbox where subject = 'Lega: premio della settimana 3'`);
    expect(outbox.rows[0]!.n).toBeGreaterThanOrEqual(40);
  });

  /** A reminder event of the given players, planned in chunks of 3 (the server's are of PLAN_CHUNK). */
  const reminder = (target: string, userIds: string[]) => ({
    kind: 'market_block_2h' as const,
    target,
    dueAt: at('2026-05-01T10:00:00Z'),
    recipients: sql`select u.id, ${JSON.stringify({ leagueId: target, leagueName: 'Lega', at: '2026-05-01T12:00:00.000Z', timezone: 'Europe/Rome' })}::jsonb
      from users u where u.id = any(${sql.param(userIds)}::uuid[])`,
  });
  const wanting = () => player({ kinds: { market_block_2h: { email: true, push: false } } });
  const messagesOf = (target: string) =>
    db().select().from(notifications).where(eq(notifications.target, target));

  it('two planners writing one event in chunks at once write each player’s message once', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, wanting));
    const event = reminder(
      'chunks-twice',
      users.map((u) => u.userId),
    );
    const [a, b] = await Promise.all([
      planEvent(db(), event, { chunk: 3 }),
      planEvent(db(), event, { chunk: 3 }),
    ]);
    expect(a + b).toBe(8);
    const rows = await messagesOf('chunks-twice');
    expect(rows.map((r) => r.userId).sort()).toEqual(users.map((u) => u.userId).sort());
    expect(await planEvent(db(), event, { chunk: 3 })).toBe(0);
  });

  it('a planner that died between two chunks: the next one writes the rest, nothing twice', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, wanting));
    const ids = users.map((u) => u.userId).sort();
    const event = reminder('chunks-resumed', ids);
    // what the dead planner committed: its first chunk of 3 and the event's progress
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into notification_events (kind, target, done, planned_through)
        values ('market_block_2h', 'chunks-resumed', false, ${ids[2]}::uuid)`);
      await enqueueNotifications(tx, { ...event, recipients: reminder('x', ids.slice(0, 3)).recipients });
    });
    let chunks = 0;
    expect(await planEvent(db(), event, { chunk: 3, onChunk: () => chunks++ })).toBe(4);
    expect(chunks).toBe(2);
    expect((await messagesOf('chunks-resumed')).map((r) => r.userId).sort()).toEqual(ids);
    await tick(at('2026-05-01T10:00:00Z'));
    expect((await messagesOf('chunks-resumed')).map((r) => r.status)).toEqual(Array(7).fill('sent'));
  });

  it('a player deleted: their messages go with them; one written for a player already gone is dropped', async () => {
    const gone = await wanting();
    const kept = await wanting();
    await planEvent(db(), reminder('deleted', [gone.userId, kept.userId]));
    await db().execute(sql`delete from users where id = ${gone.userId}`);
    expect((await messagesOf('deleted')).map((r) => r.userId)).toEqual([kept.userId]);
    // what a player deleted while the statement writing their message ran leaves (no foreign key stops it)
    await db().execute(sql`
      with m as (
        insert into notification_messages (user_id, kind, target, channel, payload, event_key)
        values (gen_random_uuid(), 'market_block_2h', 'orphan', 'email', '{}',
          notification_event_key('market_block_2h', 'orphan'))
        returning id
      )
      insert into notification_queue (message_id, channel, due_at) select id, 'email', '2026-05-01T10:00:00Z' from m`);
    await tick(at('2026-05-01T10:00:00Z'));
    expect(await messagesOf('orphan')).toMatchObject([{ status: 'dropped' }]);
    expect(await messagesOf('deleted')).toMatchObject([{ userId: kept.userId, status: 'sent' }]);
  });

  it('e-mails carry the one-click unsubscribe headers (RFC 8058); the link turns that kind’s e-mails off', async () => {
    const u = await player();
    await dueNotification(u.userId, 'headers');
    await tick(at('2026-05-01T10:00:00Z'));
    const [mail] = await mailsFor(u.userId);
    const link = /<(.+)>/.exec(mail!.headers['List-Unsubscribe']!)![1]!;
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(link);
    const url = new URL(link);
    expect(url.pathname).toBe('/api/notifications/unsubscribe');

    // opening the link changes nothing (link scanners); the page has the one button
    const page = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Disattiva');
    const tampered = new URLSearchParams(url.search);
    tampered.set('k', 'market_block_2h');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}?${tampered}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(404);
    const prefs = () =>
      db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, u.userId));
    expect(await prefs()).toMatchObject([{ kind: 'weekly_reward', email: true, push: true }]);
    // the mail client's POST
    const post = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(await prefs()).toMatchObject([{ kind: 'weekly_reward', email: false, push: true }]);
  });

  it('a message whose kind was turned off before it went out is dropped', async () => {
    const u = await player();
    await dueNotification(u.userId, 'off');
    await db()
      .update(notificationPreferences)
      .set({ email: false })
      .where(eq(notificationPreferences.userId, u.userId));
    await tick(at('2026-05-01T10:00:00Z'));
    expect(await sentTo(u.userId, 'weekly_reward')).toMatchObject([{ status: 'dropped' }]);
    expect(await mailsFor(u.userId)).toEqual([]);
  });

  it('a sender that died after claiming: its messages are sent once its lease ends (a restart loses none)', async () => {
    const u = await player();
    await dueNotification(u.userId, 'crash');
    const now = at('2026-05-01T10:00:00Z');
    // what a sender leaves behind when it dies after claiming (a push, or an e-mail waiting for SMTP)
    await db()
      .update(notificationQueue)
      .set({ dueAt: new Date(now.getTime() + LEASE_MS), attempts: 1 })
      .where(
        inArray(
          notificationQueue.messageId,
          db()
            .select({ id: notificationMessages.id })
            .from(notificationMessages)
            .where(eq(notificationMessages.userId, u.userId)),
        ),
      );
    await tick(now);
    expect(await sentTo(u.userId, 'weekly_reward')).toMatchObject([{ status: 'pending' }]);
    await tick(new Date(now.getTime() + LEASE_MS));
    expect(await sentTo(u.userId, 'weekly_reward')).toMatchObject([{ status: 'sent', attempts: 2 }]);
    expect(await mailsFor(u.userId)).toHaveLength(1);
  });
});

describe('Web Push', () => {
  async function subscribe(u: Awaited<ReturnType<typeof player>>, path: string) {
    const { ecdh, keys } = browserKeys();
    const res = await u.request({
      method: 'POST',
      url: '/api/me/push-subscriptions',
      payload: { endpoint: `http://${endpoint.host}${path}`, keys },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ecdh, keys };
  }

  it('the public key is the same on every call (made once, kept in the database)', async () => {
    const a = await ctx.app.inject({ method: 'GET', url: '/api/push/public-key' });
    const b = await ctx.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(a.statusCode).toBe(200);
    expect(a.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.json().publicKey).toBe(a.json().publicKey);
  });

  it('"Invia una prova" reaches the device, encrypted for it (aes128gcm) and signed with VAPID', async () => {
    const u = await player();
    const path = `/push/${randomBytes(4).toString('hex')}`;
    const { ecdh, keys } = await subscribe(u, path);
    const res = await u.request({ method: 'POST', url: '/api/me/push-subscriptions/test' });
    expect(res.statusCode, res.body).toBe(202);
    await expect.poll(() => endpoint.received.filter((r) => r.path === path).length).toBe(1);
    const request = endpoint.received.find((r) => r.path === path)!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    const publicKey = (await ctx.app.inject({ method: 'GET', url: '/api/push/public-key' })).json().publicKey;
    expect(request.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${publicKey}$`));
    const clear = ece.decrypt(request.body, {
      version: 'aes128gcm',
      privateKey: ecdh,
      authSecret: keys.auth,
    });
    expect(JSON.parse(clear.toString('utf8'))).toMatchObject({
      title: 'Invia una prova',
      body: 'Le notifiche di FantaRift arrivano su questo dispositivo.',
    });
  });

  /** A player who wants the weekly reward by push only, with one device subscribed. */
  async function pushPlayer() {
    const u = await player();
    await db()
      .insert(notificationPreferences)
      .values({ userId: u.userId, kind: 'weekly_reward', email: false, push: true });
    const path = `/push/${randomBytes(4).toString('hex')}`;
    return { u, path, ...(await subscribe(u, path)) };
  }

  /** The LEC weekly reward of week 2 for `userId`, due at `dueAt`. */
  const weeklyReward = (userId: string, target: string, dueAt: string) =>
    enqueueNotifications(db(), {
      kind: 'weekly_reward',
      target,
      dueAt: at(dueAt),
      recipients: sql`select ${userId}::uuid, ${JSON.stringify({ leagueId: 'x', leagueName: 'LEC', weekNumber: 2, amount: 25, position: 4 })}::jsonb`,
    });

  it('a reminder is pushed; a failed push is tried again with backoff; a 410 forgets the device', async () => {
    const { u, path, ecdh, keys } = await pushPlayer();
    await weeklyReward(u.userId, 'push-retry', '2026-06-01T10:00:00Z');
    endpoint.statuses.push(503);
    const now = at('2026-06-01T10:00:00Z');
    await tick(now);
    expect(await sentTo(u.userId, 'weekly_reward')).toMatchObject([
      { status: 'pending', attempts: 1, nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)) },
    ]);
    await tick(new Date(now.getTime() + retryDelayMs(1)));
    expect(await sentTo(u.userId, 'weekly_reward')).toMatchObject([{ status: 'sent', attempts: 2 }]);
    const mine = endpoint.received.filter((r) => r.path === path);
    expect(mine).toHaveLength(2);
    const clear = ece.decrypt(mine[1]!.body, {
      version: 'aes128gcm',
      privateKey: ecdh,
      authSecret: keys.auth,
    });
    expect(JSON.parse(clear.toString('utf8'))).toMatchObject({
      title: 'LEC: premio della settimana 2',
      body: 'Hai ricevuto 25 Burro Coin (4° posto).',
      url: '/leaderboard?league=x',
    });

    endpoint.statuses.push(410);
    const res = await u.request({ method: 'POST', url: '/api/me/push-subscriptions/test' });
    expect(res.statusCode).toBe(202);
    await expect
      .poll(
        async () =>
          (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.userId))).length,
      )
      .toBe(0);
    const none = await u.request({ method: 'POST', url: '/api/me/push-subscriptions/test' });
    expect(none.statusCode).toBe(409);
  });

  it('a push service that holds a batch up: what was not started within the window goes back to the queue, never to two senders', async () => {
    const { u, path } = await pushPlayer();
    for (const target of ['slow-1', 'slow-2', 'slow-3'])
      await weeklyReward(u.userId, target, '2026-07-01T10:00:00Z');
    const deps = senderDeps();
    const now = at('2026-07-01T10:00:00Z');
    // the first push takes longer than the whole window: the batch's other two must not start after it
    endpoint.delays.push(1500);
    const sent = await deliverDue(deps, now, {
      workers: 1,
      maxBatches: 1,
      pushPace: { windowMs: 1000, concurrency: 1 },
    });
    expect(sent.push).toBe(1);
    const states = await sentTo(u.userId, 'weekly_reward');
    expect(states.filter((s) => s.status === 'sent')).toHaveLength(1);
    // back in the queue, due at once, the claim not counted as an attempt
    expect(states.filter((s) => s.status === 'pending')).toMatchObject([
      { attempts: 0, nextAttemptAt: now },
      { attempts: 0, nextAttemptAt: now },
    ]);
    await tick(now);
    expect((await sentTo(u.userId, 'weekly_reward')).map((s) => s.status)).toEqual(['sent', 'sent', 'sent']);
    expect(endpoint.received.filter((r) => r.path === path)).toHaveLength(3);
  });

  it('refuses endpoints on this machine or private networks unless allowed; a device is removed by its owner only', async () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', [])).toBe(true);
    expect(endpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/x', [])).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://192.168.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
      'https://localhost/x',
      'https://intranet/x',
      'https://user:pw@fcm.googleapis.com/x',
      'file:///etc/passwd',
    ]) {
      expect(endpointAllowed(bad, []), bad).toBe(false);
    }
    const u = await player();
    const refused = await u.request({
      method: 'POST',
      url: '/api/me/push-subscriptions',
      payload: { endpoint: 'https://10.0.0.1/push', keys: browserKeys().keys },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('PUSH_ENDPOINT_REFUSED');

    await subscribe(u, '/push/owned');
    const other = await player();
    const notTheirs = await other.request({
      method: 'DELETE',
      url: '/api/me/push-subscriptions',
      payload: { endpoint: `http://${endpoint.host}/push/owned` },
    });
    expect(notTheirs.statusCode).toBe(404);
    const mine = await u.request({
      method: 'DELETE',
      url: '/api/me/push-subscriptions',
      payload: { endpoint: `http://${endpoint.host}/push/owned` },
    });
    expect(mine.statusCode).toBe(200);
  });
});

describe('weekly reward received', () => {
  it('is written with the distribution, for the players who asked', async () => {
    const league = await createLeague(db(), {
      name: `Premio ${randomBytes(3).toString('hex')}`,
      type: 'LEC',
    });
    const wants = await player({ kinds: { weekly_reward: { email: true, push: false } } });
    const silent = await player();
    for (const [i, u] of [wants, silent].entries()) {
      const r = await join(u.userId, league.id);
      await db()
        .update(rosters)
        .set({ totalPoints: 10 - i })
        .where(eq(rosters.id, r.id));
    }
    await db().insert(weeks).values({
      leagueId: league.id,
      weekNumber: 1,
      name: 'Settimana 1',
      startDate: '2026-03-01',
      endDate: '2026-03-08',
    });
    const admin = await userAgent(ctx.app, db(), { isAdmin: true });
    const res = await admin.request({
      method: 'POST',
      url: '/api/admin/weekly-rewards/distribute',
      payload: { leagueId: league.id, weekNumber: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await sentTo(wants.userId, 'weekly_reward');
    expect(row).toMatchObject({ channel: 'email', status: 'pending', target: `${league.id}:1` });
    expect(row!.payload).toMatchObject({ leagueName: league.name, weekNumber: 1, position: 1 });
    expect(await sentTo(silent.userId, 'weekly_reward')).toEqual([]);
    await tick(new Date(Date.now() + 1000));
    const [mail] = await mailsFor(wants.userId);
    expect(mail!.subject).toBe(`${league.name}: premio della settimana 1`);
  });
});

/**
 * A local SMTP server (plain, no TLS offered): records each mail it accepts; refuses the message's data with
 * a 554 for as many mails as `refuse` says.
 */
async function smtpServer() {
  const accepted: string[] = [];
  const state = { refuse: 0, slowMs: 0 };
  const server = net.createServer((socket) => {
    let buffer = '';
    let data = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const body = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          data = false;
          if (state.refuse > 0) {
            state.refuse--;
            socket.write('554 refused\r\n');
          } else {
            accepted.push(body);
            // the next answer only after `slowMs`, once: a relay that holds a delivery up
            const wait = state.slowMs;
            state.slowMs = 0;
            setTimeout(() => socket.write('250 queued\r\n'), wait);
          }
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO')) socket.write('250-test\r\n250 OK\r\n');
        else if (line.startsWith('DATA')) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, accepted, state, close: () => new Promise((r) => server.close(r)) };
}

describe('over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let mailing: TestContext;
  beforeAll(async () => {
    smtp = await smtpServer();
    mailing = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await mailing?.close();
    await smtp?.close();
  });

  it('a refused delivery is tried again with backoff, with the same outbox row: one mail, its headers kept', async () => {
    const u = await userAgent(mailing.app, mailing.database.db);
    const mdb = mailing.database.db;
    await mdb
      .insert(notificationPreferences)
      .values({ userId: u.userId, kind: 'weekly_reward', email: true, push: false });
    await enqueueNotifications(mdb, {
      kind: 'weekly_reward',
      target: 'smtp-retry',
      dueAt: at('2026-09-01T10:00:00Z'),
      recipients: sql`select ${u.userId}::uuid, ${JSON.stringify({ leagueId: 'x', leagueName: 'LPL', weekNumber: 5, amount: 30, position: 3 })}::jsonb`,
    });
    const mine = () => mdb.select().from(notifications).where(eq(notifications.userId, u.userId));
    const now = at('2026-09-01T10:00:00Z');
    smtp.state.refuse = 1;
    await mailing.app.notifications.tick(now);
    expect(await mine()).toMatchObject([
      { status: 'pending', attempts: 1, nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)) },
    ]);
    expect(smtp.accepted).toEqual([]);
    await mailing.app.notifications.tick(new Date(now.getTime() + retryDelayMs(1)));
    const [row] = await mine();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    const outbox = await mdb.execute<{ n: number; sent: boolean }>(sql`
      select count(*)::int as n, bool_and(sent_at is not null) as sent from mail_outbox where id = ${row!.mailId}`);
    expect(outbox.rows[0]).toEqual({ n: 1, sent: true });
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.accepted[0]).toMatch(/^Subject: LPL: premio della settimana 5$/m);
    expect(smtp.accepted[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(smtp.accepted[0]).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/fantarift\.test\/api\/notifications\/unsubscribe\?u=/m,
    );
  });

  it('a relay that holds a delivery up: no mail is started past the window, the rest is handed back', async () => {
    const mdb = mailing.database.db;
    const ids: string[] = [];
    for (const to of ['lento1@example.com', 'lento2@example.com'])
      ids.push(await mailing.app.mailer.enqueue(mdb, { to, subject: 'Prova', text: 'Prova' }));
    const before = smtp.accepted.length;
    smtp.state.slowMs = 1500;
    const left = await mailing.app.mailer.deliver(ids, Date.now() + 1000);
    expect(left).toHaveLength(1);
    expect(ids).toContain(left[0]);
    expect(smtp.accepted.length - before).toBe(1);
    expect(await mailing.app.mailer.deliver(left)).toEqual([]);
    expect(smtp.accepted.length - before).toBe(2);
  });
});
