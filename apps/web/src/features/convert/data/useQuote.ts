import { useCallback, useEffect, useState } from 'react';
import type { ConvertQuoteResponse } from '@exchange/contract';
import { ApiError } from '../../../shared/api/http';
import { fetchQuote } from '../api/convertApi';
import { secondsLeft } from '../model/rate';

/** Typing pauses this long before a quote is asked for, so one word costs one request. */
export const QUOTE_DEBOUNCE_MS = 300;

export interface HeldQuote {
  /** The request it answers: from, to and the normalised From amount. */
  key: string;
  quote: ConvertQuoteResponse;
  /** When it stops being valid, on this browser's clock (received + ttl_ms), so a skewed server clock does not matter. */
  expiresAt: number;
}

interface QuoteFailure {
  key: string;
  /** The server's words; null when the server could not be reached or answered none. */
  message: string | null;
}

export function quoteKey(from: string, to: string, amount: string): string {
  return `${from}>${to}:${amount}`;
}

/**
 * The firm quote for converting `amount` (normalised, null with nothing to quote) of `from` into `to`:
 * asked for QUOTE_DEBOUNCE_MS after the last change, asked for again the moment it expires, and on refresh().
 * The last quote of the pair stays available for its rate while the next one loads.
 */
export function useQuote(from: string, to: string, amount: string | null) {
  const key = amount === null ? null : quoteKey(from, to, amount);
  const [held, setHeld] = useState<HeldQuote | null>(null);
  const [failure, setFailure] = useState<QuoteFailure | null>(null);
  const [generation, setGeneration] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    if (key === null || amount === null) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchQuote(from, to, amount, controller.signal).then(
        (quote) => {
          if (controller.signal.aborted) return;
          const receivedAt = Date.now();
          setHeld({ key, quote, expiresAt: receivedAt + quote.ttl_ms });
          setFailure(null);
          setNow(receivedAt);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setFailure({ key, message: error instanceof ApiError && error.serverMessage ? error.serverMessage : null });
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, from, to, amount, generation]);

  const current = held !== null && held.key === key ? held : null;
  const live = current !== null && current.expiresAt > now;

  // The countdown ticks while a quote is live; at zero the quote is asked for again, once.
  useEffect(() => {
    if (current === null) return undefined;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= current.expiresAt) {
        clearInterval(timer);
        refresh();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [current, refresh]);

  const samePair = held !== null && held.quote.convert_from === from && held.quote.convert_to === to ? held.quote : null;
  return {
    /** The quote of exactly this amount while it is valid: what Convert sends. */
    quote: live ? current.quote : null,
    /** The newest quote of this pair, for linking the boxes while the next one loads. */
    pairQuote: samePair,
    secondsLeft: current === null ? null : secondsLeft(current.expiresAt, now),
    loading: key !== null && !live && (failure === null || failure.key !== key),
    failed: failure !== null && failure.key === key,
    failureMessage: failure !== null && failure.key === key ? failure.message : null,
    refresh,
  };
}
