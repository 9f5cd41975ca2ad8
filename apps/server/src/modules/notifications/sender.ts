import { NOTIFICATION_KINDS, type NotificationKind } from '@fantarift/core';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { mailOutbox, pushSubscriptions } from '../../db/schema.ts';
import { type Mailer, SMTP_TIMEOUT_MS } from '../mail/index.ts';
import { PUSH_TIMEOUT_MS, type PushSender } from './push.ts';
import { emailText, renderNotification } from './render.ts';
import { unsubscribeKey, unsubscribeUrlSql } from './unsubscribe.ts';

/** A claimed message is left alone this long: a sender that dies mid-send frees it when the lease ends. */
export const LEASE_MS = 120_000;
/**
 * A claimed push is started only this long after its claim: a push started in time is over (PUSH_TIMEOUT_MS)
 * before the lease ends, so no other sender ever takes a message this one is still pushing. The rest of a batch
 * a slow push service held up goes back to the queue, due at once.
 */
export const PUSH_SEND_WINDOW_MS = LEASE_MS - PUSH_TIMEOUT_MS - 10_000;
/** The same for a mail over SMTP: a relay that stops answering fails a mail after SMTP_TIMEOUT_MS of silence. */
const SMTP_SEND_WINDOW_MS = LEASE_MS - 3 * SMTP_TIMEOUT_MS - 10_000;
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

/** A claimed push: what it says, to whom, and whether it is still to be sent. */
type ClaimedPush = {
  id: number;
  user_id: string;
  kind: NotificationKind;
  payload: unknown;
  attempts: number;
  stale: boolean;
};

/** A message handed over to the mailer's SMTP delivery, waiting under its lease for the outcome. */
type Waiting = { id: number; mail_id: string; attempts: number };

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The due messages of a channel, oldest first, locked; rows another sender holds are skipped. */
const dueQueue = (channel: 'email' | 'push', now: Date, limit: number) => sql`
  select message_id from notification_queue
  where channel = ${channel} and due_at <= ${iso(now)}
  -- the due index's own order (channel, due_at): a batch reads only the rows it takes
  order by due_at
  limit ${limit}
  for update skip locked`;

/** The kinds' defaults as SQL, for a message whose player made no choice (built from the registry). */
function defaultsCase(channel: 'email' | 'push'): string {
  const on = Object.entries(NOTIFICATION_KINDS)
    .filter(([, k]) => k.defaults[channel])
    .map(([kind]) => `'${kind}'`);
  return on.length ? `n.kind in (${on.join(', ')})` : 'false';
}

/**
 * No longer to be sent, as SQL over the message `n` and its player `u` (left-joined): the player is gone
 * (deleted while it was being written), its deadline passed, or the player turned its kind off on its channel.
 */
const staleSql = (channel: 'email' | 'push', now: Date) => sql`(u.id is null
    or coalesce(n.expires_at <= ${iso(now)}, false)
    or not coalesce((select p.${sql.raw(channel)} from notification_preferences p where p.user_id = n.user_id and p.kind = n.kind),
      ${sql.raw(defaultsCase(channel))}))`;

/**
 * Messages leave the queue with their outcome, in one statement: the queue row (and its attempts) is deleted,
 * the outcome row written.
 */
