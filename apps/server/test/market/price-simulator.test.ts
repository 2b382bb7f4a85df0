import { describe, expect, it } from 'vitest';
import { coinBySymbol, coins } from '../../src/shared/catalogue.js';
import { isOnStep } from '../../src/shared/decimal.js';
import { DAY_MS } from '../../src/shared/time.js';
import { PriceSimulator, type PriceUpdate, type ReferencePriceSource } from '../../src/market/price-simulator.js';

const START = Date.UTC(2025, 4, 15);

function runDay(seed: number | string, stepMs: number): PriceSimulator {
  const sim = new PriceSimulator({ seed, startMs: START });
  for (let t = START + stepMs; t <= START + DAY_MS; t += stepMs) sim.step(t);
  return sim;
}

describe('price simulator', () => {
  it('starts at the snapshot prices', () => {
    const sim = new PriceSimulator({ seed: 1, startMs: START });
    for (const c of coins) expect(sim.current(c.symbol)).toBe(c.price);
    expect(() => sim.current('NOPE')).toThrow();
  });

  it('is deterministic for a seed and differs for another seed', () => {
    const a = runDay(7, 60_000).prices();
    const b = runDay(7, 60_000).prices();
    const c = runDay(8, 60_000).prices();
    expect(a).toEqual(b);
    const differing = coins.filter((coin) => a[coin.symbol] !== c[coin.symbol]);
    expect(differing.length).toBeGreaterThan(coins.length / 2);
  });

  it('stays positive, on tick and within a plausible band over a simulated day', () => {
    const sim = new PriceSimulator({ seed: 'band', startMs: START });
    let minRatio = Infinity;
    let maxRatio = 0;
    const offTick: string[] = [];
    for (let t = START + 30_000; t <= START + DAY_MS; t += 30_000) {
      for (const u of sim.step(t)) {
        const coin = coinBySymbol(u.symbol);
        if (!coin) throw new Error(u.symbol);
        if (t % 3_600_000 === 0 && !isOnStep(u.price, coin.tick_size)) offTick.push(`${u.symbol} ${u.price}`);
        const ratio = Number(u.price) / Number(coin.price);
        minRatio = Math.min(minRatio, ratio);
        maxRatio = Math.max(maxRatio, ratio);
      }
    }
    expect(offTick).toEqual([]);
    expect(minRatio).toBeGreaterThan(0.6);
    expect(maxRatio).toBeLessThan(1.6);
    const moved = coins.filter((c) => sim.current(c.symbol) !== c.price);
    expect(moved.length).toBe(coins.length);
  });

  it('is pulled back towards the snapshot over weeks instead of drifting away', () => {
    const sim = new PriceSimulator({ seed: 'weeks', startMs: START, jumpsPerDay: 0 });
    const logDev: number[] = [];
    for (let day = 1; day <= 365; day++) {
      sim.step(START + day * DAY_MS);
      for (const c of coins) logDev.push(Math.log(Number(sim.current(c.symbol)) / Number(c.price)));
    }
    const rms = Math.sqrt(logDev.reduce((s, x) => s + x * x, 0) / logDev.length);
    // A free random walk at these volatilities would wander ~50-100 % in a year; the pull keeps it near 20 %.
    expect(rms).toBeLessThan(0.3);
  });

  it('resumes from stored prices', () => {
    const sim = new PriceSimulator({ seed: 1, startMs: START, initialPrices: { BTC: '90000.5' } });
    expect(sim.current('BTC')).toBe('90000.50');
    expect(sim.current('ETH')).toBe(coinBySymbol('ETH')?.price);
  });

  it('ignores a step back in time and notifies subscribers of changes only', () => {
    const source: ReferencePriceSource = new PriceSimulator({ seed: 3, startMs: START });
    const sim = source as PriceSimulator;
    const seen: PriceUpdate[] = [];
    const unsubscribe = source.subscribe((u) => seen.push(u));
    const updates = sim.step(START + 60_000);
    expect(seen).toEqual(updates);
    expect(updates.length).toBeGreaterThan(0);
    for (const u of updates) expect(u.ts).toBe(START + 60_000);
    expect(sim.step(START + 30_000)).toEqual([]);
    expect(sim.nowMs).toBe(START + 60_000);
    unsubscribe();
    sim.step(START + 120_000);
    expect(seen).toEqual(updates);
  });
});
