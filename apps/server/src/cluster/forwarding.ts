import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { serverMessages } from '@exchange/contract';
import type { Cluster } from './cluster.js';
import type { OwnerCalls } from './owner-call.js';
import { outcomeUnknown } from './venue-answer.js';
import { VenueMoved } from '../ledger/ledger.js';
import '../venue/owner-routes.js';

/** Set on a request the owner runs for a follower: it is never sent on a second time. */
const FORWARDED = 'x-exchange-forwarded';
/** Its value on the owner's own runs: random, and never sent anywhere, so that no client can set it. */
const RUN_HERE = randomBytes(16).toString('hex');

/**
 * Whether this is the owner's run of a call a follower took. That follower counted the call's rate
 * limits already, in the same shared store: the owner counts none, or a forwarded call would count
 * twice and a client would get half of OKX's figures on a follower.
 */
export const runForFollower = (req: FastifyRequest): boolean => req.headers[FORWARDED] === RUN_HERE;
/** Headers that belong to one hop, or that the owner's inject sets itself. */
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect']);

const forwardedRequest = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  url: z.string().startsWith('/').max(8192),
  headers: z.record(z.string(), z.string()),
  body: z.string().nullable(),
  remoteAddress: z.string().max(64),
});
type ForwardedRequest = z.infer<typeof forwardedRequest>;

const forwardedAnswer = z.object({
  statusCode: z.number().int().min(100).max(599),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
type ForwardedAnswer = z.infer<typeof forwardedAnswer>;

function flatHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/**
 * Followers send the venue routes to the owner (cluster/owner-call.ts) and answer with what it
 * answered, status, headers and body, as if the call had run here. The route's own checks run on
 * the owner (it parses and authenticates again), so nothing here reads the body; the rate limits of
 * this process applied before. Runs before validation: the parsed JSON body goes as it came (a signed
 * v5 call's byte for byte). When the owner lost the venues before it answered, a read (GET) did
 * nothing; any other call's outcome is unknown here (this process never authenticated it): its
 * Idempotency-Key tells it.
 */
export function forwardVenueRoutes(app: FastifyInstance, cluster: Cluster, calls: OwnerCalls): void {
  const subject = cluster.subject('venues.http');

  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.routeOptions.config?.venueOwner !== true || cluster.isLeader()) return;
    if (req.headers[FORWARDED] !== undefined) throw new VenueMoved();
    const message: ForwardedRequest = {
      method: req.method as ForwardedRequest['method'],
      url: req.url,
      headers: flatHeaders(req.headers),
      // A signed v5 call's body goes as the client sent it: its signature covers those bytes, and the owner checks it again.
      body: req.okxRawBody ?? (req.body === undefined || req.body === null ? null : JSON.stringify(req.body)),
      remoteAddress: req.ip,
    };
    const outcome = await calls.send(subject, message, (a) => forwardedAnswer.parse(a));
    if ('moved' in outcome) throw req.method === 'GET' ? new VenueMoved() : outcomeUnknown(Date.now());
    const answer = outcome.answer;
    for (const [name, value] of Object.entries(answer.headers)) if (!HOP_HEADERS.has(name)) void reply.header(name, value);
    return reply.code(answer.statusCode).send(answer.body);
  });
}

/**
 * The owner's side: the followers' forwarded calls, each run through the whole route (hooks,
 * parsing, authentication) by `inject`, from the moment this process holds the venue lease (until
 * its venues are rebuilt, the route refuses them: nothing done).
 */
export function serveForwardedCalls(app: FastifyInstance, cluster: Cluster, calls: OwnerCalls, log: FastifyBaseLogger): void {
  calls.serve(cluster.subject('venues.http'), async (call) => {
    const request = forwardedRequest.parse(call);
    try {
      const res = await app.inject({
        method: request.method,
        url: request.url,
        headers: { ...request.headers, [FORWARDED]: RUN_HERE },
        payload: request.body ?? undefined,
        remoteAddress: request.remoteAddress,
      });
      return { statusCode: res.statusCode, headers: flatHeaders(res.headers), body: res.payload } satisfies ForwardedAnswer;
    } catch (err) {
      log.error({ err }, 'a forwarded venue call failed');
      return { statusCode: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ message: serverMessages.internal }) } satisfies ForwardedAnswer;
    }
  });
}
