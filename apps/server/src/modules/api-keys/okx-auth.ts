import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { okxErrorBody, type ApiKeyPermission } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { ipAllowed } from './ip-allowlist.js';
import type { KeyBox } from './key-box.js';
import { LiveKeys } from './live-keys.js';
import { OkxError, okxCodes } from './okx-errors.js';
import { okxSign, parseOkxTimestamp, signatureMatches } from './okx-sign.js';
import type { SessionEvents } from '../sessions/index.js';

/** The key a signed call came with, once every check passed. */
export interface OkxCaller {
  userId: string;
  label: string;
  permissions: readonly ApiKeyPermission[];
  ipAllowlist: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a signed v5 route needs (read, trade or withdraw); a route of the signed scope without one is refused. */
    okxPermission?: ApiKeyPermission;
  }
  interface FastifyRequest {
    /** The caller of a signed v5 route, set by the signed scope before the route's schema runs. */
    okxCaller: OkxCaller | null;
    /** The body exactly as sent: the signature covers these bytes, not a re-serialised object. */
    okxRawBody: string | null;
  }
}

export interface OkxAuthOptions {
  db: Database;
  box: KeyBox;
  now: () => Date;
  /** The session events, which also announce a deleted key and a freeze or thaw of its user (LiveKeys). */
  events: Pick<SessionEvents, 'subscribe'>;
}

/** OKX refuses a timestamp more than 30 seconds away from its clock. */
export const OKX_MAX_SKEW_MS = 30_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}

/** The signed-in caller of a route of the signed scope. */
export function okxCallerOf(request: FastifyRequest): OkxCaller {
  if (!request.okxCaller) throw new OkxError(okxCodes.keyInvalid);
  return request.okxCaller;
}

/** Every check of OKX's signed calls, in OKX's order: headers, clock, key, passphrase, signature, address, permission. */
async function authenticate(request: FastifyRequest, { box, now }: OkxAuthOptions, keys: LiveKeys): Promise<OkxCaller> {
  if (header(request, 'x-simulated-trading') === '1') throw new OkxError(okxCodes.environment);
  const apiKey = header(request, 'ok-access-key');
  const passphrase = header(request, 'ok-access-passphrase');
  const sign = header(request, 'ok-access-sign');
  const timestamp = header(request, 'ok-access-timestamp');
  if (!apiKey) throw new OkxError(okxCodes.keyMissing);
  if (!passphrase) throw new OkxError(okxCodes.passphraseMissing);
  if (!sign) throw new OkxError(okxCodes.signMissing);
  if (!timestamp) throw new OkxError(okxCodes.timestampMissing);
  const at = parseOkxTimestamp(timestamp);
  if (at === null) throw new OkxError(okxCodes.timestampInvalid);
  const clock = now();
  if (Math.abs(clock.getTime() - at) > OKX_MAX_SKEW_MS) throw new OkxError(okxCodes.timestampExpired);

  const key = UUID.test(apiKey) ? await keys.get(apiKey) : null;
  if (!key || (key.expiresAt !== null && key.expiresAt <= clock)) throw new OkxError(okxCodes.keyInvalid);
  if (!box.passphraseMatches(passphrase, key.passphraseHash)) throw new OkxError(okxCodes.passphraseWrong);
  const expected = okxSign(box.open(key.secretSealed), timestamp, request.method, request.url, request.okxRawBody ?? '');
  if (!signatureMatches(expected, sign)) throw new OkxError(okxCodes.signInvalid);
  if (!ipAllowed(key.ipAllowlist, request.ip)) throw new OkxError(okxCodes.ipNotAllowed, request.ip);
  const needed = request.routeOptions.config.okxPermission;
  if (!needed || !key.permissions.includes(needed)) throw new OkxError(okxCodes.permission);
  // The signed calls' side of the freeze that the session's calls meet in plugins/auth.ts.
  if (needed !== 'read' && request.routeOptions.config.whileFrozen !== true && key.frozen) throw new OkxError(okxCodes.accountBlocked);
  await keys.markUsed(key, request.ip, clock);
  return { userId: key.userId, label: key.label, permissions: key.permissions, ipAllowlist: key.ipAllowlist };
}

