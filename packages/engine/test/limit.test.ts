import { describe, expect, it } from 'vitest';
import { fills, harness, ofType } from './helpers.js';

describe('limit orders', () => {
  it('GTC rests when nothing crosses', () => {
    const { book, take } = harness();
    book.limit({ id: 'b1', owner: 'u1', side: 'buy', price: 100, qty: 5 });
    book.limit({ id: 's1', owner: 'u2', side: 'sell', price: 101, qty: 3 });
    expect(take().map((e) => e.type)).toEqual(['accepted', 'accepted']);
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBe(101);
    expect(book.getOrder('b1')).toMatchObject({ remainingQty: 5, filledQty: 0, state: 'resting' });
  });

  it('partially fills across levels at maker prices and rests the remainder', () => {
    const { book, take } = harness();
    book.limit({ id: 's1', owner: 'm', side: 'sell', price: 100, qty: 2 });
    book.limit({ id: 's2', owner: 'm', side: 'sell', price: 101, qty: 2 });
    book.limit({ id: 's3', owner: 'm', side: 'sell', price: 103, qty: 2 });
    take();
    book.limit({ id: 'b', owner: 't', side: 'buy', price: 102, qty: 5 });
    const ev = take();
    expect(fills(ev)).toEqual([
      { maker: 's1', taker: 'b', price: 100, qty: 2 },
      { maker: 's2', taker: 'b', price: 101, qty: 2 },
    ]);
    const f = ofType(ev, 'fill')[1];
    expect(f).toMatchObject({ makerOwner: 'm', takerOwner: 't', takerSide: 'buy', makerRemaining: 0, takerRemaining: 1 });
    expect(ofType(ev, 'done').map((d) => [d.orderId, d.status])).toEqual([
      ['s1', 'filled'],
      ['s2', 'filled'],
    ]);
    expect(book.bestBid()).toBe(102);
    expect(book.bestAsk()).toBe(103);
    expect(book.lastPrice).toBe(101);
    expect(book.getOrder('b')).toMatchObject({ filledQty: 4, remainingQty: 1 });
  });

  it('IOC fills what it can and expires the remainder', () => {
    const { book, take } = harness();
    book.limit({ id: 's1', owner: 'm', side: 'sell', price: 100, qty: 2 });
    take();
    book.limit({ id: 'i', owner: 't', side: 'buy', price: 100, qty: 5, tif: 'IOC' });
    const ev = take();
    expect(fills(ev)).toEqual([{ maker: 's1', taker: 'i', price: 100, qty: 2 }]);
    expect(ofType(ev, 'cancelled')).toEqual([
      { type: 'cancelled', orderId: 'i', owner: 't', reason: 'ioc', remainingQty: 3 },
    ]);
    expect(ofType(ev, 'done').at(-1)).toMatchObject({ orderId: 'i', status: 'expired', filledQty: 2, remainingQty: 3 });
    expect(book.bestBid()).toBeNull();
    expect(book.size).toBe(0);
  });

  it('FOK is all or nothing', () => {
    const { book, take } = harness();
    book.limit({ id: 's1', owner: 'm', side: 'sell', price: 100, qty: 2 });
    book.limit({ id: 's2', owner: 'm', side: 'sell', price: 101, qty: 2 });
    take();
    book.limit({ id: 'f1', owner: 't', side: 'buy', price: 101, qty: 5, tif: 'FOK' });
    expect(take()).toEqual([{ type: 'rejected', orderId: 'f1', owner: 't', reason: 'fok-unfillable' }]);
    expect(book.depth(5).asks).toEqual([
      { price: 100, qty: 2, orders: 1 },
      { price: 101, qty: 2, orders: 1 },
    ]);
    book.limit({ id: 'f2', owner: 't', side: 'buy', price: 101, qty: 4, tif: 'FOK' });
    const ev = take();
    expect(fills(ev).map((f) => f.qty)).toEqual([2, 2]);
    expect(ev.at(-1)).toMatchObject({ type: 'done', orderId: 'f2', status: 'filled', filledQty: 4 });
    expect(book.bestAsk()).toBeNull();
  });

  it('FOK does not count the own orders it would cancel', () => {
    const { book, take } = harness();
    book.limit({ id: 'own', owner: 't', side: 'sell', price: 100, qty: 3 });
    book.limit({ id: 's1', owner: 'm', side: 'sell', price: 100, qty: 2 });
    take();
    book.limit({ id: 'f', owner: 't', side: 'buy', price: 100, qty: 3, tif: 'FOK' });
    expect(take()).toEqual([{ type: 'rejected', orderId: 'f', owner: 't', reason: 'fok-unfillable' }]);
    expect(book.getOrder('own')).toBeDefined();
  });

  it('FOK looks past own orders to the liquidity at worse prices', () => {
    const { book, take } = harness();
    book.limit({ id: 'm1', owner: 'm', side: 'sell', price: 96, qty: 1 });
    book.limit({ id: 'own', owner: 't', side: 'sell', price: 95, qty: 1 });
    take();
    book.limit({ id: 'f', owner: 't', side: 'buy', price: 96, qty: 1, tif: 'FOK' });
    expect(fills(take())).toEqual([{ maker: 'm1', taker: 'f', price: 96, qty: 1 }]);
    expect(book.getOrder('own')).toBeUndefined();
  });

  it('post-only is rejected when it would cross and rests otherwise', () => {
    const { book, take } = harness();
    book.limit({ id: 's1', owner: 'm', side: 'sell', price: 100, qty: 2 });
    take();
    book.limit({ id: 'p1', owner: 't', side: 'buy', price: 100, qty: 1, postOnly: true });
    expect(take()).toEqual([{ type: 'rejected', orderId: 'p1', owner: 't', reason: 'post-only-would-cross' }]);
    book.limit({ id: 'p2', owner: 't', side: 'buy', price: 99, qty: 1, postOnly: true });
    expect(take().map((e) => e.type)).toEqual(['accepted']);
    expect(book.bestBid()).toBe(99);
  });

  it('fills one price level first in, first out', () => {
    const { book, take } = harness();
    for (const id of ['a', 'b', 'c']) book.limit({ id, owner: id, side: 'buy', price: 50, qty: 2 });
    take();
    book.limit({ id: 's', owner: 'x', side: 'sell', price: 50, qty: 5 });
    expect(fills(take()).map((f) => [f.maker, f.qty])).toEqual([
      ['a', 2],
      ['b', 2],
      ['c', 1],
    ]);
    expect(book.depth(1).bids).toEqual([{ price: 50, qty: 1, orders: 1 }]);
  });

  it('rejects duplicate live ids and invalid numbers', () => {
    const { book, take } = harness();
    book.limit({ id: 'x', owner: 'u', side: 'buy', price: 10, qty: 1 });
    book.limit({ id: 'x', owner: 'u', side: 'buy', price: 11, qty: 1 });
    book.limit({ id: 'q', owner: 'u', side: 'buy', price: 10, qty: 0 });
    book.limit({ id: 'r', owner: 'u', side: 'buy', price: 10.5, qty: 1 });
    book.limit({ id: 't', owner: 'u', side: 'buy', price: 10, qty: 1, tif: 'IOC', postOnly: true });
    expect(ofType(take(), 'rejected').map((e) => e.reason)).toEqual([
      'duplicate-id',
      'invalid-qty',
      'invalid-price',
      'invalid-tif',
    ]);
    expect(book.depth(5).bids).toEqual([{ price: 10, qty: 1, orders: 1 }]);
  });

  it('depth aggregates per level, best first, limited to the asked count', () => {
    const { book } = harness();
    book.limit({ id: 'b1', owner: 'u', side: 'buy', price: 98, qty: 1 });
    book.limit({ id: 'b2', owner: 'u', side: 'buy', price: 99, qty: 2 });
    book.limit({ id: 'b3', owner: 'v', side: 'buy', price: 99, qty: 3 });
    book.limit({ id: 'b4', owner: 'u', side: 'buy', price: 97, qty: 1 });
    book.limit({ id: 'a1', owner: 'u', side: 'sell', price: 102, qty: 4 });
    book.limit({ id: 'a2', owner: 'u', side: 'sell', price: 101, qty: 1 });
    expect(book.depth(2)).toEqual({
      bids: [
        { price: 99, qty: 5, orders: 2 },
        { price: 98, qty: 1, orders: 1 },
      ],
      asks: [
        { price: 101, qty: 1, orders: 1 },
        { price: 102, qty: 4, orders: 1 },
      ],
    });
  });
});
