import { AppError } from '../errors.js';
import { VenueMoved } from '../ledger/ledger.js';
import { clusterMessages } from './messages.js';

/**
 * What a follower answers when its call to the venues' owner failed. NATS answers "no responders"
 * at once when no process owns the venues: nothing was sent, so nothing was done (503, send it
 * again). A timeout is different: the owner took the call and may have carried it out before it
 * stopped, so the client is told the outcome is unknown (504) and how to find out or retry safely.
 */
export function venueCallFailed(err: unknown): AppError {
  if ((err as { code?: unknown } | null)?.code === '503') return new VenueMoved();
  return new AppError(504, clusterMessages.venueNoAnswer, 'OUTCOME_UNKNOWN');
}
