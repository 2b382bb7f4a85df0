import { clusterAnswers, clusterErrorCodes } from '@exchange/contract';
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