/** The parameter a schema refusal names, as OKX's 51000 "Parameter {0} error" puts it. */
function refusedParameter(err: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(err)) return '';
  const first = err.validation[0];
  const path = first?.instancePath.replace(/^\//, '') ?? '';
  return path.split('/')[0] ?? '';
}

/**
 * The scope of OKX v5's signed calls (issue 42): register it, with fastify-plugin's reach, in a
 * scope of its own and add the routes there, each with `config.okxPermission`. It keeps the JSON
 * body's bytes for the signature, checks every call before its schema runs, and answers every
 * refusal in OKX's envelope `{code, msg, data: []}`. Keys are cached (LiveKeys), and a deleted
 * key or a frozen account is told to every process's cache: it fails at the next call everywhere.
 */
export const okxSignedScope = fp<OkxAuthOptions>(async (app, options) => {
  const keys = new LiveKeys(options.db, options.events, () => options.now().getTime());
  app.addHook('onClose', async () => keys.close());
  app.decorateRequest('okxCaller', null);
  app.decorateRequest('okxRawBody', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.okxRawBody = text;
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(new OkxError(okxCodes.parameter, 'body'), undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    request.okxCaller = await authenticate(request, options, keys);
  });
  app.addHook('onRoute', (route) => addressLimit(app, route));
  app.setErrorHandler((err: FastifyError | OkxError, request, reply) => {
    if (err instanceof OkxError) return reply.status(err.statusCode).send(okxErrorBody(err.statusCode, err.code, err.message));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const refused = new OkxError(okxCodes.parameter, refusedParameter(err) || 'request');
      return reply.status(400).send(okxErrorBody(400, refused.code, refused.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(okxErrorBody(500, okxCodes.internal.code, okxCodes.internal.msg));
  });
});

/**
 * How many keys' worth of one route's calls one client address may make. OKX counts a private
 * route's limit per user, across their keys, and it publishes no per-address figure for them; a
 * count per key alone would let one address multiply the limit by making keys (20 a user) or by
 * sending made-up OK-ACCESS-KEY values, each a bucket of its own, before any signature is checked.
 */
export const OKX_ADDRESS_KEYS = 10;

/**
 * The per-address limit beside a signed route's per-key one: OKX_ADDRESS_KEYS times its figure in
 * the same window, counted before the key is read (so unsigned floods are counted too) and in the
 * same store as every other limit, Redis on a cluster. Past it, 50011 with HTTP 429 and Retry-After.
 */
function addressLimit(app: FastifyInstance, route: RouteOptions): void {
  const perKey = route.config?.rateLimit;
  if (typeof perKey !== 'object' || typeof perKey.max !== 'number' || typeof perKey.timeWindow !== 'number') return;
  const name = `okx-ip:${String(route.method)}:${route.url}:`;
  const check = app.createRateLimit({ max: perKey.max * OKX_ADDRESS_KEYS, timeWindow: perKey.timeWindow, keyGenerator: (request) => name + request.ip });
  const hook: onRequestAsyncHookHandler = async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    throw new OkxError(okxCodes.rateLimited);
  };
  route.onRequest = [...(Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : []), hook];
}

/**
 * A route's per-key limit, as OKX publishes one per route (requests per window, counted per
 * OK-ACCESS-KEY, and by the server's shared store in a cluster): past it, 50011 with HTTP 429.
 * The route is limited per client address too (`OKX_ADDRESS_KEYS`).
 */
export function okxRateLimit(max: number, timeWindowMs: number) {
  return {
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request: FastifyRequest) => `okx-key:${header(request, 'ok-access-key').slice(0, 64) || request.ip}`,
    errorResponseBuilder: () => new OkxError(okxCodes.rateLimited),
  };
}
