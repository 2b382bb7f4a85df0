import { describe, expect, it } from 'vitest';
import type { Command } from '@exchange/engine';
import type { Database } from '../../src/db/database.js';
import { MarketSimulation } from '../../src/market/simulation.js';
import { LocalBus } from '../../src/venue/bus.js';
import { IndexPrices } from '../../src/venue/index-prices.js';
import { MarketClock } from '../../src/venue/market-clock.js';
import { Venues } from '../../src/venue/venues.js';

describe('the market simulation', () => {
  it('goes on stepping after a step whose orders failed', async () => {
    const clock = new MarketClock(1_000_000);
    const submitted: Command[][] = [];
    const venues = new Venues({} as Database, () => clock.nowMs);
    // Quotes go on the book; every crossing order's batch fails, as when the database is gone.
    const orders = {
      submitSystem: async (instId: string, commands: readonly Command[]) => {
        submitted.push([...commands]);
        if (commands.some((c) => c.type === 'market')) throw new Error('the batch did not commit');
        return commands.flatMap((c) => venues.get(instId)?.execute(c) ?? []);
      },
    };
    const simulation = new MarketSimulation({
      seed: 'test',
      clock,
      venues,
      orders,
      bus: new LocalBus(() => undefined),
      index: new IndexPrices(),
      lastPrices: {},
    });
    // A minute per step: every market's flow certainly sends an order, and every order fails.
    await expect(simulation.step(1_060_000)).rejects.toThrow('the batch did not commit');
    const afterFirst = submitted.length;
    await expect(simulation.step(1_120_000)).rejects.toThrow('the batch did not commit');
    expect(clock.nowMs).toBe(1_120_000);
    expect(submitted.length).toBeGreaterThan(afterFirst);
    await simulation.stop();
  });
});
