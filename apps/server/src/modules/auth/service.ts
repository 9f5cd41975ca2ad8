import { createHash } from 'node:crypto';
import { MESSAGES } from '@fantarift/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx, Transaction } from '../../db/client.ts';
import { authTokens, trustedDevices, users } from '../../db/schema.ts';
import { canonicalEmail } from '../../lib/email.ts';
import { AppError, badRequest, conflict, isUniqueViolation, unauthorized } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../mail/index.ts';
import { confirmEmailMail, resetPasswordMail } from './mails.ts';
import { type AuthUser, createSession, revokeAllSessions } from './sessions.ts';
import {
  BUDGETS,
  clearKeys,
  enterAccountGate,
  leaveAccountGate,
  refundAttempt,
  takeAttempt,
} from './throttle.ts';

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
  /** the browser's fr_device cookie, if any */
  deviceToken?: string;
}

// Keys carry digests, not the typed text: any length of e-mail or address makes a short key.
const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);
export const throttleKeys = {
  account: (email: string) => `login:account:${digest(email)}`,
  pairPrefix: (email: string) => `login:pair:${digest(email)}:`,
  pair: (email: string, ip: string) => `login:pair:${digest(email)}:${digest(ip)}`,
  loginIp: (ip: string) => `login:ip:${digest(ip)}`,
  changePassword: (userId: string) => `password:account:${userId}`,
  signupIp: (ip: string) => `signup:ip:${digest(ip)}`,
  resetEmail: (email: string) => `reset:email:${digest(email)}`,
  resetIp: (ip: string) => `reset:ip:${digest(ip)}`,
  mailTo: (email: string) => `mail:to:${digest(email)}`,
};

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

/** `email` must already be canonical (see lib/email.ts). */
async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

async function isTrustedDevice(db: Database, userId: string, deviceToken: string | undefined) {
  if (!deviceToken) return false;
  const rows = await db
    .update(trustedDevices)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(trustedDevices.tokenHash, hashToken(deviceToken)), eq(trustedDevices.userId, userId)))
    .returning({ userId: trustedDevices.userId });
  return rows.length > 0;
}

/** Marks this browser as one the user has logged in from; returns the device token for its cookie. */
async function trustDevice(db: DbOrTx, userId: string, deviceToken: string | undefined): Promise<string> {
  const token = deviceToken && /^[\w-]{43}$/.test(deviceToken) ? deviceToken : newToken();
  await db
    .insert(trustedDevices)
    .values({ tokenHash: hashToken(token), userId })
    .onConflictDoUpdate({
      target: [trustedDevices.tokenHash, trustedDevices.userId],
      set: { lastUsedAt: sql`now()` },
    });
  return token;
}

/** Forgets every throttle of the account: the owner proved who they are through their inbox. */
async function clearAccountThrottles(db: DbOrTx, userId: string, email: string) {
  await clearKeys(db, [throttleKeys.account(email), throttleKeys.changePassword(userId)]);
  await db.execute(sql`delete from rate_limits where starts_with(key, ${throttleKeys.pairPrefix(email)})`);
}

/** Creates an unconfirmed account and queues the confirmation e-mail. Returns the queued mail id. */
export async function signUp(
  deps: AuthDeps,
  input: { username: string; email: string; password: string },
  meta: RequestMeta,
): Promise<string[]> {
  const email = canonicalEmail(input.email);
  // counted before the (slow) hash; a mail to an address that is already registered is never sent
  if (!(await takeAttempt(deps.db, throttleKeys.signupIp(meta.ip), BUDGETS.signupPerIp))) {
    throw tooManyRequests();
  }
  if (await findUserByEmail(deps.db, email)) throw conflict(MESSAGES.auth.alreadyRegistered, 'EMAIL_TAKEN');
  if (!(await takeAttempt(deps.db, throttleKeys.mailTo(email), BUDGETS.mailPerAddress))) {
    throw tooManyRequests();
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, username: input.username, passwordHash })
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

/**
 * Confirms the account of a live confirmation token. A link opened again (its token used, or expired
 * after the account was confirmed) answers 'already': the account is confirmed, nothing to do.
 */
export async function confirmEmail(deps: AuthDeps, token: string): Promise<'confirmed' | 'already'> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'confirm_email');
    if (!row) {
      const [known] = await tx
        .select({ confirmedAt: users.emailConfirmedAt })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, 'confirm_email')));
      return known?.confirmedAt ? ('already' as const) : null;
    }
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, row.userId));
    return 'confirmed' as const;
  });
  if (!outcome) throw badRequest(MESSAGES.auth.confirmLinkInvalid, 'INVALID_TOKEN');
  return outcome;
}

