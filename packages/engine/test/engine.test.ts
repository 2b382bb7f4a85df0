import { describe, expect, it } from 'vitest';
import { Engine, type EngineEvent } from '../src/index.js';

describe('Engine', () => {
  it('keeps one independent book per market and tags events with the symbol', () => {
    const seen: [string, EngineEvent['type']][] = [];
    const engine = new Engine((symbol, e) => seen.push([symbol, e.type]));
    engine.addMarket('BTC-USDT');
    engine.addMarket('ETH-USDT', { stp: 'cancel-taker' });
    engine.book('BTC-USDT').limit({ id: '1', owner: 'u', side: 'buy', price: 10, qty: 1 });
    engine.book('ETH-USDT').limit({ id: '1', owner: 'u', side: 'sell', price: 10, qty: 1 });
    expect(seen).toEqual([
      ['BTC-USDT', 'accepted'],
      ['ETH-USDT', 'accepted'],
    ]);
    expect(engine.book('ETH-USDT').defaultStp).toBe('cancel-taker');
    expect(() => engine.addMarket('BTC-USDT')).toThrow();
    expect(() => engine.book('SOL-USDT')).toThrow();

    const restored = Engine.restore(JSON.parse(JSON.stringify(engine.snapshot())));
    expect(restored.symbols()).toEqual(['BTC-USDT', 'ETH-USDT']);
    expect(restored.book('BTC-USDT').bestBid()).toBe(10);
    expect(restored.book('ETH-USDT').bestAsk()).toBe(10);
  });
});
