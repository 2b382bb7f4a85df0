import { describe, expect, it } from 'vitest';
import { fills, harness, ofType } from './helpers.js';

describe('stop-limit orders', () => {
  it('wait until the last trade price reaches the stop, then enter as limit orders', () => {
    const { book, take } = harness();
    book.limit({ id: 's1', owner: 'm', side: 'sell', price: 100, qty: 1 });
    book.limit({ id: 's2', owner: 'm', side: 'sell', price: 102, qty: 5 });
    book.stopLimit({ id: 'st', owner: 'u', side: 'buy', price: 103, qty: 2, stopPrice: 101 });
    take();
    expect(book.getOrder('st')).toMatchObject({ state: 'stop', stopPrice: 101 });
    book.market({ id: 'm1', owner: 't', side: 'buy', qty: 1 });
    expect(ofType(take(), 'triggered')).toEqual([]);
    expect(book.lastPrice).toBe(100);
    book.market({ id: 'm2', owner: 't', side: 'buy', qty: 1 });
    const ev = take();
    const trig = ev.findIndex((e) => e.type === 'triggered');
    expect(ev[trig]).toMatchObject({ orderId: 'st', stopPrice: 101, lastPrice: 102 });
    expect(ev.findIndex((e) => e.type === 'done' && e.orderId === 'm2')).toBeLessThan(trig);
    expect(fills(ev.slice(trig))).toEqual([{ maker: 's2', taker: 'st', price: 102, qty: 2 }]);
    expect(book.size).toBe(1);
  });

  it('sell stops trigger when last <= stop and cascade', () => {
    const { book, take } = harness();
    book.limit({ id: 'b1', owner: 'm', side: 'buy', price: 100, qty: 1 });
    book.limit({ id: 'b2', owner: 'm', side: 'buy', price: 98, qty: 1 });
    book.limit({ id: 'b3', owner: 'm', side: 'buy', price: 95, qty: 1 });
    book.stopLimit({ id: 'x1', owner: 'a', side: 'sell', price: 90, qty: 1, stopPrice: 100 });
    book.stopLimit({ id: 'x2', owner: 'b', side: 'sell', price: 90, qty: 1, stopPrice: 98 });
    book.stopLimit({ id: 'x3', owner: 'c', side: 'sell', price: 90, qty: 5, stopPrice: 90 });
    take();
    book.market({ id: 'go', owner: 't', side: 'sell', qty: 1 });
    const ev = take();
    expect(ofType(ev, 'triggered').map((e) => e.orderId)).toEqual(['x1', 'x2']);
    expect(fills(ev).map((f) => [f.maker, f.taker, f.price])).toEqual([
      ['b1', 'go', 100],
      ['b2', 'x1', 98],
      ['b3', 'x2', 95],
    ]);
    expect(book.getOrder('x3')?.state).toBe('stop');
    expect(book.lastPrice).toBe(95);
  });

  it('triggers at once when the last price is already past the stop', () => {
    const { book, take } = harness();
    book.limit({ id: 's', owner: 'm', side: 'sell', price: 100, qty: 2 });
    book.market({ id: 'm', owner: 't', side: 'buy', qty: 1 });
    take();
    book.stopLimit({ id: 'st', owner: 'u', side: 'buy', price: 100, qty: 1, stopPrice: 90 });
    expect(take().map((e) => e.type)).toEqual(['accepted', 'triggered', 'fill', 'done', 'done']);
  });

  it('can be cancelled before triggering', () => {
    const { book, take } = harness();
    book.stopLimit({ id: 'st', owner: 'u', side: 'sell', price: 90, qty: 1, stopPrice: 95 });
    take();
    expect(book.cancel('st')).toBe(true);
    expect(take()).toEqual([
      { type: 'cancelled', orderId: 'st', owner: 'u', reason: 'user', remainingQty: 1 },
      { type: 'done', orderId: 'st', owner: 'u', status: 'cancelled', filledQty: 0, remainingQty: 1, budgetLeft: null },
    ]);
    expect(book.snapshot().stops).toEqual([]);
  });

  it('a triggered post-only stop that would cross expires instead of being rejected', () => {
    const { book, take } = harness();
    book.limit({ id: 's1', owner: 'm', side: 'sell', price: 100, qty: 1 });
    book.limit({ id: 's2', owner: 'm', side: 'sell', price: 101, qty: 1 });
    book.stopLimit({ id: 'st', owner: 'u', side: 'buy', price: 101, qty: 1, stopPrice: 100, postOnly: true });
    book.market({ id: 'm', owner: 't', side: 'buy', qty: 1 });
    const ev = take();
    expect(ofType(ev, 'cancelled').at(-1)).toMatchObject({ orderId: 'st', reason: 'post-only-would-cross' });
    expect(ev.at(-1)).toMatchObject({ type: 'done', orderId: 'st', status: 'expired' });
    expect(book.size).toBe(1);
  });

  it('rejects an invalid stop price', () => {
    const { book, take } = harness();
    book.stopLimit({ id: 'st', owner: 'u', side: 'sell', price: 90, qty: 1, stopPrice: 0 });
    expect(take()).toEqual([{ type: 'rejected', orderId: 'st', owner: 'u', reason: 'invalid-stop-price' }]);
  });
});
