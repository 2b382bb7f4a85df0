import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterBus } from '../../src/cluster/cluster-bus.js';
import type { VenueCommitted, VenueMessage } from '../../src/venue/events.js';
import { Dec } from '../../src/shared/decimal.js';
import { EVERYONE, packParts } from '../../src/venue/packed-parts.js';
import { connectTwo, crossed, recordingLog, wire } from './cluster-helpers.js';

const order = (filled: string, userId = 'u1'): VenueCommitted => ({
  type: 'committed',
  instId: 'BTC-USDT',
  events: [],
  orders: [
    {
      id: '7',
      userId,
      coin: { pair_id: 1, name: 'Bitcoin', symbol: 'BTC' },
      createdAt: new Date('2025-01-01T00:00:00.000Z'),
      side: 'buy',
      execType: 'limit',
      price: '60000.00',
      stopPrice: null,
      amount: '0.01000',
      filled: new Dec(filled),
      filledQuote: new Dec(filled).mul(60000),
      fee: new Dec(0),
      feeAsset: 'BTC',
      status: 'partially filled',
      clOrdId: '',
      tag: '',
    },
  ],
  fills: [],
});

/** Two processes' buses on one namespace: a the venues' owner, b a follower. */
describe('the venue bus on NATS', () => {
  let pair: Awaited<ReturnType<typeof connectTwo>>;
  const logB = recordingLog();
  let busA: ClusterBus;
  let busB: ClusterBus;
  const heardA: VenueMessage[] = [];
  const heardB: VenueMessage[] = [];
  beforeAll(async () => {
    pair = await connectTwo();
    pair.a.setLeader(true);
    busA = new ClusterBus(pair.a, recordingLog().log);
    busB = new ClusterBus(pair.b, logB.log);
    busA.subscribe((m) => heardA.push(m));
    busB.subscribe((m) => heardB.push(m));
    // u1 has a private socket on the follower.
    busB.watchUser('u1');
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
  });
  afterAll(async () => {
    await pair?.close();
  });

  it("delivers the leader's message here at once and on the follower after NATS, decimals and dates as they were", async () => {
    heardA.length = 0;
    heardB.length = 0;
    const m = order('0.004');
    busA.publish(m);
    expect(heardA).toEqual([m]);
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    expect(heardB).toEqual([m]);
    expect((heardB[0] as VenueCommitted).orders[0]?.filled.eq('0.004')).toBe(true);
    // The leader's own message came back from NATS and was not delivered twice.
    expect(heardA).toHaveLength(1);
  });

  it("sends a batch bigger than one NATS message in parts, so the follower hears every order of it", async () => {
    heardB.length = 0;
    const one = order('0.004').orders[0] as VenueCommitted['orders'][number];
    const orders = Array.from({ length: 4_000 }, (_, i) => ({ ...one, id: String(i) }));
    const big: VenueCommitted = { ...order('0.004'), orders };
    expect(JSON.stringify(big).length).toBeGreaterThan(pair.a.nats.info?.max_payload ?? 0);
    busA.publish(big);
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    expect(heardB.length).toBeGreaterThan(1);
    expect(heardB.flatMap((m) => (m as VenueCommitted).orders.map((o) => o.id))).toEqual(orders.map((o) => o.id));
  });

  it("keeps a follower's messages on the follower", async () => {
    heardA.length = 0;
    heardB.length = 0;
    const reset: VenueMessage = { type: 'reset', instId: 'BTC-USDT' };
    busB.publish(reset);
    expect(heardB).toEqual([reset]);
    await crossed(pair.b, pair.a);
    expect(heardA).toEqual([]);
  });

  it('stops sending when the process stops leading', async () => {
    heardB.length = 0;
    pair.a.setLeader(false);
    busA.publish(order('0.005'));
    await crossed(pair.a, pair.b);
    expect(heardB).toEqual([]);
    pair.a.setLeader(true);
  });

  it("sends a user's orders and fills only to the processes watching that user, and the trades alone to every one", async () => {
    heardB.length = 0;
    const trade = { id: 9, symbol: 'BTC', price: '60000.00', qty: '0.01000', takerSide: 'buy' as const, makerOrderId: '1', takerOrderId: '2', ts: 1 };
    const fill = {
      type: 'fill' as const,
      tradeId: 9,
      price: 6_000_000,
      qty: 1000,
      takerSide: 'buy' as const,
      makerOrderId: '1',
      takerOrderId: '2',
      makerOwner: 'u2',
      takerOwner: 'u3',
      makerRemaining: 0,
      takerRemaining: 0,
      trade,
    };
    const accepted = { type: 'accepted' as const, orderId: '2', owner: 'u3', side: 'buy' as const, orderType: 'limit' as const, price: 6_000_000, qty: 1000, budget: null, stopPrice: null, seq: 2 };
    const batch: VenueCommitted = {
      ...order('0.01', 'u2'),
      events: [accepted, fill],
      orders: [...order('0.01', 'u2').orders, ...order('0.02', 'u3').orders],
    };
    const trades = { ...batch, events: [fill], orders: [], fills: [] };
    busA.publish(batch);
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    // Nobody watches u2 or u3 on the follower: it hears the trade alone, without the batch's other events.
    expect(heardB).toEqual([trades]);

    heardB.length = 0;
    const stopFirst = busB.watchUser('u3');
    const stopSecond = busB.watchUser('u3');
    await crossed(pair.b, pair.a);
    busA.publish(batch);
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    expect(heardB).toEqual([
      trades,
      { ...batch, events: [], orders: [batch.orders[1]] },
    ]);

    // Watched by two sockets: the first to close leaves the other its rows.
    heardB.length = 0;
    stopFirst();
    stopFirst();
    await crossed(pair.b, pair.a);
    busA.publish(order('0.03', 'u3'));
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    expect(heardB.flatMap((m) => (m as VenueCommitted).orders.map((o) => o.filled.toString()))).toEqual(['0.03']);

    heardB.length = 0;
    stopSecond();
    await crossed(pair.b, pair.a);
    busA.publish(order('0.04', 'u3'));
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    expect(heardB).toEqual([]);
  });

  it('sends a batch of several users in one NATS message', async () => {
    const seen: string[] = [];
    const spy = pair.b.nats.subscribe(pair.a.subject('>'), { callback: (_err, msg) => seen.push(msg.subject) });
    await crossed(pair.b, pair.a);
    const batch: VenueCommitted = { ...order('0.01', 'u1'), orders: ['u1', 'u2', 'u3', 'u4'].flatMap((u) => order('0.01', u).orders) };
    heardB.length = 0;
    busA.publish(batch);
    await crossed(pair.a, pair.b);
    spy.unsubscribe();
    expect(seen).toEqual([pair.a.subject('venue.events')]);
    expect(heardB).toEqual([{ ...batch, orders: [batch.orders[0]] }]);
  });

  it('drops a malformed message with a warning and delivers the next one', async () => {
    heardB.length = 0;
    const subject = pair.a.subject('venue.events');
    pair.a.nats.publish(subject, wire('{not json'));
    pair.a.nats.publish(subject, wire({ ...order('0.006'), orders: [{ ...order('0.006').orders[0], filled: 'all of it' }] }));
    const badPart = JSON.stringify({ ...order('0.006'), orders: [{ ...order('0.006').orders[0], filled: 'all of it' }] });
    pair.a.nats.publish(subject, wire(packParts([{ key: EVERYONE, text: badPart }], 1_000_000)[0]));
    busA.publish(order('0.007'));
    await crossed(pair.a, pair.b);
    expect(logB.warnings).toHaveLength(3);
    expect(heardB).toHaveLength(1);
    expect((heardB[0] as VenueCommitted).orders[0]?.filled.eq('0.007')).toBe(true);
  });
});
