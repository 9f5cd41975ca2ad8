import { MESSAGES } from '@fantarift/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';

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
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: MESSAGES.common.serverError });
  });
});
