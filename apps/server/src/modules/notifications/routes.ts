import {
  MESSAGES,
  NOTIFICATION_KIND_VALUES,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@fantarift/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushSubscriptions } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { errors, MessageSchema } from '../../lib/schemas.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import { getPreferences, putPreferences, unsubscribeEmail } from './preferences.ts';
import { forgetDevices } from './sender.ts';
import { unsubscribeKey, validUnsubscribe } from './unsubscribe.ts';

const M = MESSAGES.notifications;
const tags = ['notifications'];

const PreferenceSchema = z
  .object({
    kind: z.enum(NOTIFICATION_KIND_VALUES),
    email: z.boolean(),
    push: z.boolean().describe('Push sui dispositivi registrati'),
  })
  .meta({ id: 'NotificationPreference' });
const PreferencesSchema = z.object({ preferences: z.array(PreferenceSchema) });

const SubscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({
    // a P-256 public key (65 bytes) and a 16-byte secret, base64url
    p256dh: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9_-]{80,96}={0,2}$/),
    auth: z
      .string()
      .max(40)
      .regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/),
  }),
});

/** The player's choices, devices and test push (issue 33); every route needs a session. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/me/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Le mie preferenze di notifica: per tipo, e-mail e push (default dove non ho scelto)',
        response: { 200: PreferencesSchema, ...errors(401) },
      },
    },
    async (request) => ({ preferences: await getPreferences(app.db, currentUser(request).id) }),
  );

  app.put(
    '/me/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Salva le preferenze dei tipi indicati (gli altri restano come sono)',
        body: z.object({ preferences: z.array(PreferenceSchema).max(NOTIFICATION_KIND_VALUES.length) }),
        response: { 200: PreferencesSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const kinds = new Set(request.body.preferences.map((p) => p.kind));
      if (kinds.size !== request.body.preferences.length) throw badRequest(M.duplicateKind, 'DUPLICATE_KIND');
      return { preferences: await putPreferences(app.db, currentUser(request).id, request.body.preferences) };
    },
  );

  app.post(
    '/me/push-subscriptions',
    {
      schema: {
        tags,
        summary: 'Registra questo dispositivo per le notifiche push (Web Push)',
        body: SubscriptionSchema,
        response: { 201: MessageSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      if (!app.push.allowed(endpoint)) throw badRequest(M.endpointRefused, 'PUSH_ENDPOINT_REFUSED');
      // a browser that signs in to another account now notifies that one
      await app.db
        .insert(pushSubscriptions)
        .values({ userId: currentUser(request).id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: currentUser(request).id, p256dh: keys.p256dh, auth: keys.auth },
        });
      return reply.status(201).send({ message: 'Dispositivo registrato' });
    },
  );

  app.delete(
    '/me/push-subscriptions',
    {
      schema: {
        tags,
        summary: 'Toglie questo dispositivo dalle notifiche push',
        body: z.object({ endpoint: z.string().max(2048) }),
        response: { 200: MessageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const removed = await app.db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.endpoint, request.body.endpoint),
            eq(pushSubscriptions.userId, currentUser(request).id),
          ),
        )
        .returning({ id: pushSubscriptions.id });
      if (removed.length === 0) throw notFound(M.deviceNotFound, 'PUSH_DEVICE_NOT_FOUND');
      return { message: 'Dispositivo rimosso' };
    },
  );

  app.post(
    '/me/push-subscriptions/test',
    {
      schema: {
        tags,
        summary: 'Invia una notifica di prova a ogni mio dispositivo',
        response: { 202: z.object({ message: z.string(), devices: z.number().int() }), ...errors(401, 409) },
      },
    },
    async (request, reply) => {
      const devices = await app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, currentUser(request).id));
      if (devices.length === 0) throw conflict(M.noDevices, 'NO_PUSH_DEVICES');
      const message = { title: M.testTitle, body: M.testBody, url: '/notifiche', tag: 'test' };
      // sent in the background: the answer does not wait for the push services
      void Promise.all(devices.map((d) => app.push.send(app.db, d, message)))
        .then((outcomes) =>
          forgetDevices(
            app.db,
            devices
              .filter((_, i) => {
                const o = outcomes[i]!;
                return !o.ok && o.gone;
              })
              .map((d) => d.endpoint),
          ),
        )
        .catch((err) => request.log.warn({ err }, 'test push failed'));
      return reply.status(202).send({ message: M.testSent, devices: devices.length });
    },
  );
};

const UnsubscribeQuerySchema = z.object({
  u: z.string().uuid(),
  k: z.enum(NOTIFICATION_KIND_VALUES),
  t: z.string().max(100),
});

const page = (title: string, body: string) => `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${title} — FantaRift</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#3b3fb0;color:#fff;cursor:pointer}</style>
</head><body><h1>${title}</h1>${body}</body></html>`;

/**
 * The e-mails' unsubscribe link (RFC 8058): a signed link that needs no session. A mail client POSTs to it
 * (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`); a person who opens it gets one button that does
 * the same. A plain visit changes nothing: link scanners open every link of a mail. And the server's public
 * key for Web Push. Neither needs a session.
 */
export const publicNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/public-key',
    {
      schema: {
        tags,
        summary: 'La chiave pubblica VAPID del server (applicationServerKey di PushManager.subscribe)',
        response: { 200: z.object({ publicKey: z.string() }) },
      },
    },
    async () => ({ publicKey: (await app.push.vapidKeys(app.db)).publicKey }),
  );

  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, body),
    );
  }
  const check = async (q: z.infer<typeof UnsubscribeQuerySchema>) => {
    if (!validUnsubscribe(await unsubscribeKey(app.db), q.u, q.k, q.t)) {
      throw notFound(M.unsubscribeInvalid, 'UNSUBSCRIBE_INVALID');
    }
    return NOTIFICATION_KINDS[q.k as NotificationKind].label;
  };

  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Pagina di disiscrizione di un’e-mail (un pulsante)',
        querystring: UnsubscribeQuerySchema,
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const label = await check(request.query);
      const action = `?${new URLSearchParams(request.query)}`;
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          page(
            'Disattiva le e-mail',
            `<p>Non riceverai più e-mail per «${escapeHtml(label)}». Puoi riattivarle dalla pagina Notifiche.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Disattiva</button></form>`,
          ),
        );
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      config: { accepts: ['application/x-www-form-urlencoded', 'multipart/form-data'] },
      schema: {
        tags,
        summary: 'Disiscrizione in un clic (RFC 8058): le e-mail di quel tipo si spengono',
        querystring: UnsubscribeQuerySchema,
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const label = await check(request.query);
      await unsubscribeEmail(app.db, request.query.u, request.query.k);
      return reply
        .type('text/html; charset=utf-8')
        .send(page('E-mail disattivate', `<p>Non riceverai più e-mail per «${escapeHtml(label)}».</p>`));
    },
  );
};

export default notificationRoutes;
