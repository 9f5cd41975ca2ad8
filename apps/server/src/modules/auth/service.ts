import { MESSAGES } from '@fantarift/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';
import { AppError, badRequest, conflict, isUniqueViolation, unauthorized } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../mail/mailer.ts';
import { confirmEmailMail, resetPasswordMail } from './mails.ts';
import { clearRateLimit, hitRateLimit, peekRateLimit, RATE_LIMITS } from './rate-limit.ts';
import { type AuthUser, createSession, revokeAllSessions } from './sessions.ts';

const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

const tooManyRequests = () => new AppError(429, 'RATE_LIMITED', MESSAGES.auth.rateLimited);

function toAuthUser(row: typeof users.$inferSelect): AuthUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt,
  };
}

async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/** Creates an unconfirmed account and queues the confirmation e-mail. Returns the queued mail id. */
export async function signUp(
  deps: AuthDeps,
  input: { username: string; email: string; password: string },
): Promise<string[]> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email.toLowerCase(), username: input.username, passwordHash })
        .returning();
      const token = newToken();
      await tx.insert(authTokens).values({
        userId: user!.id,
        kind: 'confirm_email',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
      });
      const mailId = await deps.mailer.enqueue(
        tx,
        confirmEmailMail({
          to: user!.email,
          username: user!.username,
          link: `${deps.appUrl}/login?confirm=${token}`,
        }),
      );
      return [mailId];
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key'))
      throw conflict(MESSAGES.auth.alreadyRegistered, 'EMAIL_TAKEN');
    if (isUniqueViolation(err, 'users_username_key'))
      throw conflict(MESSAGES.auth.usernameTaken, 'USERNAME_TAKEN');
    throw err;
  }
}

/** Marks a live token of that kind as used, once; returns its user, or undefined if it is not usable. */
async function consumeToken(tx: Transaction, token: string, kind: 'confirm_email' | 'reset_password') {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row;
}

export async function confirmEmail(deps: AuthDeps, token: string): Promise<void> {
  const confirmed = await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'confirm_email');
    if (!row) return false;
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, row.userId));
    return true;
  });
  if (!confirmed) throw badRequest(MESSAGES.auth.confirmLinkInvalid, 'INVALID_TOKEN');
}

export async function logIn(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<{ user: AuthUser; token: string; expiresAt: Date }> {
  const emailKey = `login:email:${input.email.toLowerCase()}`;
  const ipKey = `login:ip:${meta.ip}`;
  const { loginPerEmail, loginPerIp } = RATE_LIMITS;
  if (
    (await peekRateLimit(deps.db, emailKey, loginPerEmail.windowSeconds)) >= loginPerEmail.max ||
    (await peekRateLimit(deps.db, ipKey, loginPerIp.windowSeconds)) >= loginPerIp.max
  ) {
    throw tooManyRequests();
  }

  const user = await findUserByEmail(deps.db, input.email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (!user || !passwordOk) {
    await hitRateLimit(deps.db, emailKey, loginPerEmail.windowSeconds);
    await hitRateLimit(deps.db, ipKey, loginPerIp.windowSeconds);
    throw unauthorized(MESSAGES.auth.invalidCredentials, 'INVALID_CREDENTIALS');
  }
  if (!user.emailConfirmedAt) {
    throw new AppError(403, 'EMAIL_NOT_CONFIRMED', MESSAGES.auth.emailNotConfirmed);
  }
  await clearRateLimit(deps.db, emailKey);
  const session = await createSession(deps.db, user.id, meta);
  return { user: toAuthUser(user), ...session };
}

/** Same answer whether or not the account exists; returns the queued mail ids. */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  meta: RequestMeta,
): Promise<string[]> {
  const { resetPerEmail, resetPerIp } = RATE_LIMITS;
  const byEmail = await hitRateLimit(
    deps.db,
    `reset:email:${email.toLowerCase()}`,
    resetPerEmail.windowSeconds,
  );
  const byIp = await hitRateLimit(deps.db, `reset:ip:${meta.ip}`, resetPerIp.windowSeconds);
  if (byEmail > resetPerEmail.max || byIp > resetPerIp.max) throw tooManyRequests();

  const user = await findUserByEmail(deps.db, email);
  if (!user) return [];
  return deps.db.transaction(async (tx) => {
    const token = newToken();
    await tx.insert(authTokens).values({
      userId: user.id,
      kind: 'reset_password',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    const mailId = await deps.mailer.enqueue(
      tx,
      resetPasswordMail({
        to: user.email,
        username: user.username,
        link: `${deps.appUrl}/reset-password?token=${token}&type=recovery`,
      }),
    );
    return [mailId];
  });
}

export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, input.token, 'reset_password');
    if (!row) return false;
    // The link reached the owner's inbox, which also proves the address.
    await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, row.userId));
    // Any other outstanding reset link dies with this one.
    await tx
      .update(authTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(authTokens.userId, row.userId),
          eq(authTokens.kind, 'reset_password'),
          isNull(authTokens.usedAt),
        ),
      );
    await revokeAllSessions(tx, row.userId);
    return true;
  });
  if (!done) throw badRequest(MESSAGES.auth.resetLinkInvalid, 'INVALID_TOKEN');
}

/** Ends every session of the user, then opens a fresh one for the browser that made the change. */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<{ token: string; expiresAt: Date }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized(MESSAGES.common.notAuthenticated);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(MESSAGES.auth.currentPasswordWrong, 'WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(input.newPassword);
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    return createSession(tx, userId, meta);
  });
}
