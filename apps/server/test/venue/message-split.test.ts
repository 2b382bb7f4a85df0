import { describe, expect, it } from 'vitest';
import type { VenueCommitted, VenueEvent, VenueMessage } from '../../src/venue/events.js';
import { encodeWithin } from '../../src/venue/message-split.js';
import { decodeVenueMessage, encodeVenueMessage } from '../../src/venue/wire-codec.js';

const accepted = (i: number): VenueEvent => ({
  type: 'accepted',
  orderId: String(i),
  owner: `user-${i}`,
  side: 'buy',
  orderType: 'limit',
  price: 100 + i,
  qty: 1,
  budget: null,
  stopPrice: null,
  seq: i,
});

const batch = (n: number): VenueCommitted => ({
  type: 'committed',
  instId: 'BTC-USDT',
  events: Array.from({ length: n }, (_, i) => accepted(i)),
  orders: [],
  fills: Array.from({ length: Math.floor(n / 2) }, (_, i) => ({
    userId: `user-${i}`,
    update: { order_id: String(i), trade_id: String(i), coin_id: 1, symbol: 'BTC', side: 'buy', price: '100', amount: '1', fee: '0', fee_asset: 'BTC', role: 'taker', ts: 1 },
  })),
});

describe('a venue message cut to fit one NATS message', () => {
  it('goes whole when it fits', () => {
    const m = batch(3);
    expect(encodeWithin(m, 1_000_000, encodeVenueMessage)).toEqual([encodeVenueMessage(m)]);
  });

  it('goes in parts under the bound that keep every event and fill in order', () => {
    const m = batch(200);
    const whole = encodeVenueMessage(m).length;
    const bound = Math.floor(whole / 5);
    const parts = encodeWithin(m, bound, encodeVenueMessage);
    expect(parts.length).toBeGreaterThanOrEqual(5);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(bound);
    const decoded = parts.map((p) => decodeVenueMessage(p) as VenueCommitted);
    expect(decoded.flatMap((d) => d.events)).toEqual(m.events);
    expect(decoded.flatMap((d) => d.fills).map((f) => f.userId)).toEqual(m.fills.map((f) => f.userId));
    expect(decoded.every((d) => d.instId === 'BTC-USDT')).toBe(true);
  });

  it('sends a reset, or one event too big to cut, as it is', () => {
    const reset: VenueMessage = { type: 'reset', instId: 'BTC-USDT' };
    expect(encodeWithin(reset, 1, encodeVenueMessage)).toEqual([encodeVenueMessage(reset)]);
    const one = batch(1);
    expect(encodeWithin(one, 10, encodeVenueMessage)).toEqual([encodeVenueMessage(one)]);
  });
});
