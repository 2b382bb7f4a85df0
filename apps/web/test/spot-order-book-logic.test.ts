import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { depthBarWidth, withTotals } from '../src/shared/trading/order-book/depth';
import { groupLevels } from '../src/shared/trading/order-book/grouping';
import { mergeBooks5 } from '../src/shared/trading/order-book/merge';
import { parseBook, parseRestBook, parseTrades } from '../src/shared/trading/order-book/parse';
import { addTrades, lastPriceTrend } from '../src/shared/trading/order-book/trades';
import type { Trade } from '../src/shared/trading/order-book/types';

afterEach(cleanup);

const levels = (...pairs: Array<[number, number]>) => pairs.map(([price, amount]) => ({ price, amount }));

describe('groupLevels', () => {
  it('rounds asks up and sums amounts per price step', () => {
    const asks = levels([100.01, 1], [100.1, 2], [100.11, 0.5], [100.9, 1]);
    expect(groupLevels(asks, 1, 'ask')).toEqual(levels([100.1, 3], [100.2, 0.5], [100.9, 1]));
    expect(groupLevels(asks, 0, 'ask')).toEqual(levels([101, 4.5]));
  });

  it('rounds bids down and sorts them highest first', () => {
    const bids = levels([99.99, 1], [99.91, 2], [99.89, 4]);
    expect(groupLevels(bids, 1, 'bid')).toEqual(levels([99.9, 3], [99.8, 4]));
    expect(groupLevels(bids, 2, 'bid')).toEqual(levels([99.99, 1], [99.91, 2], [99.89, 4]));
  });

  it('does not push an exact step into the next one through float noise', () => {
    expect(groupLevels(levels([0.07, 1]), 2, 'ask')).toEqual(levels([0.07, 1]));
    expect(groupLevels(levels([0.29, 1]), 2, 'bid')).toEqual(levels([0.29, 1]));
  });
});

describe('depthBarWidth', () => {
  it('follows min(95, 45 × ln(1 + 9 × ratio))', () => {
    expect(depthBarWidth(0)).toBe(0);
    expect(depthBarWidth(0.1)).toBeCloseTo(45 * Math.log(1.9), 10);
    expect(depthBarWidth(0.5)).toBeCloseTo(45 * Math.log(5.5), 10);
    expect(depthBarWidth(1)).toBe(95);
    expect(depthBarWidth(Number.NaN)).toBe(0);
  });
});

describe('withTotals', () => {
  it('adds cumulative totals and bar widths against the side maximum, capped to the count', () => {
    const rows = withTotals(levels([1, 1], [2, 3], [3, 4], [4, 100]), 3);
    expect(rows.map((row) => row.total)).toEqual([1, 4, 8]);
    expect(rows[0]?.depth).toBeCloseTo(depthBarWidth(1 / 8), 10);
    expect(rows[2]?.depth).toBe(95);
    expect(withTotals([], 8)).toEqual([]);
  });
});

describe('mergeBooks5', () => {
  const snapshot = {
    asks: levels([101, 1], [102, 1], [103, 1], [104, 1], [105, 1], [106, 1], [107, 1], [108, 1]),
    bids: levels([99, 1], [98, 1], [97, 1], [96, 1], [95, 1], [94, 1], [93, 1], [92, 1]),
  };

  it('replaces the range books5 covers and keeps deeper snapshot levels', () => {
    const top = {
      asks: levels([100.5, 2], [101, 3], [102.5, 1], [103, 1], [104, 1]),
      bids: levels([99.5, 2], [99, 5], [98, 1], [96, 1], [95.5, 1]),
    };
    const merged = mergeBooks5(snapshot, top);
    expect(merged.asks).toEqual(levels([100.5, 2], [101, 3], [102.5, 1], [103, 1], [104, 1], [105, 1], [106, 1], [107, 1], [108, 1]));
    expect(merged.bids).toEqual(levels([99.5, 2], [99, 5], [98, 1], [96, 1], [95.5, 1], [95, 1], [94, 1], [93, 1], [92, 1]));
  });

  it('treats a short books5 side as the whole side and works without a snapshot', () => {
    const merged = mergeBooks5(snapshot, { asks: levels([101, 1]), bids: [] });
    expect(merged).toEqual({ asks: levels([101, 1]), bids: [] });
    expect(mergeBooks5(null, { asks: levels([1, 1]), bids: levels([0.5, 1]) }).bids).toEqual(levels([0.5, 1]));
  });
});

describe('parse', () => {
  it('reads OKX books, sorting and dropping bad levels', () => {
    const book = parseBook({ asks: [['2', '1', '0', '1'], ['1', '3', '0', '2'], ['x', '1']], bids: [['0.5', '0']] });
    expect(book).toEqual({ asks: levels([1, 3], [2, 1]), bids: [] });
    expect(parseBook({ asks: [] })).toBeNull();
  });

  it('throws on an exchange error answer', () => {
    expect(() => parseRestBook({ code: '51001', msg: 'Instrument ID does not exist', data: [] })).toThrow(
      'Instrument ID does not exist',
    );
    expect(parseRestBook({ code: '0', msg: '', data: [] })).toEqual({ asks: [], bids: [] });
  });

  it('reads trades and skips malformed ones', () => {
    const trades = parseTrades([
      { instId: 'BTC-USDT', tradeId: '7', px: '100.5', sz: '0.2', side: 'sell', ts: '1700000000000' },
      { tradeId: '8', px: '1', sz: '1', side: 'hold', ts: '1' },
    ]);
    expect(trades).toEqual([{ id: '7', price: 100.5, amount: 0.2, side: 'sell', ts: 1_700_000_000_000 }]);
  });
});

describe('trades', () => {
  const trade = (id: string, ts: number, price = 100, side: Trade['side'] = 'buy'): Trade => ({ id, price, amount: 1, side, ts });

  it('keeps the newest trades first, without duplicates, up to the maximum', () => {
    let list = addTrades([], [trade('1', 1), trade('2', 2)]);
    expect(list.map((t) => t.id)).toEqual(['2', '1']);
    list = addTrades(list, [trade('2', 2), trade('3', 3), trade('4', 3)], 3);
    expect(list.map((t) => t.id)).toEqual(['4', '3', '2']);
  });

  it('colours the last price by the move from the previous trade, else by taker side', () => {
    expect(lastPriceTrend([trade('2', 2, 101, 'sell'), trade('1', 1, 100)])).toBe('up');
    expect(lastPriceTrend([trade('2', 2, 99, 'buy'), trade('1', 1, 100)])).toBe('down');
    expect(lastPriceTrend([trade('2', 2, 100, 'sell'), trade('1', 1, 100)])).toBe('down');
    expect(lastPriceTrend([])).toBe('up');
  });
});
