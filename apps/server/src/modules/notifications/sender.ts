import { randomUUID } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@fantarift/core';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { mailOutbox, notifications, pushSubscriptions } from '../../db/schema.ts';
import type { Mailer } from '../mail/index.ts';
import type { PushSender } from './push.ts';
import { emailText, renderNotification } from './render.ts';
import { unsubscribeKey, unsubscribeUrl } from './unsubscribe.ts';

/** A claimed message is left alone this long: a sender that dies mid-send frees it when the lease ends. */
export const LEASE_MS = 120_000;
/** Failed sends are tried again after 30 s, 1, 2, 4... minutes, at most an hour apart, this many times in all. */
export const MAX_ATTEMPTS = 6;
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

export interface SenderDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  push: PushSender;
  log: FastifyBaseLogger;
}

/** A batch: the messages it took, and those sent. */
interface Batch {
  claimed: number;
  sent: number;
}

type Claimed = {
  id: number;
  user_id: string;
  kind: NotificationKind;
  channel: 'email' | 'push';
  payload: unknown;
  attempts: number;
  mail_id: string | null;
  expired: boolean;
  wanted: boolean;
  email: string;
};

/**
 * Claims up to `limit` due messages of a channel: rows another instance holds are skipped (SKIP LOCKED),
 * and the claim moves them past a lease, so no other sender takes them while this one works.
 */
