import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, serverMessages, apiErrorCodes, type ErrorResponse } from '@exchange/contract';
import { AppError } from '../errors.js';

/** One error shape for every route: { message, code?, retry_after_seconds? }; 500s never say why. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      const body: ErrorResponse = { message: err.message };
      if (err.code) body.code = err.code;
      if (err.retryAfterSeconds !== undefined) {
        body.retry_after_seconds = err.retryAfterSeconds;
        reply.header('retry-after', String(err.retryAfterSeconds));
      }
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      return reply.status(400).send({ message: first?.message ?? 'Invalid request', code: errorCodes.validation });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ message: err.message, code: apiErrorCodes.imageTooLarge });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: serverMessages.internal, code: apiErrorCodes.internal });
  });
});