async function finish(
  db: DbOrTx,
  ids: number[],
  status: 'sent' | 'dropped' | 'failed',
  now: Date,
  error: string | null = null,
): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    with done as (
      delete from notification_queue where message_id = any(${sql.param(ids)}::bigint[])
      returning message_id, attempts
    )
    insert into notification_outcomes (message_id, status, attempts, sent_at, error)
    select message_id, ${status}::text, attempts, ${status === 'sent' ? now.toISOString() : null}::timestamptz,
      ${error?.slice(0, 500) ?? null}::text
    from done`);
}

/** A failed send: tried again later with backoff, or given up after MAX_ATTEMPTS. */
async function failed(db: Database, id: number, attempts: number, error: string, now: Date): Promise<void> {
  if (attempts >= MAX_ATTEMPTS) return finish(db, [id], 'failed', now, error);
  await db.execute(sql`
    update notification_queue set due_at = ${iso(new Date(now.getTime() + retryDelayMs(attempts)))},
      error = ${error.slice(0, 500)}::text
    where message_id = ${id}`);
}

/**
 * An e-mail's subject and its text around the player's own unsubscribe link (which PostgreSQL puts in
 * between), for one (kind, payload); undefined (logged) for a payload it cannot be written from.
 */
function renderable(deps: SenderDeps, kind: NotificationKind, payload: unknown) {
  try {
    const message = renderNotification(kind, payload);
    const [before, after] = emailText(kind, message, deps.config.appUrl, '\u0000').split('\u0000');
    return { subject: message.title, before: before!, after: after! };
  } catch (err) {
    deps.log.error({ kind, payload, error: String(err) }, 'notification payload not renderable, dropped');
    return undefined;
  }
}

/**
 * E-mails: the batch's due messages are locked, then one statement writes each one's outbox row (the
 * id made from the message's, `notification_mail_id`, so a retry delivers that row again, never a second one) and takes it off the
 * queue: exactly once. Node renders what a message says once per distinct (kind, payload) of the batch (a
 * reminder's million messages say the same); PostgreSQL adds each player's address and signed unsubscribe
 * link. Without SMTP the outbox is the mailbox, so a message handed over is sent; with SMTP it stays queued
 * under a lease until its delivery is known, and a failed delivery is tried again with backoff.
 */
async function sendEmails(deps: SenderDeps, now: Date, claimedAt: Date, limit: number): Promise<Batch> {
  const { db, config, mailer } = deps;
  const startBy = Date.now() + SMTP_SEND_WINDOW_MS;
  const key = await unsubscribeKey(db);
  const handedIsSent = !mailer.smtpEnabled;
  const { claimed, sent, waiting } = await db.transaction(async (tx) => {
    // the batch, by what its messages say
    const groups = await tx.execute<{ kind: NotificationKind; payload: unknown; ids: string }>(sql`
      with due as (${dueQueue('email', now, limit)})
      select n.kind, n.payload, string_agg(n.id::text, ',') as ids
      from due join notification_messages n on n.id = due.message_id
      group by n.kind, n.payload`);
    if (groups.rows.length === 0) return { claimed: 0, sent: 0, waiting: [] as Waiting[] };
    const ids: string[] = [];
    const template: number[] = [];
    const subjects: string[] = [];
    const befores: string[] = [];
    const afters: string[] = [];
    for (const g of groups.rows) {
      const text = renderable(deps, g.kind, g.payload);
      if (text) {
        subjects.push(text.subject);
        befores.push(text.before);
        afters.push(text.after);
      }
      // template 0: a payload that cannot be rendered, dropped with its error
      for (const id of g.ids.split(',')) {
        ids.push(id);
        template.push(text ? subjects.length : 0);
      }
    }
    const link = unsubscribeUrlSql(config.appUrl, key, sql`m.user_id::text`, sql`m.kind`);
    const { rows } = await tx.execute<{ handed: number; waiting: Waiting[] }>(sql`
      with t as (
        select * from unnest(${sql.param(subjects)}::text[], ${sql.param(befores)}::text[], ${sql.param(afters)}::text[])
          with ordinality as t(subject, before, after, no)
      ),
      m as materialized (
        select n.id, notification_mail_id(n.id) as mail_id, n.user_id, n.kind, u.email, q.attempts + 1 as attempts, t.subject, t.before, t.after,
          (t.no is null or ${staleSql('email', now)}) as dropped, t.no is null as unrenderable
        from unnest(${sql.param(ids)}::bigint[], ${sql.param(template)}::int[]) as i(id, no)
        join notification_messages n on n.id = i.id
        join notification_queue q on q.message_id = n.id
        left join t on t.no = i.no
        left join users u on u.id = n.user_id
      ),
      mail as (
        insert into mail_outbox (id, "to", subject, text, headers)
        select m.mail_id, m.email, m.subject, m.before || l.link || m.after,
          jsonb_build_object('List-Unsubscribe', '<' || l.link || '>', 'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
        from m cross join lateral (select ${link} as link) l
        where not m.dropped
        on conflict (id) do nothing
      ),
      done as (
        delete from notification_queue q using m where q.message_id = m.id and (m.dropped or ${handedIsSent})
      ),
      leased as (
        update notification_queue q set due_at = ${iso(new Date(claimedAt.getTime() + LEASE_MS))}, attempts = m.attempts, error = null
        from m where q.message_id = m.id and not m.dropped and not ${handedIsSent}
      ),
      outcome as (
        insert into notification_outcomes (message_id, status, attempts, sent_at, error)
        select m.id, case when m.dropped then 'dropped' else 'sent' end, m.attempts,
          case when not m.dropped then ${iso(now)} end, case when m.unrenderable then 'payload not renderable' end
        from m where m.dropped or ${handedIsSent}
      )
      select count(*) filter (where not m.dropped)::int as handed,
        coalesce(json_agg(json_build_object('id', m.id, 'mail_id', m.mail_id, 'attempts', m.attempts))
          filter (where not m.dropped and not ${handedIsSent}), '[]') as waiting
      from m`);
    const result = rows[0]!;
    return { claimed: ids.length, sent: handedIsSent ? result.handed : 0, waiting: result.waiting };
  });
  if (waiting.length === 0) return { claimed, sent };
  return { claimed, sent: await settleDeliveries(deps, waiting, now, startBy) };
}

/**
 * SMTP: delivers the outbox rows just written and settles each message by its delivery's outcome; those the
 * window left unstarted go back to the queue.
 */
async function settleDeliveries(
  deps: SenderDeps,
  waiting: Waiting[],
  now: Date,
  startBy: number,
): Promise<number> {
  const { db, mailer } = deps;
  const left = new Set(
    await mailer.deliver(
      waiting.map((w) => w.mail_id),
      startBy,
    ),
  );
  await release(
    db,
    waiting.filter((w) => left.has(w.mail_id)).map((w) => w.id),
    now,
  );
  const started = waiting.filter((w) => !left.has(w.mail_id));
  const mailIds = started.map((w) => w.mail_id);
  const outcome = await db
    .select({ id: mailOutbox.id, sentAt: mailOutbox.sentAt, error: mailOutbox.error })
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, mailIds));
  const byId = new Map(outcome.map((o) => [o.id, o]));
  const sent: number[] = [];
  for (const w of started) {
    const mail = byId.get(w.mail_id);
    if (mail?.sentAt) sent.push(w.id);
    else await failed(db, w.id, w.attempts, mail?.error ?? 'mail not delivered', now);
  }
  await finish(db, sent, 'sent', now);
  return sent.length;
}

/**
 * Claims up to `limit` due pushes: rows another instance holds are skipped (SKIP LOCKED), and the claim moves
 * them past a lease, so no other sender takes them while this one works.
 */
async function claimPushes(db: Database, now: Date, claimedAt: Date, limit: number): Promise<ClaimedPush[]> {
  const result = await db.execute<ClaimedPush>(sql`
    with due as (${dueQueue('push', now, limit)}),
    claimed as (
      update notification_queue q set due_at = ${iso(new Date(claimedAt.getTime() + LEASE_MS))}, attempts = q.attempts + 1
      from due where q.message_id = due.message_id
      returning q.message_id, q.attempts
    )
    select n.id, n.user_id, n.kind, n.payload, c.attempts, ${staleSql('push', now)} as stale
    from claimed c join notification_messages n on n.id = c.message_id
    left join users u on u.id = n.user_id`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Push requests in flight at once per batch: the push services are remote, a batch has thousands. */
export const PUSH_CONCURRENCY = 64;

/** How a batch's pushes go out: at most `concurrency` at once, none started `windowMs` after the claim. */
export interface PushPace {
  windowMs: number;
  concurrency: number;
}

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
async function sendPushes(
  deps: SenderDeps,
  now: Date,
  claimedAt: Date,
  limit: number,
  { windowMs, concurrency }: PushPace,
): Promise<Batch> {
  const { db, push, log } = deps;
  const startBy = Date.now() + windowMs;
  const claimed = await claimPushes(db, now, claimedAt, limit);
  await finish(
    db,
    claimed.filter((r) => r.stale).map((r) => r.id),
    'dropped',
    now,
  );
  const rows = claimed.filter((r) => !r.stale);
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
  const failures: { row: ClaimedPush; errors: string[] }[] = [];
  const late: number[] = [];
  await eachLimited(rows, concurrency, async (row) => {
    if (Date.now() > startBy) {
      late.push(row.id);
      return;
    }
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
  await finish(db, sent, 'sent', now);
  await finish(db, noDevice, 'dropped', now, 'no device');
  await release(db, late, now);
  for (const { row, errors } of failures) {
    log.warn({ notification: row.id, errors }, 'push failed, tried again later');
    await failed(db, row.id, row.attempts, errors.join('; '), now);
  }
  return { claimed: claimed.length, sent: sent.length };
}

/** Claimed messages not started in time: due again at once, their claim not counted as an attempt. */
async function release(db: Database, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update notification_queue set due_at = ${iso(now)}, attempts = attempts - 1
    where message_id = any(${sql.param(ids)}::bigint[])`);
}

