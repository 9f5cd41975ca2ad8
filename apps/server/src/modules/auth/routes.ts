import {
  ChangePasswordRequestSchema,
  ForgotPasswordSchema,
  LoginSchema,
  MESSAGES,
  ResetPasswordRequestSchema,
  SignupSchema,
} from '@fantarift/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { prepareDummyHash } from '../../lib/password.ts';
import { errors, MessageSchema } from '../../lib/schemas.ts';
import { currentUser, requireUser } from './guards.ts';
import * as auth from './service.ts';
import { revokeAllSessions } from './sessions.ts';

const DEVICE_COOKIE = 'fr_device';

export const UserSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    username: z.string(),
    isAdmin: z.boolean(),
    createdAt: z.date(),
  })
  .meta({ id: 'User' });

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, mailer: app.mailer, appUrl: app.config.appUrl });
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
    deviceToken: request.cookies[DEVICE_COOKIE],
  });
  const tags = ['auth'];
  await prepareDummyHash();

  app.post(
    '/signup',
    {
      schema: {
        tags,
        summary: 'Registrazione: crea un account non confermato e invia l’email di conferma',
        body: SignupSchema,
        response: { 201: MessageSchema, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const mailIds = await auth.signUp(deps(), request.body, meta(request));
      void app.mailer.deliver(mailIds);
      return reply.status(201).send({ message: MESSAGES.auth.signupSuccess });
    },
  );

  app.post(
    '/confirm-email',
    {
      schema: {
        tags,
        summary: 'Conferma l’indirizzo email con il token ricevuto',
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: MessageSchema, ...errors(400) },
      },
    },
    async (request) => {
      const outcome = await auth.confirmEmail(deps(), request.body.token);
      return {
        message: outcome === 'already' ? MESSAGES.auth.emailAlreadyConfirmed : MESSAGES.auth.emailConfirmed,
      };
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Accesso con email e password; imposta il cookie di sessione',
        body: LoginSchema,
        response: { 200: z.object({ user: UserSchema }), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { user, token, deviceToken } = await auth.logIn(deps(), request.body, meta(request));
      reply.setSessionCookie(token);
      // lets this browser skip the account's backoff next time (see docs/security.md)
      reply.setCookie(DEVICE_COOKIE, deviceToken, {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.cookieSecure,
        maxAge: 365 * 24 * 60 * 60,
      });
      return { user };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Esce da tutte le sessioni dell’utente',
        response: { 200: MessageSchema },
      },
    },
    async (request, reply) => {
      if (request.user) await revokeAllSessions(app.db, request.user.id);
      reply.clearSessionCookie();
      return { message: MESSAGES.auth.logoutSuccess };
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'L’utente della sessione corrente, con lo stato di amministratore',
        response: { 200: z.object({ user: UserSchema }), ...errors(401) },
      },
      preHandler: requireUser,
    },
    async (request) => ({ user: currentUser(request) }),
  );

  app.get(
    '/session',
    {
      schema: {
        tags,
        summary:
          'La sessione corrente: l’utente, o null per un visitatore (una pagina senza login non è un errore)',
        response: { 200: z.object({ user: UserSchema.nullable() }) },
      },
    },
    async (request) => ({ user: request.user ?? null }),
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'Invia il link di reset della password (stessa risposta se l’account non esiste)',
        body: ForgotPasswordSchema,
        response: { 200: MessageSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const mailIds = await auth.requestPasswordReset(deps(), request.body.email, meta(request));
      void app.mailer.deliver(mailIds);
      return { message: MESSAGES.auth.resetEmailSent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Imposta una nuova password con il token del link (monouso, valido 1 ora)',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageSchema, ...errors(400) },
      },
    },
    async (request) => {
      await auth.resetPassword(deps(), request.body);
      return { message: MESSAGES.auth.passwordUpdated };
    },
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags,
        summary: 'Cambia la password: chiude tutte le sessioni e ne apre una nuova per questo browser',
        body: ChangePasswordRequestSchema,
        response: { 200: MessageSchema, ...errors(400, 401, 429) },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const { token } = await auth.changePassword(
        deps(),
        currentUser(request).id,
        request.body,
        meta(request),
      );
      reply.setSessionCookie(token);
      return { message: MESSAGES.auth.passwordUpdated };
    },
  );
};

export default authRoutes;
