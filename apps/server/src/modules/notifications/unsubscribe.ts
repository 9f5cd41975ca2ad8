import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '@fantarift/core';
import type { DbOrTx } from '../../db/client.ts';
import { sharedSecret } from './secrets.ts';

/** The key that signs unsubscribe links: made on the first start, shared by every instance. */
export const unsubscribeKey = (db: DbOrTx) =>
  sharedSecret(db, 'unsubscribe', () => randomBytes(32).toString('base64url'));

const sign = (key: string, userId: string, kind: string) =>
  createHmac('sha256', key).update(`${userId}.${kind}`).digest('base64url');

/** The e-mail's one-click link: it names the player and the kind and is signed, so it needs no session. */
export function unsubscribeUrl(appUrl: string, key: string, userId: string, kind: NotificationKind): string {
  const query = new URLSearchParams({ u: userId, k: kind, t: sign(key, userId, kind) });
  return `${appUrl}/api/notifications/unsubscribe?${query}`;
}

export function validUnsubscribe(key: string, userId: string, kind: string, token: string): boolean {
  const expected = Buffer.from(sign(key, userId, kind));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
