import type { VenueMessage } from './events.js';

const half = <T>(xs: readonly T[]): [T[], T[]] => {
  const mid = Math.ceil(xs.length / 2);
  return [xs.slice(0, mid), xs.slice(mid)];
};

/**
 * The message as texts of at most `maxBytes` each: whole when it fits, else a committed batch cut in
 * halves until each fits, its events, orders and fills keeping their order. Every listener takes a
 * committed message on its own (trades for the candles, orders and fills for the private feed), so
 * the parts tell what the whole told. A part that cannot be cut further goes as it is.
 */
export function encodeWithin(message: VenueMessage, maxBytes: number, encode: (m: VenueMessage) => string): string[] {
  const text = encode(message);
  if (Buffer.byteLength(text) <= maxBytes || message.type !== 'committed') return [text];
  const { events, orders, fills } = message;
  if (events.length + orders.length + fills.length <= 1) return [text];
  const [e1, e2] = half(events);
  const [o1, o2] = half(orders);
  const [f1, f2] = half(fills);
  return [
    ...encodeWithin({ ...message, events: e1, orders: o1, fills: f1 }, maxBytes, encode),
    ...encodeWithin({ ...message, events: e2, orders: o2, fills: f2 }, maxBytes, encode),
  ];
}