/**
 * Every password check passes three gates first, each one atomic statement that counts the attempt:
 * this account from this IP, this IP, and the account's own gate (verifications in flight, and a
 * growing wait after repeated failures that browsers the owner has logged in from skip). An unknown
 * e-mail goes through the same gates and a dummy verification, so neither the answer nor its timing
 * says whether the account exists.
 */
export async function logIn(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<{ user: AuthUser; token: string; expiresAt: Date; deviceToken: string }> {
  const email = canonicalEmail(input.email);
  const pairKey = throttleKeys.pair(email, meta.ip);
  const ipKey = throttleKeys.loginIp(meta.ip);
  const accountKey = throttleKeys.account(email);
  if (!(await takeAttempt(deps.db, pairKey, BUDGETS.loginPerAccountAndIp))) throw tooManyRequests();
  if (!(await takeAttempt(deps.db, ipKey, BUDGETS.loginPerIp))) throw tooManyRequests();
  const user = await findUserByEmail(deps.db, email);
  const trusted = user ? await isTrustedDevice(deps.db, user.id, meta.deviceToken) : false;
  if (!(await enterAccountGate(deps.db, accountKey, trusted))) throw tooManyRequests();
  let passwordOk = false;
  try {
    passwordOk = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await burnPasswordCheck(input.password).then(() => false);
  } finally {
    await leaveAccountGate(deps.db, accountKey, !passwordOk);
  }
  if (!user || !passwordOk) throw unauthorized(MESSAGES.auth.invalidCredentials, 'INVALID_CREDENTIALS');
  // the right password: this IP's attempts were the owner's
  await clearKeys(deps.db, [pairKey]);
  await refundAttempt(deps.db, ipKey);
  if (!user.emailConfirmedAt) {
    throw new AppError(403, 'EMAIL_NOT_CONFIRMED', MESSAGES.auth.emailNotConfirmed);
  }
  const deviceToken = await trustDevice(deps.db, user.id, meta.deviceToken);
  const session = await createSession(deps.db, user.id, meta);
  return { user: toAuthUser(user), ...session, deviceToken };
}

/** Same answer, and the same statements, whether or not the account exists; returns the queued mail ids. */
export async function requestPasswordReset(
  deps: AuthDeps,
  rawEmail: string,
  meta: RequestMeta,
): Promise<string[]> {
  const email = canonicalEmail(rawEmail);
  if (
    !(await takeAttempt(deps.db, throttleKeys.resetEmail(email), BUDGETS.resetPerEmail)) ||
    !(await takeAttempt(deps.db, throttleKeys.resetIp(meta.ip), BUDGETS.resetPerIp)) ||
    !(await takeAttempt(deps.db, throttleKeys.mailTo(email), BUDGETS.mailPerAddress))
  ) {
    throw tooManyRequests();
  }
  const user = await findUserByEmail(deps.db, email);
  const token = newToken();
  const mail = resetPasswordMail({
    to: email,
    username: user?.username ?? '',
    link: `${deps.appUrl}/reset-password?token=${token}&type=recovery`,
  });
  // Both statements also run for an unknown address, and insert nothing.
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into auth_tokens (user_id, kind, token_hash, expires_at)
      select id, 'reset_password', ${hashToken(token)}, ${new Date(Date.now() + RESET_TTL_MS)}
        from users where email = ${email}`);
    const queued = await tx.execute<{ id: string }>(sql`
      insert into mail_outbox ("to", subject, text, html)
      select ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}
       where exists (select 1 from users where email = ${email})
      returning id`);
    return queued.rows.map((r) => r.id);
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
    // the owner proved the address: the account's backoff and budgets start again, and browsers trusted
    // before (perhaps an intruder's) are trusted no longer
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    await clearAccountThrottles(tx, row.userId, owner!.email);
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, row.userId));
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
  const key = throttleKeys.changePassword(userId);
  // counted before the check: a stolen session cannot try more than a handful of current passwords
  if (!(await takeAttempt(deps.db, key, BUDGETS.changePasswordPerAccount))) throw tooManyRequests();
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized(MESSAGES.common.notAuthenticated);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(MESSAGES.auth.currentPasswordWrong, 'WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(input.newPassword);
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    await clearKeys(tx, [key]);
    // browsers trusted before the change are trusted no longer, except this one
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
    if (meta.deviceToken) await trustDevice(tx, userId, meta.deviceToken);
    return createSession(tx, userId, meta);
  });
}
