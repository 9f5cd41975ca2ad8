import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import webpush from 'web-push';
import type { AppConfig } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sharedSecret } from './secrets.ts';

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** What the push service answered: delivered, gone (404/410: the subscription is dead), or failed. */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; error: string };

export const PUSH_TIMEOUT_MS = 10_000;

/** An address the server may post to: a public unicast one (no loopback, private, link-local...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/**
 * Whether a subscription's endpoint may be stored and posted to: `https` on a public host, or a host:port
 * of WEB_PUSH_ALLOW_HOSTS (tests; plain http allowed there). A name is checked again when it is resolved,
 * at each send (`guardedLookup`): a name that points at a private address later is refused then.
 */
export function endpointAllowed(endpoint: string, allowHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowHosts.includes(url.host.toLowerCase()))
    return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host);
  // a bare name (no dot) or localhost only ever reaches this machine's network
  return host.includes('.') && !/(^|\.)localhost$/i.test(host);
}

/** DNS lookup that refuses private addresses: no request forgery through a subscription's host name. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as { address: string; family: number }[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0) {
      return callback(new Error(`push endpoint resolves to a non-public address (${hostname})`), '', 0);
    }
    if ((options as { all?: boolean }).all)
      return (callback as never as (e: null, a: unknown) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * Web Push with VAPID (the `web-push` library builds and encrypts each request, aes128gcm); the request is
 * sent by our own client, which enforces where it may go (see `endpointAllowed`).
 */
export class PushSender {
  private keys: { publicKey: string; privateKey: string } | undefined;

  constructor(private readonly config: AppConfig) {}

  /** The VAPID keys: from the configuration, else made on the first start and kept in the database. */
  async vapidKeys(db: DbOrTx): Promise<{ publicKey: string; privateKey: string }> {
    this.keys ??= this.config.vapid ?? (await sharedSecret(db, 'vapid', () => webpush.generateVAPIDKeys()));
    return this.keys;
  }

  allowed(endpoint: string): boolean {
    return endpointAllowed(endpoint, this.config.webPushAllowHosts);
  }

  async send(db: DbOrTx, subscription: PushSubscriptionKeys, message: PushMessage): Promise<PushOutcome> {
    if (!this.allowed(subscription.endpoint)) return { ok: false, gone: true, error: 'endpoint not allowed' };
    const keys = await this.vapidKeys(db);
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: this.config.vapidSubject, ...keys },
        // a reminder a day old is worth nothing: the push service may drop it after a day offline
        TTL: 86_400,
        contentEncoding: 'aes128gcm',
      },
    );
    return post(details, this.config.webPushAllowHosts);
  }
}

function post(
  details: {
    endpoint: string;
    method: string;
    headers: Record<string, string | number>;
    body: Buffer | null;
  },
  allowHosts: readonly string[],
): Promise<PushOutcome> {
  const url = new URL(details.endpoint);
  const listed = allowHosts.includes(url.host.toLowerCase());
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        // a host of WEB_PUSH_ALLOW_HOSTS (tests) is reached wherever it is; every other one only on a public address
        ...(listed ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ ok: true });
          else
            resolve({
              ok: false,
              gone: status === 404 || status === 410,
              error: `push service answered ${status}`,
            });
        });
      },
    );
    // the whole exchange, however slowly its bytes come: the sender counts on a push being over by then (sender.ts)
    const deadline = setTimeout(() => req.destroy(new Error('push service timed out')), PUSH_TIMEOUT_MS);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', (err) => resolve({ ok: false, gone: false, error: err.message }));
    req.end(details.body ?? undefined);
  });
}
