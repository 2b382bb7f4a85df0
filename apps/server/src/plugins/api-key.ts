import type { FastifyRequest } from 'fastify';
import { serverMessages, apiErrorCodes } from '@exchange/contract';
import { AppError } from '../errors.js';

/**
 * onRequest hook of the /api/v1 scope: the `apikey` query parameter must be a configured key. The
 * key identifies a client app (the web sends DEFAULT_API_KEY); it is no user credential.
 */
export function requireApiKey(keys: readonly string[]) {
  const accepted = new Set(keys);
  return async (request: FastifyRequest): Promise<void> => {
    const key = (request.query as { apikey?: unknown } | undefined)?.apikey;
    if (typeof key !== 'string' || !accepted.has(key)) {
      throw new AppError(401, serverMessages.invalidApiKey, apiErrorCodes.unauthorized);
    }
  };
}
