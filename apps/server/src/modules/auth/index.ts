/*
 * The auth module's public face: the route guards, the session (its cookie, its lookup, a new one), the
 * shared attempt budgets, and the admin flag the command line sets.
 */
export { setAdmin } from './admin-flag.ts';
export { currentUser, requireAdmin, requireUser } from './guards.ts';
export {
  type AuthUser,
  authUserFrom,
  createSession,
  findSessionUser,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  type SessionUserRow,
  sessionUserQuery,
} from './sessions.ts';
export { BUDGETS, purgeExpiredRateLimits, refundAttempt, takeAttempt } from './throttle.ts';
