import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
  withNotificationDefaults,
} from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema.ts';

export async function getPreferences(db: DbOrTx, userId: string): Promise<NotificationPreference[]> {
  const rows = await db
    .select({
      kind: notificationPreferences.kind,
      email: notificationPreferences.email,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return withNotificationDefaults(
    rows.filter((r): r is NotificationPreference => r.kind in NOTIFICATION_KINDS),
  );
}

/** Saves the given kinds' choices (others keep theirs) in one statement; returns every kind's. */
export async function putPreferences(
  db: DbOrTx,
  userId: string,
  preferences: readonly NotificationPreference[],
): Promise<NotificationPreference[]> {
  if (preferences.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(preferences.map((p) => ({ userId, kind: p.kind, email: p.email, push: p.push })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { email: sql`excluded.email`, push: sql`excluded.push`, updatedAt: sql`now()` },
      });
  }
  return getPreferences(db, userId);
}

/** The one-click unsubscribe: that kind's e-mails off, its push left as it was. */
export async function unsubscribeEmail(db: DbOrTx, userId: string, kind: NotificationKind): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, email: false, push: NOTIFICATION_KINDS[kind].defaults.push })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: false, updatedAt: sql`now()` },
    });
}