export async function forgetDevices(db: Database, endpoints: string[]): Promise<void> {
  if (endpoints.length)
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, endpoints));
}

/** Batches one instance works on at once: one's rendering in Node overlaps another's writes in PostgreSQL. */
export const SEND_WORKERS = 3;

/**
 * What the planner running beside the senders has written so far: a sender that finds nothing due waits for
 * its next chunk instead of stopping, so the first chunks go out while the rest is planned.
 */
export class PlanningProgress {
  private chunks = 0;
  private finished = false;
  private waiters: (() => void)[] = [];

  /** How many chunks were committed: read before a claim, compared after an empty one. */
  get seen(): number {
    return this.chunks;
  }

  /** A chunk's messages are committed. */
  chunk(): void {
    this.chunks++;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Nothing more will be planned in this tick. */
  finish(): void {
    this.finished = true;
    this.chunk();
  }

  /** After an empty claim: true to claim again (a chunk came since `seen`, or one will), false to stop. */
  async more(seen: number): Promise<boolean> {
    if (this.chunks !== seen) return true;
    if (this.finished) return false;
    await new Promise<void>((wake) => this.waiters.push(wake));
    return true;
  }
}

/**
 * Sends what is due now, a batch at a time on each of `workers` connections, until nothing is due and the
 * planning beside it (if any) is over (or each worker sent `maxBatches`). The batches never overlap: each
 * locks its rows with SKIP LOCKED.
 */
export async function deliverDue(
  deps: SenderDeps,
  now: Date,
  {
    batch = 5000,
    maxBatches = 10_000,
    workers = SEND_WORKERS,
    planning,
    pushPace = { windowMs: PUSH_SEND_WINDOW_MS, concurrency: PUSH_CONCURRENCY },
  }: {
    batch?: number;
    maxBatches?: number;
    workers?: number;
    planning?: PlanningProgress;
    pushPace?: PushPace;
  } = {},
): Promise<{ email: number; push: number }> {
  const sent = { email: 0, push: 0 };
  // a claim's lease runs from the moment it is made: a tick's later batches come well after `now`
  const started = Date.now();
  const clock = () => new Date(now.getTime() + Date.now() - started);
  const worker = async () => {
    for (let i = 0; i < maxBatches; i++) {
      const seen = planning?.seen ?? 0;
      const email = await sendEmails(deps, now, clock(), batch);
      const pushed = await sendPushes(deps, now, clock(), batch, pushPace);
      sent.email += email.sent;
      sent.push += pushed.sent;
      // nothing taken: what is still due is held by another worker or instance, which sends it, or is
      // still being planned
      if (email.claimed === 0 && pushed.claimed === 0 && !(await planning?.more(seen))) break;
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return sent;
}
