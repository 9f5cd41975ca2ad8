import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sharedSecret } from './secrets.ts';

/** The key that signs unsubscribe links: made on the first start, shared by every instance. */
export const unsubscribeKey = (db: DbOrTx) =>
  sharedSecret(db, 'unsubscribe', () => randomBytes(32).toString('base64url'));

const sign = (key: string, userId: string, kind: string) =>
  createHmac('sha256', key).update(`${userId}.${kind}`).digest('base64url');

/**
 * The e-mail's one-click link, as SQL over a message's player and kind (a batch's links are made by
 * PostgreSQL, beside the outbox rows they go into): it names the player and the kind and is signed, so it
 * needs no session. The signature is `sign`'s HMAC-SHA256 (RFC 2104) out of PostgreSQL's sha256(): the
 * key's inner and outer pads are made here. Its query is what URLSearchParams would write: a user id, a
 * kind and a base64url signature need no escaping.
 */
export function unsubscribeUrlSql(appUrl: string, key: string, userId: SQL, kind: SQL): SQL {
  const raw = Buffer.from(key, 'utf8');
  const block = Buffer.alloc(64);
  (raw.length > 64 ? createHash('sha256').update(raw).digest() : raw).copy(block);
  const pad = (byte: number) => Buffer.from(block.map((b) => b ^ byte)).toString('hex');
  return sql`(${`${appUrl}/api/notifications/unsubscribe?u=`} || ${userId} || '&k=' || ${kind} || '&t=' ||
    rtrim(translate(encode(sha256(decode(${pad(0x5c)}, 'hex') || sha256(decode(${pad(0x36)}, 'hex') ||
      convert_to(${userId} || '.' || ${kind}, 'UTF8'))), 'base64'), '+/', '-_'), '='))`;
}

export function validUnsubscribe(key: string, userId: string, kind: string, token: string): boolean {
  const expected = Buffer.from(sign(key, userId, kind));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
