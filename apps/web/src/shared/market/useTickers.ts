import { startTransition, useEffect, useState } from 'react';
import { getPublicSocket, instIdOf, type PublicSocket } from './publicSocket';
import { parseTicker, type LiveTicker } from './ticker';

/**
 * Live tickers for `symbols` from the public socket's `tickers` channel, keyed by upper-case
 * symbol. Until a push arrives a symbol is absent, so callers fall back to the REST price.
 */
export function useTickers(symbols: readonly string[], socket?: PublicSocket): Record<string, LiveTicker> {
  const [tickers, setTickers] = useState<Record<string, LiveTicker>>({});
  const key = [...new Set(symbols.map((symbol) => symbol.toUpperCase()))].sort().join(',');

  useEffect(() => {
    if (!key) return undefined;
    const source = socket ?? getPublicSocket();
    const unsubscribers = key.split(',').map((symbol) =>
      source.subscribe('tickers', instIdOf(symbol), (data) => {
        const item = data[data.length - 1];
        const last = item ? parseTicker(item) : null;
        // A tick re-renders the page that shows it; as a transition it yields to input and painting.
        if (last) startTransition(() => setTickers((previous) => ({ ...previous, [symbol]: last })));
      }),
    );
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [key, socket]);

  return tickers;
}
