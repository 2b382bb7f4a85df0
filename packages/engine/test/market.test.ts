import { describe, expect, it } from 'vitest';
import { fills, harness, ofType } from './helpers.js';

function seeded() {
  const h = harness();
  h.book.limit({ id: 's1', owner: 'm', side: 'sell', price: 100, qty: 2 });
  h.book.limit({ id: 's2', owner: 'm', side: 'sell', price: 105, qty: 3 });
  h.take();
  return h;
}

describe('market orders', () => {
  it('sweeps levels and expires the unfilled remainder', () => {
    const { book, take } = seeded();
    book.market({ id: 'mk', owner: 't', side: 'buy', qty: 7 });
    const ev = take();
    expect(ev[0]).toMatchObject({ type: 'accepted', orderType: 'market', price: null, qty: 7 });
    expect(fills(ev)).toEqual([
      { maker: 's1', taker: 'mk', price: 100, qty: 2 },
      { maker: 's2', taker: 'mk', price: 105, qty: 3 },
    ]);
    expect(ofType(ev, 'cancelled')).toEqual([
      { type: 'cancelled', orderId: 'mk', owner: 't', reason: 'market', remainingQty: 2 },
    ]);
    expect(ev.at(-1)).toMatchObject({ type: 'done', orderId: 'mk', status: 'expired', filledQty: 5, remainingQty: 2 });
    expect(book.bestAsk()).toBeNull();
  });

  it('fills completely when liquidity suffices', () => {
    const { book, take } = seeded();
    book.market({ id: 'mk', owner: 't', side: 'buy', qty: 3 });
    const ev = take();
    expect(ev.at(-1)).toMatchObject({ type: 'done', status: 'filled', filledQty: 3, remainingQty: 0 });
    expect(book.depth(1).asks).toEqual([{ price: 105, qty: 2, orders: 1 }]);
  });

  it('a budget buy spends at most its budget, in whole lots', () => {
    const { book, take } = seeded();
    // 2 lots at 100 = 200, then 2 more lots at 105 = 210; 419 - 410 = 9 left, not enough for a lot.
    book.market({ id: 'mb', owner: 't', side: 'buy', budget: 419 });
    const ev = take();
    expect(ev[0]).toMatchObject({ type: 'accepted', qty: null, budget: 419 });
    expect(fills(ev).map((f) => [f.price, f.qty])).toEqual([
      [100, 2],
      [105, 2],
    ]);
    expect(ofType(ev, 'fill')[0]?.takerRemaining).toBeNull();
    expect(ev.at(-1)).toEqual({
      type: 'done',
      orderId: 'mb',
      owner: 't',
      status: 'filled',
      filledQty: 4,
      remainingQty: null,
      budgetLeft: 9,
    });
    expect(book.depth(1).asks).toEqual([{ price: 105, qty: 1, orders: 1 }]);
  });

  it('a budget buy that runs out of budget leaves the own orders behind it alone', () => {
    const { book, take } = harness();
    book.limit({ id: 'm1', owner: 'm', side: 'sell', price: 103, qty: 2 });
    book.limit({ id: 'own', owner: 't', side: 'sell', price: 103, qty: 1 });
    take();
    book.market({ id: 'mb', owner: 't', side: 'buy', budget: 103 });
    const ev = take();
    expect(fills(ev)).toEqual([{ maker: 'm1', taker: 'mb', price: 103, qty: 1 }]);
    expect(ev.some((e) => e.type === 'cancelled')).toBe(false);
    expect(book.getOrder('own')).toBeDefined();
  });

  it('a budget buy that exhausts the book expires with its unspent budget', () => {
    const { book, take } = seeded();
    book.market({ id: 'mb', owner: 't', side: 'buy', budget: 10_000 });
    const ev = take();
    expect(ofType(ev, 'cancelled')[0]).toMatchObject({ reason: 'market', remainingQty: null });
    expect(ev.at(-1)).toMatchObject({ status: 'expired', filledQty: 5, budgetLeft: 10_000 - 515 });
  });

  it('rejects a budget on a sell and a budget together with a qty', () => {
    const { book, take } = seeded();
    book.market({ id: 'a', owner: 't', side: 'sell', budget: 100 });
    book.market({ id: 'b', owner: 't', side: 'buy', budget: 100, qty: 1 });
    book.market({ id: 'c', owner: 't', side: 'buy' });
    expect(ofType(take(), 'rejected').map((e) => e.reason)).toEqual(['invalid-budget', 'invalid-qty', 'invalid-qty']);
  });

  it('on an empty side expires at once', () => {
    const { book, take } = harness();
    book.market({ id: 'm', owner: 't', side: 'sell', qty: 1 });
    expect(take().map((e) => e.type)).toEqual(['accepted', 'cancelled', 'done']);
  });
});
