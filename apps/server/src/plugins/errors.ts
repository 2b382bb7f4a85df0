import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, serverMessages, apiErrorCodes, type ErrorResponse } from '@exchange/contract';
import { AppError } from '../errors.js';

/** Fastify's own refusals of a request's body, in the words a client author reads. */
const requestErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This call does not accept that Content-Type: send a JSON body (application/json)',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length header',
  FST_ERR_BAD_URL: 'The URL is not valid: it holds a broken %-escape',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the URL path is too long',
};

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read answers in the same shape as every
 * other error, instead of Fastify's own body that echoes the whole URL back.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    void reply.status(status).send({ message: requestErrorMessages[err.code] ?? err.message, code: errorCodes.validation });
    return;
  }
  request.log.error({ err }, 'router error');
  void reply.status(500).send({ message: serverMessages.internal, code: apiErrorCodes.internal });
}

/** One error shape for every route: { message, code?, retry_after_seconds? }; 500s never say why. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      const body: ErrorResponse = { message: err.message };
      if (err.code) body.code = err.code;
      if (err.coded) {
        body.message_code = err.coded.code;
        body.params = err.coded.params as Record<string, string>;
      }
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
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: requestErrorMessages[err.code] ?? err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: serverMessages.internal, code: apiErrorCodes.internal });
  });
});
