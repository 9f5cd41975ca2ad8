import { MESSAGES } from '@fantarift/core';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from './sessions.ts';

// `request.user` is resolved from the session cookie by the auth plugin (plugins/app/auth.ts) before any route
// hook runs: these read it.

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(MESSAGES.common.notAuthenticated);
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(MESSAGES.common.notAuthenticated);
  if (!request.user.isAdmin) throw forbidden(MESSAGES.common.accessDeniedDescription);
}

/** The signed-in user; only call behind `requireUser` or `requireAdmin`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(MESSAGES.common.notAuthenticated);
  return request.user;
}
