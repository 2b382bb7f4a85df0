import type { Trade } from './types';

export const TRADES_SHOWN = 30;

/** The newest `max` trades, newest first, without duplicates. */
export function addTrades(current: readonly Trade[], incoming: readonly Trade[], max = TRADES_SHOWN): Trade[] {
  const seen = new Set(current.map((trade) => trade.id));
  const fresh: Trade[] = [];
  for (const trade of incoming) {
    if (seen.has(trade.id)) continue;
    seen.add(trade.id);
    fresh.push(trade);
  }
  // Pushes list trades oldest first; reversing before the stable sort keeps same-ms trades newest first.
  const merged = [...fresh.reverse(), ...current].sort((a, b) => b.ts - a.ts);
  return merged.slice(0, max);
}

/** Direction of the last price: against the previous trade, else the taker side of the last one. */
export function lastPriceTrend(trades: readonly Trade[]): 'up' | 'down' {
  const [last, previous] = trades;
  if (!last) return 'up';
  if (previous && last.price !== previous.price) return last.price > previous.price ? 'up' : 'down';
  return last.side === 'buy' ? 'up' : 'down';
}
