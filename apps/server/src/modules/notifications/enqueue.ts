import { NOTIFICATION_KINDS, type NotificationKind } from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';

export interface EnqueueOptions {
  kind: NotificationKind;
  /**
   * what the message is about, unique within the kind: a player gets one message per (kind, target, channel).
   * Left out, the recipients query gives each message's target as its third column: one statement for an
   * event about many targets (a week's close makes every head-to-head round of that week final).
   */
  target?: string;
  /** a query of two columns, the recipient's user id and the message's payload (jsonb), then the target if not given */
  recipients: SQL;
  /** when to send it (default: now) */
  dueAt?: Date;
  /** after it the message is dropped unsent (the deadline it announces has passed) */
  expiresAt?: Date | null;
}

/**
 * THE hook of every kind: writes one notification per recipient and channel the recipient turned on (or the
 * kind's default where they chose nothing), inside the caller's transaction, so a rolled-back change
 * announces nothing and a repeated one nothing twice (the unique key on the event, player and channel). Push
 * only for players with a device. Set-based: one statement for any number of recipients, which writes each
 * message and its place in the due queue. Returns how many messages were written.
 */
export async function enqueueNotifications(
  db: DbOrTx,
  o: EnqueueOptions,
  players?: PlayerRange,
): Promise<number> {
  const defaults = NOTIFICATION_KINDS[o.kind].defaults;
  const due = (o.dueAt ?? new Date()).toISOString();
  const target = o.target ?? sql`r.target`;
  // a chunk's range, on the preferences too: PostgreSQL does not carry a range from one side of a join to the other
  const inRange = (column: SQL) =>
    players
      ? sql`${players.after === null ? sql`true` : sql`${column} > ${players.after}::uuid`}
          and ${players.upto === null ? sql`true` : sql`${column} <= ${players.upto}::uuid`}`
      : sql`true`;
  const result = await db.execute(sql`
    with m as (
      insert into notification_messages (user_id, kind, target, channel, payload, expires_at, event_key)
      select r.user_id, ${o.kind}, ${target}, ch.channel, r.payload,
        ${o.expiresAt?.toISOString() ?? null}::timestamptz, notification_event_key(${o.kind}, ${target})
      from (${o.recipients}) as ${o.target === undefined ? sql`r(user_id, payload, target)` : sql`r(user_id, payload)`}
      left join (select * from notification_preferences p where p.kind = ${o.kind} and ${inRange(sql`p.user_id`)}) p
        on p.user_id = r.user_id
      cross join lateral (values ('email', coalesce(p.email, ${defaults.email})),
        ('push', coalesce(p.push, ${defaults.push}))) as ch(channel, wanted)
      where ${inRange(sql`r.user_id`)}
        and ch.wanted
        and (ch.channel = 'email' or exists (select 1 from push_subscriptions s where s.user_id = r.user_id))
      on conflict (event_key, user_id, channel) do nothing
      returning id, channel
    )
    insert into notification_queue (message_id, channel, due_at)
    select id, channel, ${due}::timestamptz from m`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}

/** A chunk of an event's players: user ids after `after` (null: from the first) up to `upto` (null: the last). */
interface PlayerRange {
  after: string | null;
  upto: string | null;
}

/** Players a reminder event writes per transaction: the first ones go out while the rest are written. */
export const PLAN_CHUNK = 50_000;

/**
 * Plans a reminder event (kind + target) once across every instance, in chunks of `chunk` players taken in
 * user-id order (the recipients query gives each player once): each chunk's messages are written in the
 * transaction that moves the event's `planned_through` past them, under the event row's lock, so two planners
 * never write one chunk (the second skips a locked event, and finds a finished one done) and a planner that
 * dies mid-way leaves the rest to the next one (a restart loses none). `onChunk` is told after each commit.
 * Returns the messages written.
 */
export async function planEvent(
  db: Database,
  o: EnqueueOptions & { target: string },
  { chunk = PLAN_CHUNK, onChunk }: { chunk?: number; onChunk?: () => void } = {},
): Promise<number> {
  await db.execute(sql`
    insert into notification_events (kind, target, done) values (${o.kind}, ${o.target}, false)
    on conflict do nothing`);
  let written = 0;
  let previous: string | null = null;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ planned_through: string | null; done: boolean }>(sql`
        select planned_through, done from notification_events where kind = ${o.kind} and target = ${o.target}
        for update skip locked`);
      const event = rows[0];
      if (!event || event.done) return undefined;
      const after = event.planned_through;
      // the chunk's last player; none: the rest fits in this chunk
      const last = await tx.execute<{ user_id: string }>(sql`
        select r.user_id from (${o.recipients}) as r(user_id, payload)
        where ${after === null ? sql`true` : sql`r.user_id > ${after}::uuid`}
        order by r.user_id offset ${chunk - 1} limit 1`);
      const upto = last.rows[0]?.user_id ?? null;
      // every chunk ends past the one before: a chunk that ended where the last did would repeat for ever
      if (upto !== null && upto === previous)
        throw new Error(`planning ${o.kind} ${o.target} made no progress`);
      previous = upto;
      const n = await enqueueNotifications(tx, o, { after, upto });
      await tx.execute(sql`
        update notification_events set planned_through = ${upto}::uuid, done = ${upto === null}
        where kind = ${o.kind} and target = ${o.target}`);
      return n;
    });
    if (step === undefined) return written;
    written += step;
    onChunk?.();
  }
}
