import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook, type BookSnapshot, type EngineEvent } from '../src/index.js';
import { clean, commands } from './commands.js';
import { ReferenceBook } from './reference-book.js';

const RUNS = 300;

function normalise(s: BookSnapshot): BookSnapshot {
  return { ...s, stops: [...s.stops].sort((a, b) => a.seq - b.seq) };
}

function run(cmds: ReturnType<typeof clean>[]) {
  const events: EngineEvent[] = [];
  const book = new OrderBook({ onEvent: (e) => events.push(e) });
  const crossedAfter: number[] = [];
  cmds.forEach((c, i) => {
    book.submit(c);
    const bid = book.bestBid();
    const ask = book.bestAsk();
    if (bid !== null && ask !== null && bid >= ask) crossedAfter.push(i);
  });
  return { book, events, crossedAfter };
}

describe('engine against the naive reference', () => {
  it('emits the same events and ends with the same book', () => {
    fc.assert(
      fc.property(commands(), (raw) => {
        const cmds = raw.map(clean);
        const { book, events } = run(cmds);
        const ref = new ReferenceBook();
        for (const c of cmds) ref.submit(c);
        expect(events).toEqual(ref.events);
        expect(normalise(book.snapshot())).toEqual(ref.snapshot());
      }),
      { numRuns: RUNS },
    );
  });

  it('counts each owner’s live orders as the book holds them, after any commands', () => {
    fc.assert(
      fc.property(commands(), (raw) => {
        const { book } = run(raw.map(clean));
        const snap = book.snapshot();
        const held = new Map<string, number>();
        for (const o of [...snap.bids, ...snap.asks, ...snap.stops]) held.set(o.owner, (held.get(o.owner) ?? 0) + 1);
        const owners = new Set([...held.keys(), ...raw.map(clean).flatMap((c) => ('owner' in c ? [c.owner] : []))]);
        for (const owner of owners) expect(book.liveOrdersOf(owner), owner).toBe(held.get(owner) ?? 0);
      }),
      { numRuns: RUNS },
    );
  });

  it('never leaves the book crossed', () => {
    fc.assert(
      fc.property(commands(), (raw) => {
        expect(run(raw.map(clean)).crossedAfter).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('conserves quantity: filled + resting + cancelled = original, and done reports it', () => {
    fc.assert(
      fc.property(commands(), (raw) => {
        const { book, events } = run(raw.map(clean));
        const orders = new Map<string, { qty: number; filled: number; cancelled: number; done: boolean }>();
        for (const e of events) {
          if (e.type === 'accepted' && e.qty !== null) orders.set(e.orderId, { qty: e.qty, filled: 0, cancelled: 0, done: false });
          const touch = (id: string) => orders.get(id);
          if (e.type === 'fill') {
            const m = touch(e.makerOrderId);
            const t = touch(e.takerOrderId);
            if (m) m.filled += e.qty;
            if (t) t.filled += e.qty;
          }
          if (e.type === 'cancelled') {
            const o = touch(e.orderId);
            if (o) o.cancelled += e.remainingQty ?? 0;
          }
          if (e.type === 'done') {
            const o = touch(e.orderId);
            if (o) {
              expect(e.filledQty).toBe(o.filled);
              expect(e.filledQty + (e.remainingQty ?? 0)).toBe(o.qty);
              o.done = true;
              orders.delete(e.orderId);
            }
          }
        }
        // Whatever was not done is still live in the book with exactly its unfilled quantity.
        expect(book.size).toBe(orders.size);
        for (const [id, o] of orders) {
          const view = book.getOrder(id);
          expect(view?.filledQty).toBe(o.filled);
          expect(o.filled + (view?.remainingQty ?? 0) + o.cancelled).toBe(o.qty);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('fills each price level first in, first out', () => {
    fc.assert(
      fc.property(commands(), (raw) => {
        const { events } = run(raw.map(clean));
        // rank = moment an order got its place in the book (acceptance, or trigger for stops)
        const live = new Map<string, { side: string; price: number | null; rank: number }>();
        const stops = new Map<string, { side: string; price: number | null }>();
        events.forEach((e, rank) => {
          if (e.type === 'accepted' && e.orderType !== 'stop-limit') live.set(e.orderId, { side: e.side, price: e.price, rank });
          if (e.type === 'accepted' && e.orderType === 'stop-limit') stops.set(e.orderId, { side: e.side, price: e.price });
          if (e.type === 'triggered') {
            const stop = stops.get(e.orderId);
            if (stop) live.set(e.orderId, { ...stop, rank });
          }
          if (e.type === 'done') live.delete(e.orderId);
          if (e.type === 'fill') {
            const maker = live.get(e.makerOrderId);
            expect(maker?.price).toBe(e.price);
            for (const [id, o] of live) {
              if (id !== e.makerOrderId && o.side === maker?.side && o.price === e.price) {
                expect(o.rank).toBeGreaterThan(maker.rank);
              }
            }
          }
        });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('snapshot and restore', () => {
  it('a restored book behaves exactly like the original', () => {
    fc.assert(
      fc.property(commands(60), commands(60), (a, b) => {
        const original = run(a.map(clean)).book;
        const snap = JSON.parse(JSON.stringify(original.snapshot())) as BookSnapshot;
        const restored = OrderBook.restore(snap);
        expect(restored.snapshot()).toEqual(original.snapshot());
        const e1: EngineEvent[] = [];
        const e2: EngineEvent[] = [];
        original.onEvent = (e) => e1.push(e);
        restored.onEvent = (e) => e2.push(e);
        for (const c of b.map(clean)) {
          original.submit(c);
          restored.submit(c);
        }
        expect(e2).toEqual(e1);
        expect(restored.snapshot()).toEqual(original.snapshot());
      }),
      { numRuns: RUNS },
    );
  });
});
