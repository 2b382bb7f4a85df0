import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bookChecksum } from '../../src/modules/market-data/books-channel.js';
import type { OkxLevel } from '../../src/modules/market-data/index.js';
import { okxCandles } from '../../src/modules/market-data/okx-candles.js';
import type { Candle } from '../../src/modules/market-data/index.js';

const level = (px: string, sz: string): OkxLevel => [px, sz, '0', '1'];
const MINUTE = 60_000;

describe('the books checksum, as OKX documents it', () => {
  it('interleaves bid and ask as price:size and takes the signed CRC32', () => {
    const bids = [level('3366.1', '7'), level('3366', '6')];
    const asks = [level('3366.8', '9'), level('3368', '8')];
    expect(bookChecksum(bids, asks)).toBe(crc32('3366.1:7:3366.8:9:3366:6:3368:8') | 0);
  });

  it('goes on with the longer side when one runs out', () => {
    const bids = [level('3366.1', '7')];
    const asks = [level('3366.8', '9'), level('3368', '8'), level('3372', '8')];
    expect(bookChecksum(bids, asks)).toBe(crc32('3366.1:7:3366.8:9:3368:8:3372:8') | 0);
  });

  it('covers the best 25 levels a side only, and answers a signed 32-bit integer', () => {
    const side = (from: number, step: number) => Array.from({ length: 30 }, (_, i) => level(String(from + i * step), '1'));
    const bids = side(100, -1);
    const asks = side(200, 1);
    const top = [];
    for (let i = 0; i < 25; i++) top.push(`${100 - i}:1`, `${200 + i}:1`);
    expect(bookChecksum(bids, asks)).toBe(crc32(top.join(':')) | 0);
    expect(bookChecksum(bids, [...asks.slice(0, 25), level('999', '5')])).toBe(bookChecksum(bids, asks));
    // "123456789" is CRC32's check value, 0xCBF43926: above 2^31, so negative once signed.
    expect(crc32('123456789') | 0).toBe(0xcbf43926 - 2 ** 32);
  });
});

describe('OKX candles from kept bars', () => {
  const start = Date.UTC(2026, 0, 1);
  /** Minute bars 0..n-1 of 2026-01-01, bar i opening at i and closing at i + 1, volume 1 each. */
  const minutes = (n: number): Candle[] =>
    Array.from({ length: n }, (_, i) => ({
      time: start + i * MINUTE,
      open: String(i),
      high: String(i + 2),
      low: String(i - 1),
      close: String(i + 1),
      volume: '1',
      quoteVolume: String(i),
    }));
  const times = (rows: string[][]) => rows.map((r) => (Number(r[0]) - start) / MINUTE);

  it('answers the newest `limit` bars, newest first', () => {
    expect(times(okxCandles(minutes(10), '1m', { limit: 3 }, start + 20 * MINUTE, false))).toEqual([9, 8, 7]);
  });

  it('pages older with after and newer with before, both exclusive, as OKX does', () => {
    const bars = minutes(10);
    const now = start + 20 * MINUTE;
    expect(times(okxCandles(bars, '1m', { after: start + 5 * MINUTE, limit: 3 }, now, false))).toEqual([4, 3, 2]);
    expect(times(okxCandles(bars, '1m', { before: start + 5 * MINUTE, limit: 3 }, now, false))).toEqual([9, 8, 7]);
    expect(times(okxCandles(bars, '1m', { before: start + 5 * MINUTE, limit: 10 }, now, false))).toEqual([9, 8, 7, 6]);
    expect(times(okxCandles(bars, '1m', { before: start + 1 * MINUTE, after: start + 4 * MINUTE, limit: 10 }, now, false))).toEqual([3, 2]);
    expect(okxCandles(bars, '1m', { after: start, limit: 5 }, now, false)).toEqual([]);
  });

  it('groups minutes into 3m bars: first open, last close, extremes, summed volumes', () => {
    const rows = okxCandles(minutes(7), '3m', { limit: 10 }, start + 7 * MINUTE, false);
    expect(rows).toEqual([
      [String(start + 6 * MINUTE), '6', '8', '5', '7', '1', '6', '6', '0'],
      [String(start + 3 * MINUTE), '3', '7', '2', '6', '3', '12', '12', '1'],
      [String(start), '0', '4', '-1', '3', '3', '3', '3', '1'],
    ]);
  });

  it('counts a contract’s volume in contracts and coins, and confirms a bar once its time is over', () => {
    const [row] = okxCandles(minutes(2), '1m', { limit: 1 }, start + 2 * MINUTE, true);
    expect(row).toEqual([String(start + MINUTE), '1', '3', '0', '2', '1', '1', '1', '1']);
    expect(okxCandles(minutes(2), '1m', { limit: 1 }, start + 2 * MINUTE - 1, true)[0]?.[8]).toBe('0');
  });

  it('opens OKX’s plain 1D bars at Hong Kong midnight, 16:00 UTC', () => {
    const fourHours: Candle[] = Array.from({ length: 12 }, (_, i) => ({ time: start + i * 4 * 60 * MINUTE, open: '1', high: '1', low: '1', close: '1', volume: '1', quoteVolume: '1' }));
    const hk = okxCandles(fourHours, '1D', { limit: 5 }, start + 3 * 24 * 60 * MINUTE, false);
    expect(hk.map((r) => new Date(Number(r[0])).toISOString())).toEqual([
      '2026-01-02T16:00:00.000Z',
      '2026-01-01T16:00:00.000Z',
      '2025-12-31T16:00:00.000Z',
    ]);
    expect(hk.map((r) => r[5])).toEqual(['2', '6', '4']);
  });
});