async function claim(db: Database, channel: 'email' | 'push', now: Date, limit: number): Promise<Claimed[]> {
  const result = await db.execute<Claimed>(sql`
    with due as (
      select id from notifications
      where status = 'pending' and channel = ${channel} and next_attempt_at <= ${now.toISOString()}::timestamptz
      -- the due index's own order (channel, next_attempt_at): a batch reads only the rows it takes
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update notifications n
    set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz, attempts = n.attempts + 1
    from due, users u
    where n.id = due.id and u.id = n.user_id
    returning n.id, n.user_id, n.kind, n.channel, n.payload, n.attempts, n.mail_id, u.email,
      coalesce(n.expires_at <= ${now.toISOString()}::timestamptz, false) as expired, ${wantedSql()} as wanted`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The player's choice for the row's kind and channel, else the kind's default (SQL over `n`). */
const wantedSql = () => sql`coalesce((select case when n.channel = 'email' then p.email else p.push end
    from notification_preferences p where p.user_id = n.user_id and p.kind = n.kind),
    case when n.channel = 'email' then (${sql.raw(defaultsCase('email'))}) else (${sql.raw(defaultsCase('push'))}) end)`;

/**
 * Locks up to `limit` due e-mails inside the caller's transaction (rows another instance holds are skipped):
 * the transaction that hands them to the mailer is the claim, so a sender that dies hands over nothing.
 */
async function lockDueEmails(tx: DbOrTx, now: Date, limit: number): Promise<Claimed[]> {
  const result = await tx.execute<Claimed>(sql`
    select n.id, n.user_id, n.kind, n.channel, n.payload, n.attempts + 1 as attempts, n.mail_id, u.email,
      coalesce(n.expires_at <= ${now.toISOString()}::timestamptz, false) as expired, ${wantedSql()} as wanted
    from notifications n join users u on u.id = n.user_id
    where n.status = 'pending' and n.channel = 'email' and n.next_attempt_at <= ${now.toISOString()}::timestamptz
    order by n.next_attempt_at
    limit ${limit}
    for update of n skip locked`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The kinds' defaults as SQL, for a row whose player made no choice (no user text: built from the registry). */
function defaultsCase(channel: 'email' | 'push'): string {
  const on = Object.entries(NOTIFICATION_KINDS)
    .filter(([, k]) => k.defaults[channel])
    .map(([kind]) => `'${kind}'`);
  return on.length ? `n.kind in (${on.join(', ')})` : 'false';
}

async function settle(
  db: Database,
  ids: number[],
  set: Partial<typeof notifications.$inferInsert>,
): Promise<void> {
  if (ids.length) await db.update(notifications).set(set).where(inArray(notifications.id, ids));
}

/** A failed send: tried again later with backoff, or given up after MAX_ATTEMPTS. */
async function failed(db: Database, row: Claimed, error: string, now: Date): Promise<void> {
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  await settle(db, [row.id], {
    status: giveUp ? 'failed' : 'pending',
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
    error: error.slice(0, 500),
  });
}

/** Drops what is no longer wanted (the player turned the kind off) or no longer useful (its deadline passed). */
async function dropStale(db: Database, rows: Claimed[]): Promise<Claimed[]> {
  const stale = rows.filter((r) => r.expired || !r.wanted);
  await settle(
    db,
    stale.map((r) => r.id),
    { status: 'dropped' },
  );
  return rows.filter((r) => !r.expired && r.wanted);
}

/**
 * E-mails: each claimed message becomes one outbox row of the mailer, written with the message's mark in one
 * transaction (a retry delivers that row again, never a second one); with SMTP the outbox is delivered at
 * once and a failed delivery is tried again with backoff.
 */
async function sendEmails(deps: SenderDeps, now: Date, limit: number): Promise<Batch> {
  const { db, config, mailer } = deps;
  const key = await unsubscribeKey(db);
  const handedIsSent = !mailer.smtpEnabled;
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const { rows, claimed } = await db.transaction(async (tx) => {
    const locked = await lockDueEmails(tx, now, limit);
    if (locked.length === 0) return { rows: [], claimed: 0 };
    // no longer wanted (the player turned the kind off) or no longer useful (its deadline passed): dropped
    const live = locked.filter((r) => !r.expired && r.wanted);
    const fresh = live.filter((r) => r.mail_id === null);
    // the outbox rows' ids are made here, so each message is tied to its mail without relying on row order
    const mails = fresh.map((r) => {
      const message = renderNotification(r.kind, r.payload);
      const unsubscribe = unsubscribeUrl(config.appUrl, key, r.user_id, r.kind);
      r.mail_id = randomUUID();
      return {
        id: r.mail_id,
        to: r.email,
        subject: message.title,
        text: emailText(r.kind, message, config.appUrl, unsubscribe),
        headers: JSON.stringify({
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }),
      };
    });
    const column = <K extends keyof (typeof mails)[number]>(k: K) => sql.param(mails.map((m) => m[k]));
    // one statement: the outbox rows and each message's fate. Without SMTP the outbox is the mailbox, so a
    // message handed over is sent; with SMTP it waits under a lease until its delivery is known (below).
    await tx.execute(sql`
      with m as (
        select * from unnest(${sql.param(fresh.map((r) => r.id))}::bigint[], ${column('id')}::uuid[],
          ${column('to')}::text[], ${column('subject')}::text[], ${column('text')}::text[], ${column('headers')}::jsonb[])
          as m(notification_id, id, "to", subject, text, headers)
      ),
      mail as (
        insert into mail_outbox (id, "to", subject, text, headers)
        select id, "to", subject, text, headers from m
      )
      update notifications n set attempts = n.attempts + 1, mail_id = coalesce(m.id, n.mail_id),
        status = case when a.dropped then 'dropped' when ${handedIsSent} then 'sent' else 'pending' end,
        sent_at = case when not a.dropped and ${handedIsSent} then ${now.toISOString()}::timestamptz end,
        next_attempt_at = case when a.dropped or ${handedIsSent} then n.next_attempt_at else ${lease}::timestamptz end,
        error = null
      from unnest(${sql.param(locked.map((r) => r.id))}::bigint[], ${sql.param(locked.map((r) => r.expired || !r.wanted))}::boolean[])
        as a(id, dropped)
      left join m on m.notification_id = a.id
      where n.id = a.id`);
    return { rows: live, claimed: locked.length };
  });
  if (handedIsSent || rows.length === 0) return { claimed, sent: rows.length };
  const mailIds = rows.map((r) => r.mail_id!);
  await mailer.deliver(mailIds);
  const outcome = await db
    .select({ id: mailOutbox.id, sentAt: mailOutbox.sentAt, error: mailOutbox.error })
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, mailIds));
  const byId = new Map(outcome.map((o) => [o.id, o]));
  const sent: number[] = [];
  for (const r of rows) {
    const mail = byId.get(r.mail_id!);
    if (mail?.sentAt) sent.push(r.id);
    else await failed(db, r, mail?.error ?? 'mail not delivered', now);
  }
  await settle(db, sent, { status: 'sent', sentAt: now, error: null });
  return { claimed, sent: sent.length };
}

/** Push requests in flight at once per batch: the push services are remote, a batch has thousands. */
export const PUSH_CONCURRENCY = 64;

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Push: each claimed message goes to every device of its player (PUSH_CONCURRENCY requests at a time); a
 * device whose push service answers 404 or 410 is forgotten. The message counts as sent when a device took
 * it; when none did and one failed for another reason, it is tried again with backoff. The batch's fates are
 * written a few statements per batch, not one per message.
 */
async function sendPushes(deps: SenderDeps, now: Date, limit: number): Promise<Batch> {
  const { db, push, log } = deps;
  const claimed = await claim(db, 'push', now, limit);
  const rows = await dropStale(db, claimed);
  if (rows.length === 0) return { claimed: claimed.length, sent: 0 };
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.userId,
        rows.map((r) => r.user_id),
      ),
    );
  const byUser = new Map<string, (typeof devices)[number][]>();
  for (const d of devices) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d]);
  const sent: number[] = [];
  const noDevice: number[] = [];
  const gone: string[] = [];
  const failures: { row: Claimed; errors: string[] }[] = [];
  await eachLimited(rows, PUSH_CONCURRENCY, async (row) => {
    const mine = byUser.get(row.user_id) ?? [];
    const message = { ...renderNotification(row.kind, row.payload), tag: `${row.kind}:${row.id}` };
    const outcomes = await Promise.all(mine.map((d) => push.send(db, d, message)));
    mine.forEach((d, i) => {
      const o = outcomes[i]!;
      if (!o.ok && o.gone) gone.push(d.endpoint);
    });
    const errors = outcomes.flatMap((o) => (o.ok || o.gone ? [] : [o.error]));
    if (outcomes.some((o) => o.ok)) sent.push(row.id);
    else if (errors.length) failures.push({ row, errors });
    else noDevice.push(row.id); // no device left
  });
  await forgetDevices(db, gone);
  await settle(db, sent, { status: 'sent', sentAt: now, error: null });
  await settle(db, noDevice, { status: 'dropped', error: 'no device' });
  for (const { row, errors } of failures) {
    log.warn({ notification: row.id, errors }, 'push failed, tried again later');
    await failed(db, row, errors.join('; '), now);
  }
  return { claimed: claimed.length, sent: sent.length };
}

export async function forgetDevices(db: Database, endpoints: string[]): Promise<void> {
  if (endpoints.length)
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, endpoints));
}

/** Batches one instance works on at once: one's rendering in Node overlaps another's writes in PostgreSQL. */
export const SEND_WORKERS = 3;

/**
 * Sends what is due now, a batch at a time on each of `workers` connections, until nothing is due (or each
 * worker sent `maxBatches`). The batches never overlap: each locks its rows with SKIP LOCKED.
 */
export async function deliverDue(
  deps: SenderDeps,
  now: Date,
  { batch = 5000, maxBatches = 10_000, workers = SEND_WORKERS } = {},
): Promise<{ email: number; push: number }> {
  const sent = { email: 0, push: 0 };
  const worker = async () => {
    for (let i = 0; i < maxBatches; i++) {
      const email = await sendEmails(deps, now, batch);
      const pushed = await sendPushes(deps, now, batch);
      sent.email += email.sent;
      sent.push += pushed.sent;
      // nothing taken: what is still due is held by another worker or instance, which sends it
      if (email.claimed === 0 && pushed.claimed === 0) break;
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return sent;
}
