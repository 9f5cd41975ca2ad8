import { NOTIFICATION_KINDS, type NotificationKind } from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

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
 * announces nothing and a repeated one nothing twice (the unique key). Push only for players with a device.
 * Set-based: one statement for any number of recipients. Returns how many messages were written.
 */
export async function enqueueNotifications(db: DbOrTx, o: EnqueueOptions): Promise<number> {
  const defaults = NOTIFICATION_KINDS[o.kind].defaults;
  const due = (o.dueAt ?? new Date()).toISOString();
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, target, channel, payload, expires_at, next_attempt_at)
    select r.user_id, ${o.kind}, ${o.target ?? sql`r.target`}, ch.channel, r.payload,
      ${o.expiresAt?.toISOString() ?? null}::timestamptz, ${due}::timestamptz
    from (${o.recipients}) as ${o.target === undefined ? sql`r(user_id, payload, target)` : sql`r(user_id, payload)`}
    left join notification_preferences p on p.user_id = r.user_id and p.kind = ${o.kind}
    cross join lateral (values ('email', coalesce(p.email, ${defaults.email})),
      ('push', coalesce(p.push, ${defaults.push}))) as ch(channel, wanted)
    where ch.wanted
      and (ch.channel = 'email' or exists (select 1 from push_subscriptions s where s.user_id = r.user_id))
    on conflict (user_id, kind, target, channel) do nothing`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}

/**
 * Takes a reminder event's key (kind, target) once across every instance: true for the one transaction that
 * inserted it, which then writes the event's messages; a second planner (or a restart) skips it.
 */
export async function claimEvent(db: DbOrTx, kind: NotificationKind, target: string): Promise<boolean> {
  const result = await db.execute(sql`
    insert into notification_events (kind, target) values (${kind}, ${target})
    on conflict do nothing returning kind`);
  return result.rows.length > 0;
}
