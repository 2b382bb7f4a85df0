import { ZodError } from 'zod';
import { convertMessages as m, type ConversionResponse, type MessageCode } from '@exchange/contract';
import { ApiError, NetworkError } from '../../../shared/api/http';
import { TimeoutError } from '../api/timeout';

const QUOTE_REFUSALS: readonly string[] = [m.quoteExpired, m.quoteNotFound, m.quoteMismatch];
/** Refusals with values come translated, so they are told by their message code, not their words. */
const QUOTE_REFUSAL_CODES: readonly string[] = ['convert.convertedMismatch', 'convert.rateMoved'] satisfies MessageCode[];

/** A refusal a fresh quote settles: the page asks for one and says why, without blocking Convert. */
export function isQuoteRefusal(message: string, messageCode?: string): boolean {
  return QUOTE_REFUSALS.includes(message) || (messageCode !== undefined && QUOTE_REFUSAL_CODES.includes(messageCode));
}

export type SubmitOutcome =
  | { kind: 'success' }
  /** The quote went stale; `message` says so and a new quote is asked for. */
  | { kind: 'requote'; message: string }
  | { kind: 'error'; message: string };

/** Spec 2 §7: success is an answer whose message contains "submitted". */
export function answerOutcome(answer: ConversionResponse): SubmitOutcome {
  return /submitted/i.test(answer.message) ? { kind: 'success' } : { kind: 'error', message: m.unexpectedFormat };
}

/** What a failed POST /conversions means to the page (spec 2 §8): the server's words where it gave some. */
export function failureOutcome(error: unknown): SubmitOutcome {
  if (error instanceof TimeoutError) return { kind: 'error', message: m.timedOut };
  if (error instanceof ZodError) return { kind: 'error', message: m.unexpectedFormat };
  if (error instanceof ApiError) {
    const message = error.serverMessage;
    if (!message) return { kind: 'error', message: m.failed };
    return isQuoteRefusal(message, error.messageCode) ? { kind: 'requote', message } : { kind: 'error', message };
  }
  if (error instanceof NetworkError) return { kind: 'error', message: m.failed };
  return { kind: 'error', message: m.unexpected };
}
