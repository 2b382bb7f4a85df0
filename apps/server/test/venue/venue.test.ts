import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderResponse } from '@exchange/contract';
import { buildApp, type App } from '../../src/app.js';
import { isSystemOwner, systemOwners } from '../../src/ledger/accounts.js';
import type { VenueFill, VenueMessage } from '../../src/venue/events.js';
import type { Venue } from '../../src/venue/venue.js';
import { testConfig } from '../helpers.js';
import { closeChecked, fund, insideSpread, newUser, placeOrder } from '../trading/trading-helpers.js';

/** The users' orders on a venue's book, in priority order: what a restart must give back. */
function userBook(venue: Venue): string[] {
  const snap = venue.snapshot();
  const line = (o: (typeof snap.bids)[number]) => `${o.id} ${o.owner} ${o.side} ${o.price} ${o.qty} ${o.stopPrice ?? '-'}`;
  return [...snap.bids.map(line), '|', ...snap.asks.map(line), '|', ...snap.stops.map(line)].filter(
    (l) => l === '|' || !isSystemOwner(l.split(' ')[1] as string),
  );
}

describe('a venue', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exch-venue-'));
  const config = testConfig({ dataDir, pgliteInMemory: false });
  let app: App;

  beforeAll(async () => {
    app = await buildApp(config);
  });
  afterAll(async () => {
    await closeChecked({ app, close: () => app.close() });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the market maker and a user trade on it and see the same events', async () => {
    const seller = await newUser(app);
    await fund(app, seller.userId, 'BTC', '0.01');
    const price = insideSpread(app);
    const sell = placeOrderResponse.parse((await placeOrder(app, seller, { order_type: 'sell', price, amount: '0.002' })).json());

    const messages: VenueMessage[] = [];
    const unsubscribe = app.services.bus.subscribe((m) => messages.push(m));
    let flowEvents;
    try {
      // The market's flow is a client like any user: it submits a market buy through the spot service.
      flowEvents = await app.services.spot.submitSystem('BTC-USDT', [
        { type: 'market', id: 'test-flow-1', owner: systemOwners.marketFlow, side: 'buy', qty: 100 },
      ]);
    } finally {
      unsubscribe();
    }
    const fills = flowEvents.filter((e): e is VenueFill => e.type === 'fill');
    expect(fills).toHaveLength(1);
    const fill = fills[0] as VenueFill;
    expect(fill).toMatchObject({ makerOrderId: sell.order_id, makerOwner: seller.userId, takerOwner: systemOwners.marketFlow });

    // The venue's committed stream carries the very events the flow got back, and the user's side of them.
    const committed = messages.filter((m) => m.type === 'committed' && m.instId === 'BTC-USDT');
    expect(committed).toHaveLength(1);
    const message = committed[0] as Extract<VenueMessage, { type: 'committed' }>;
    expect(message.events).toEqual(flowEvents);
    expect(message.fills).toEqual([
      { userId: seller.userId, update: expect.objectContaining({ order_id: sell.order_id, trade_id: String(fill.trade.id), role: 'maker' }) },
    ]);
    expect(message.orders.map((o) => [o.id, o.status, o.filled.toFixed()])).toEqual([[sell.order_id, 'partially filled', '0.001']]);

    // And the database holds that trade, the user's fill of it, and the order as the user saw it.
    const stored = await app.services.db.query<{ id: string; maker_order_id: string; fill_order: string }>(
      `SELECT t.id::text AS id, t.maker_order_id, f.order_id AS fill_order FROM trades t JOIN spot_fills f ON f.trade_id = t.id WHERE t.id = $1`,
      [fill.trade.id],
    );
    expect(stored.rows).toEqual([{ id: String(fill.trade.id), maker_order_id: sell.order_id, fill_order: sell.order_id }]);
  });

  it('restored from the database after a restart, holds the same book', async () => {
    const [buyer, seller] = [await newUser(app), await newUser(app)];
    await fund(app, seller.userId, 'ETH', '5');
    const eth = app.services.venues.get('ETH-USDT') as Venue;
    const bid = eth.prices.format((eth.bestBid() ?? 0) - 50);
    const ask = eth.prices.format((eth.bestAsk() ?? 0) + 50);
    // Two orders at one price (their order is time priority), another level, a stop.
    for (const [user, p] of [
      [buyer, { order_type: 'buy' as const, price: bid, amount: '0.01', coin_id: 2 }],
      [seller, { order_type: 'sell' as const, price: ask, amount: '0.02', coin_id: 2 }],
      [buyer, { order_type: 'buy' as const, price: bid, amount: '0.03', coin_id: 2 }],
      [seller, { order_type: 'sell' as const, price: ask, amount: '0.04', coin_id: 2 }],
      [seller, { order_type: 'sell' as const, excecution_type: 'stop-limit' as const, price: bid, stop_price: bid, amount: '0.05', coin_id: 2 }],
    ] as const) {
      expect((await placeOrder(app, user, p)).statusCode).toBe(200);
    }
    const before = { eth: userBook(eth), btc: userBook(app.services.venues.get('BTC-USDT') as Venue) };
    expect(before.eth.filter((l) => l !== '|')).toHaveLength(5);

    await app.close();
    app = await buildApp(config);
    const after = { eth: userBook(app.services.venues.get('ETH-USDT') as Venue), btc: userBook(app.services.venues.get('BTC-USDT') as Venue) };
    expect(after).toEqual(before);
  });
});
