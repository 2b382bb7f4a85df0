import type { DepthLevel } from '@exchange/engine';
import type { Venue } from '../../venue/venue.js';
import type { Ticker24h } from './ticker-stats.js';
import type { Trade } from '../../venue/events.js';

/** OKX v5 level: [price, size, deprecated liquidated-orders field "0", number of orders], all strings. */
export type OkxLevel = [string, string, string, string];

export interface OkxBook {
  asks: OkxLevel[];
  bids: OkxLevel[];
  ts: string;
}

function levels(m: Venue, list: readonly DepthLevel[]): OkxLevel[] {
  return list.map((l) => [m.prices.format(l.price), m.lots.format(l.qty), '0', String(l.orders)]);
}

/** Asks ascending and bids descending (the engine lists each side best first). */
export function okxBook(m: Venue, size: number, tsMs: number): OkxBook {
  const depth = m.depth(size);
  return { asks: levels(m, depth.asks), bids: levels(m, depth.bids), ts: String(tsMs) };
}

export function okxTicker(m: Venue, t: Ticker24h, tsMs: number) {
  const depth = m.depth(1);
  const ask = depth.asks[0];
  const bid = depth.bids[0];
  return {
    instType: 'SPOT',
    instId: m.instId,
    last: t.last,
    lastSz: t.lastQty,
    askPx: ask ? m.prices.format(ask.price) : '',
    askSz: ask ? m.lots.format(ask.qty) : '',
    bidPx: bid ? m.prices.format(bid.price) : '',
    bidSz: bid ? m.lots.format(bid.qty) : '',
    open24h: t.open24h,
    high24h: t.high24h,
    low24h: t.low24h,
    volCcy24h: t.quoteVolume24h,
    vol24h: t.volume24h,
    sodUtc0: t.openUtc0,
    ts: String(tsMs),
  };
}

export function okxTrade(instId: string, t: Trade) {
  return { instId, tradeId: String(t.id), px: t.price, sz: t.qty, side: t.takerSide, ts: String(t.ts), count: '1' };
}

/** The key market data keeps candles and tickers under: a coin's symbol for spot, the instId for a contract. */
export function statsKey(v: Venue): string {
  return v.kind === 'spot' ? v.coin.symbol : v.instId;
}
