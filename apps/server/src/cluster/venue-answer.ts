import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { clusterAnswers, clusterErrorCodes, serverMessages } from '@exchange/contract';
import { AppError } from '../errors.js';
import { VenueMoved } from '../ledger/ledger.js';

/** Seconds a client waits before it sends a call again that was refused with nothing done. */
const RETRY_AFTER_S = 2;

/** This process cannot reach the venues' owner (NATS is down): the call was not sent, so nothing of it happens. */
export function venueUnreachable(): AppError {
  return new AppError(503, clusterAnswers.venueUnreachable, clusterErrorCodes.venueUnreachable, RETRY_AFTER_S);
}

/**
 * The call may have been carried out. The owner starts no call after its start-by time, so from
 * `finalAt` (ms since 1970) on, the Idempotency-Key read tells what became of it for good.
 */
export function outcomeUnknown(finalAt: number): AppError {
  return new AppError(504, clusterAnswers.outcomeUnknown, clusterErrorCodes.outcomeUnknown, Math.max(1, Math.ceil((finalAt - Date.now()) / 1000)));
}

/**
 * What a follower answers when its call to the venues' owner failed. NATS answers "no responders"
 * at once when no process owns the venues, and this process sends nothing while NATS is down: the
 * call went nowhere (503, send it again). A call that was sent and got no answer (NATS dropped, or
 * the owner was silent too long) may have been carried out: 504 with the time its outcome is final.
 */
export function venueCallFailed(err: unknown, finalAt: number): AppError {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === '503') return new VenueMoved();
  if (code === 'NOT_CONNECTED') return venueUnreachable();
  return outcomeUnknown(finalAt);
}

/** A refusal the owner answers a venue call with, as it would have been thrown on the follower. */
export const venueFailure = z.object({
  statusCode: z.number().int().min(400).max(599),
  message: z.string(),
  code: z.string().optional(),
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type VenueFailure = z.infer<typeof venueFailure>;

/** The owner's answer to a venue call: the value, or its refusal. */
export const venueAnswer = <T extends z.ZodTypeAny>(value: T) =>
  z.union([z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: venueFailure })]);

/** What the owner answers for a call that threw: a refusal as it is, anything else (logged) as the server's 500. */
export function failureOf(err: unknown, log: FastifyBaseLogger, what: string): { ok: false; error: VenueFailure } {
  if (err instanceof AppError) {
    return { ok: false, error: { statusCode: err.statusCode, message: err.message, code: err.code, retryAfterSeconds: err.retryAfterSeconds } };
  }
  log.error({ err }, what);
  return { ok: false, error: { statusCode: 500, message: serverMessages.internal } };
}

/** The owner's answer as the follower answers it: the value, or its refusal with the same status and message. */
export function valueOf<T>(answer: { ok: true; value: T } | { ok: false; error: VenueFailure }): T {
  if (answer.ok) return answer.value;
  const e = answer.error;
  throw new AppError(e.statusCode, e.message, e.code, e.retryAfterSeconds);
}
