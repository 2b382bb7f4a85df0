import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { checkLedger } from '../../src/products.js';
import { createPostgresDatabase, RESTART_TEST_MS, signUpUser, testConfig } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { fund } from '../trading/trading-helpers.js';
import { lastPrice, okxCalls } from './okx-test-calls.js';

async function trader(app: App, tag: string, coins: Record<string, string>) {
  const user = await signUpUser(app, tag);
  for (const [asset, amount] of Object.entries(coins)) await fund(app, user.userId, asset, amount);
  return createKey(app, user, { label: tag, permissions: ['read', 'trade'] });
}

const order = (side: 'buy' | 'sell', sz: string, px?: string) => ({ instId: 'BTC-USDT', tdMode: 'cash', side, ordType: px ? 'limit' : 'market', sz, px });
const tick = (p: number) => (Math.floor(p * 100) / 100).toFixed(2);

/** An algo order lives in the database: a restarted server watches it and fires it. */
describe('a live algo order survives a restart', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it(
    'fires after the restart once the price falls through its stop',
    async () => {
      const database = await createPostgresDatabase('schema');
      cleanups.push(database.drop);
      const cfg = testConfig({ databaseUrl: database.url });
      let app = await buildApp(cfg);
      cleanups.push(() => app.close());
      await app.services.simulation.step(app.services.market.now + 1000);
      const keys = { owner: await trader(app, 'restart-owner', { BTC: '1' }), seller: await trader(app, 'restart-seller', { BTC: '1000' }), buyer: await trader(app, 'restart-buyer', { USDT: '10000000' }) };
      // Each key's calls go to the server running now.
      const owner = { get: (path: string) => okxCalls(app, keys.owner).get(path), post: (path: string, body: unknown) => okxCalls(app, keys.owner).post(path, body) };
      const seller = { post: (path: string, body: unknown) => okxCalls(app, keys.seller).post(path, body) };
      const buyer = { post: (path: string, body: unknown) => okxCalls(app, keys.buyer).post(path, body) };
      expect((await seller.post('/api/v5/trade/order', order('sell', '0.001'))).code).toBe('0');
      const stop = tick(lastPrice(app) * 0.98);
      const placed = await owner.post('/api/v5/trade/order-algo', { ...order('sell', '0.01'), ordType: 'conditional', slTriggerPx: stop, slOrdPx: '-1' });
      const algoId = placed.data[0]?.algoId ?? '';
      expect(placed.code).toBe('0');
      await app.close();

      app = await buildApp(cfg);
      await app.services.simulation.step(app.services.market.now + 1000);
      // A bid under the stop, and a sell through every bid above it and into it: the last trades
      // print under the stop, and what is left of the bid takes the stop's market sell.
      const low = tick(Number(stop) * 0.99);
      expect((await buyer.post('/api/v5/trade/order', order('buy', '0.03', low))).code).toBe('0');
      const res = await app.inject({ method: 'GET', url: '/api/v5/market/books?instId=BTC-USDT&sz=400' });
      const bids = (res.json() as { data: { bids: string[][] }[] }).data[0]?.bids ?? [];
      const through = bids.filter(([p]) => Number(p) > Number(low)).reduce((sum, [, sz]) => sum + Number(sz), 0.01);
      expect((await seller.post('/api/v5/trade/order', order('sell', through.toFixed(5), low))).code).toBe('0');
      await app.services.background.idle();

      const fired = (await owner.get(`/api/v5/trade/order-algo?algoId=${algoId}`)).data[0];
      expect(fired).toMatchObject({ state: 'effective', actualSide: 'sl' });
      const child = (await owner.get(`/api/v5/trade/order?instId=BTC-USDT&ordId=${fired?.ordId}`)).data[0];
      expect(child).toMatchObject({ side: 'sell', ordType: 'market', state: 'filled' });
      expect(await checkLedger(app.services.db)).toEqual([]);
    },
    RESTART_TEST_MS,
  );
});
