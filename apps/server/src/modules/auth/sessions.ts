import { eq, sql } from 'drizzle-orm';
import { type Database, type DbOrTx, executeNamed } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

export const SESSION_COOKIE = 'fr_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface AuthUser {
  id: string;
  email: string;
  username: string;
  isAdmin: boolean;
  createdAt: Date;
}

export async function createSession(
  db: DbOrTx,
  userId: string,
  meta: { userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 500),
    ip: meta.ip,
  });
  return { token, expiresAt };
}

/** The columns of a session's user that `authUserFrom` reads (a type, so rows of it are records). */
export type SessionUserRow = {
  id: string;
  email: string;
  username: string;
  is_admin: boolean;
  created_at: Date | string;
};

/** The user of a live (not expired) session, as one row of `SessionUserRow` columns, or none. */
export const sessionUserQuery = (token: string) =>
  sql`select u.id, u.email, u.username, u.is_admin, u.created_at
        from sessions s join users u on u.id = s.user_id
        where s.id = ${hashToken(token)} and s.expires_at > now()`;

/** Every API request runs this, so it is a prepared statement on PostgreSQL. */
export async function findSessionUser(db: Database, token: string): Promise<AuthUser | null> {
  const { rows } = await executeNamed<SessionUserRow>(db, 'session-user', sessionUserQuery(token));
  return rows[0] ? authUserFrom(rows[0]) : null;
}

/** The signed-in user from a row of `users` columns (id, email, username, is_admin, created_at). */
export function authUserFrom(row: {
  id: string;
  email: string;
  username: string;
  is_admin: boolean;
  created_at: Date | string;
}): AuthUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    isAdmin: row.is_admin,
    createdAt: new Date(row.created_at),
  };
}

/** Logout and password changes end every session of the user (DECISIONS 23). */
export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
