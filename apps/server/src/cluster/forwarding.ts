import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Msg, Subscription } from 'nats';
import { z } from 'zod';
import { serverMessages } from '@exchange/contract';
import type { Cluster } from './cluster.js';
import { venueCallFailed } from './venue-answer.js';
import { VenueMoved } from '../ledger/ledger.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads or changes the venues: on a cluster it runs on the process that owns them. */
    venueOwner?: boolean;
  }
}

/** Marks every route registered in this scope as one the venues' owner answers. */
export function markVenueOwnerRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...(route.config ?? {}), venueOwner: true };
  });
}

/** Set on a request the owner runs for a follower: it is never sent on a second time. */
const FORWARDED = 'x-exchange-forwarded';
/** A forwarded call waits this long for the owner; past it the client may send it again (Idempotency-Key). */
const FORWARD_TIMEOUT_MS = 15_000;
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
 * Followers send the venue routes to the owner over NATS request-reply and answer with what it
 * answered, status, headers and body, as if the call had run here. The route's own checks run on
 * the owner (it parses and authenticates again), so nothing here reads the body; the rate limits of
 * this process applied before. Runs before validation: the parsed JSON body goes as it came.
 */
export function forwardVenueRoutes(app: FastifyInstance, cluster: Cluster): void {
  const subject = cluster.subject('venues.http');
  const codec = new TextEncoder();
  const decoder = new TextDecoder();

  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.routeOptions.config?.venueOwner !== true || cluster.isLeader()) return;
    if (req.headers[FORWARDED] !== undefined) throw new VenueMoved();
    const message: ForwardedRequest = {
      method: req.method as ForwardedRequest['method'],
      url: req.url,
      headers: flatHeaders(req.headers),
      body: req.body === undefined || req.body === null ? null : JSON.stringify(req.body),
      remoteAddress: req.ip,
    };
    let answer: ForwardedAnswer;
    try {
      const res = await cluster.request(subject, codec.encode(JSON.stringify(message)), FORWARD_TIMEOUT_MS);
      answer = forwardedAnswer.parse(JSON.parse(decoder.decode(res.data)));
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'a venue call got no answer from the owner');
      throw venueCallFailed(err);
    }
    for (const [name, value] of Object.entries(answer.headers)) if (!HOP_HEADERS.has(name)) void reply.header(name, value);
    return reply.code(answer.statusCode).send(answer.body);
  });
}

/**
 * The owner's side: while this process owns the venues it answers the followers' forwarded calls,
 * each run through the whole route (hooks, parsing, authentication) by `inject`.
 */
export class ForwardedCalls {
  private sub: Subscription | null = null;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly app: FastifyInstance,
    private readonly cluster: Cluster,
    private readonly log: FastifyBaseLogger,
  ) {
    cluster.onRoleChange((leader) => (leader ? this.open() : this.close()));
  }

  private open(): void {
    if (this.sub) return;
    this.sub = this.cluster.nats.subscribe(this.cluster.subject('venues.http'), {
      callback: (err, msg) => {
        if (err) this.log.warn({ err }, 'forwarded venue calls: subscription error');
        else void this.answer(msg);
      },
    });
  }

  close(): void {
    this.sub?.unsubscribe();
    this.sub = null;
  }

  private async answer(msg: Msg): Promise<void> {
    let request: ForwardedRequest;
    try {
      request = forwardedRequest.parse(JSON.parse(this.decoder.decode(msg.data)));
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'a malformed forwarded venue call was dropped');
      return;
    }
    let answer: ForwardedAnswer;
    try {
      const res = await this.app.inject({
        method: request.method,
        url: request.url,
        headers: { ...request.headers, [FORWARDED]: '1' },
        payload: request.body ?? undefined,
        remoteAddress: request.remoteAddress,
      });
      answer = { statusCode: res.statusCode, headers: flatHeaders(res.headers), body: res.payload };
    } catch (err) {
      this.log.error({ err }, 'a forwarded venue call failed');
      answer = { statusCode: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ message: serverMessages.internal }) };
    }
    const data = this.encoder.encode(JSON.stringify(answer));
    this.cluster.batch(
      () => msg.respond(data),
      (err) => this.log.warn({ err }, 'the answer to a forwarded venue call could not be sent'),
    );
  }
}
