import { MESSAGES } from '@fantarift/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../../lib/errors.ts';

/** NUL cannot be stored in a PostgreSQL text value, and a lone surrogate is not UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  // parsed JSON and query strings only: a streamed body (a CSV upload) is the route's to read
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const [key, item] of Object.entries(value)) {
    if (unstorable(key) || hasUnstorableText(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Every route's schema refuses control characters in the fields it declares (`safeText` in
 * packages/core); this hook also covers what no schema names (keys, extra fields, a route added
 * without the building blocks), so text PostgreSQL cannot hold never reaches a query.
 */
export default fp(async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (
      hasUnstorableText(request.params) ||
      hasUnstorableText(request.query) ||
      hasUnstorableText(request.body)
    ) {
      throw badRequest(MESSAGES.validation.controlCharacters, 'CONTROL_CHARACTERS');
    }
  });
});
