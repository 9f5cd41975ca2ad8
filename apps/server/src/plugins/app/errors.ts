import { MESSAGES } from '@fantarift/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, pgError } from '../../lib/errors.ts';
import { loggableError } from '../../lib/loggable-error.ts';

const v = MESSAGES.validation;

/**
 * Safety net for input the route schemas let through (issue 11, item 8): a database error that says
 * the data was wrong (class 22 data exceptions, class 23 constraint violations, class 54 limits such
 * as an index row too large) is the client's 4xx, not a 500. Deadlocks and serialization failures
 * (40P01, 40001) are not the client's fault: they stay 5xx, for the retry around the transaction.
 */
export function databaseInputError(err: unknown): AppError | null {
  const e = pgError(err);
  if (!e?.code) return null;
  const cls = e.code.slice(0, 2);
  if (e.code === '23505') return new AppError(409, 'CONFLICT', v.alreadyExists);
  if (e.code === '23503') return new AppError(404, 'REFERENCE_NOT_FOUND', v.referenceMissing);
  if (cls === '23') return new AppError(400, 'CONSTRAINT', MESSAGES.common.invalidInput);
  if (cls === '22' || cls === '54') return new AppError(400, 'INVALID_VALUE', v.valueTooLarge);
  return null;
}

/**
 * The rules an answer broke, when its route's response schema refused it (fastify-type-provider-zod's
 * FST_ERR_RESPONSE_SERIALIZATION, the ZodError as its cause): each issue's path, code and message, which
 * name the field and the schema's rule, never the value (an answer may carry personal data); null for any
 * other error.
 */
export function responseSchemaIssues(err: unknown): { path: string; code: string; message: string }[] | null {
  if ((err as { code?: unknown } | null)?.code !== 'FST_ERR_RESPONSE_SERIALIZATION') return null;
  const issues = (err as { cause?: { issues?: unknown } }).cause?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.slice(0, 20).map((issue: { path?: unknown[]; code?: unknown; message?: unknown }) => ({
    path: (issue.path ?? []).map(String).join('.'),
    code: String(issue.code),
    message: String(issue.message),
  }));
}

/** One error shape for every failure: `{ code, message, details? }`, message in Italian. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .send({ code: err.code, message: err.message, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return reply.status(400).send({
        code: 'VALIDATION',
        message: issues[0]?.message ?? MESSAGES.common.invalidInput,
        details: issues,
      });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({
        code: (err as { code?: string }).code ?? 'BAD_REQUEST',
        message: status === 429 ? MESSAGES.auth.rateLimited : MESSAGES.common.invalidInput,
      });
    }
    const schemaIssues = responseSchemaIssues(err);
    if (schemaIssues) {
      // the route's response schema is narrower than what its code put in the answer: a server fault to fix
      // in that schema (or in the bounds of the input that fed it), logged as such with the fields it names
      request.log.error(
        { route: request.routeOptions.url, method: request.method, issues: schemaIssues },
        'response does not match its schema',
      );
      return reply.status(500).send({ code: 'INTERNAL', message: MESSAGES.common.serverError });
    }
    const mapped = databaseInputError(err);
    if (mapped) {
      // the code and constraint say what to fix in the schema; the statement's parameters stay out of the log
      const { code, constraint } = pgError(err) ?? {};
      request.log.warn(
        { pgCode: code, constraint, route: request.routeOptions.url },
        'database refused the input',
      );
      return reply.status(mapped.statusCode).send({ code: mapped.code, message: mapped.message });
    }
    // never the error object itself: a failed query's error carries its parameters (loggable-error.ts)
    request.log.error({ error: loggableError(err) }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: MESSAGES.common.serverError });
  });
});
