import type { FastifyRequest, onRequestHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';
import { serverMessages, apiErrorCodes } from '@exchange/contract';
import { AppError } from '../errors.js';

/** Where a call carries its `apikey`, as the spec's call tables put it. */
export type ApiKeyPlace = 'query' | 'body';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Where this /api/v1 route reads its `apikey`; the query string when absent. */
    apiKeyIn?: ApiKeyPlace;
  }
}

type Hook = onRequestHookHandler | preValidationHookHandler;

function asList(hooks: Hook | Hook[] | undefined): Hook[] {
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * onRoute hook of the /api/v1 scope: each route checks its `apikey` only where it declares it, so
 * a key in the body of a query route (or the other way round) is no key at all. A query key is
 * checked on request, before the body is read; a body key once the body is parsed, before the
 * route's schema sees it. The key identifies a client app (the web sends DEFAULT_API_KEY); it is
 * no user credential.
 */
export function requireApiKey(keys: readonly string[]) {
  const accepted = new Set(keys);
  const check = (key: unknown, message: string): void => {
    if (typeof key !== 'string' || !accepted.has(key)) throw new AppError(401, message, apiErrorCodes.unauthorized);
  };
  const inQuery = async (request: FastifyRequest): Promise<void> =>
    check((request.query as { apikey?: unknown } | undefined)?.apikey, serverMessages.invalidApiKey);
  const inBody = async (request: FastifyRequest): Promise<void> =>
    check((request.body as { apikey?: unknown } | null | undefined)?.apikey, serverMessages.invalidApiKeyInBody);

  return (route: RouteOptions): void => {
    if (route.config?.apiKeyIn === 'body') route.preValidation = [inBody, ...asList(route.preValidation)];
    else route.onRequest = [inQuery, ...asList(route.onRequest)];
  };
}
