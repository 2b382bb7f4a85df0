import { describe, expect, it } from 'vitest';
import { fills, harness, ofType } from './helpers.js';

describe('cancel', () => {
  it('removes a resting order and reports what was left', () => {
    const { book, take } = harness();
    book.limit({ id: 's', owner: 'm', side: 'sell', price: 100, qty: 5 });
    book.market({ id: 'm', owner: 't', side: 'buy', qty: 2 });
    take();
    expect(book.cancel('s')).toBe(true);
    expect(take()).toEqual([
      { type: 'cancelled', orderId: 's', owner: 'm', reason: 'user', remainingQty: 3 },
      { type: 'done', orderId: 's', owner: 'm', status: 'cancelled', filledQty: 2, remainingQty: 3, budgetLeft: null },
    ]);
    expect(book.bestAsk()).toBeNull();
  });

  it('rejects an unknown id, including one already cancelled', () => {
    const { book, take } = harness();
    book.limit({ id: 's', owner: 'm', side: 'sell', price: 100, qty: 5 });
    book.cancel('s');
    take();
    expect(book.cancel('s')).toBe(false);
    expect(take()).toEqual([{ type: 'rejected', orderId: 's', owner: null, reason: 'unknown-order' }]);
  });

  it('keeps FIFO of the others when a middle order leaves', () => {
    const { book, take } = harness();
    for (const id of ['a', 'b', 'c']) book.limit({ id, owner: id, side: 'sell', price: 7, qty: 1 });
    book.cancel('b');
    take();
    book.market({ id: 'm', owner: 't', side: 'buy', qty: 2 });
    expect(fills(take()).map((f) => f.maker)).toEqual(['a', 'c']);
  });
});

describe('self-trade prevention', () => {
  function book3(stp?: 'cancel-maker' | 'cancel-taker' | 'cancel-both') {
    const h = harness(stp ? { stp } : {});
    h.book.limit({ id: 'o1', owner: 'x', side: 'sell', price: 100, qty: 1 });
    h.book.limit({ id: 'own', owner: 'me', side: 'sell', price: 100, qty: 1 });
    h.book.limit({ id: 'o2', owner: 'y', side: 'sell', price: 100, qty: 1 });
    h.take();
    return h;
  }

  it('cancel-maker (default) cancels the resting own order and keeps matching', () => {
    const { book, take } = book3();
    book.limit({ id: 't', owner: 'me', side: 'buy', price: 100, qty: 3 });
    const ev = take();
    expect(fills(ev).map((f) => f.maker)).toEqual(['o1', 'o2']);
    expect(ofType(ev, 'cancelled')).toEqual([
      { type: 'cancelled', orderId: 'own', owner: 'me', reason: 'self-trade', remainingQty: 1 },
    ]);
    expect(book.getOrder('t')).toMatchObject({ remainingQty: 1, filledQty: 2 });
    expect(book.bestAsk()).toBeNull();
  });

  it('cancel-taker expires the incoming order and leaves the resting one', () => {
    const { book, take } = book3();
    book.limit({ id: 't', owner: 'me', side: 'buy', price: 100, qty: 3, stp: 'cancel-taker' });
    const ev = take();
    expect(fills(ev).map((f) => f.maker)).toEqual(['o1']);
    expect(ofType(ev, 'cancelled')).toEqual([
      { type: 'cancelled', orderId: 't', owner: 'me', reason: 'self-trade', remainingQty: 2 },
    ]);
    expect(book.depth(1).asks).toEqual([{ price: 100, qty: 2, orders: 2 }]);
  });

  it('cancel-both as the book default cancels both sides', () => {
    const { book, take } = book3('cancel-both');
    book.market({ id: 't', owner: 'me', side: 'buy', qty: 3 });
    const ev = take();
    expect(ofType(ev, 'cancelled').map((c) => c.orderId)).toEqual(['own', 't']);
    expect(book.depth(1).asks).toEqual([{ price: 100, qty: 1, orders: 1 }]);
    expect(book.bestBid()).toBeNull();
  });
});
