import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, depositHistoryResponse, depositAddressResponse, fundsMessages } from '@exchange/contract';
import { buildApp, type App } from '../../src/app.js';
import { balancesOf } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/products.js';
import type { ChainAdapter } from '../../src/modules/funds/deposits/chain.js';
import { SimulatedChains } from '../../src/modules/funds/deposits/simulated-chain.js';
import { DepositWatcher } from '../../src/modules/funds/deposits/watcher.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, manualClock, startApp, testConfig, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser, type TestUser } from '../trading/trading-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');

async function funding(app: App, userId: string, asset: string): Promise<string> {
  const row = (await balancesOf(app.services.db, userId)).find((b) => b.asset === asset && b.wallet === 'funding');
  return new Dec(row?.available ?? '0').toFixed();
}

function simulate(app: App, u: TestUser, amount: string, symbol = 'USDT', networkId = trc20?.id ?? 0) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/simulated-chain/deposits',
    headers: bearer(u.token),
    payload: { apikey: DEFAULT_API_KEY, uid: u.uid, network_id: networkId, symbol, amount },
  });
}

async function history(app: App, u: TestUser) {
  const res = await app.inject({ url: `/api/v1/transaction-history/${u.uid}?apikey=${DEFAULT_API_KEY}&transaction_type=deposit`, headers: bearer(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return depositHistoryResponse.parse(res.json());
}

describe('deposits on the simulated chain', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
  });
  afterAll(() => closeChecked(t));

  const advance = async (seconds: number) => {
    clock.advance(seconds * 1000);
    await t.app.services.deposits.step();
  };

  it('records a transfer to the user’s address as submitted, counts confirmations, and credits the funding wallet once confirmed', async () => {
    const u = await newUser(t.app);
    const address = depositAddressResponse.parse(
      (await t.app.inject({ url: `/api/v1/deposit-address?apikey=${DEFAULT_API_KEY}&uid=${u.uid}&network_id=${trc20.id}`, headers: bearer(u.token) })).json(),
    );
    const sent = await simulate(t.app, u, '250');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ address: address.address, network: 'TRC20', amount: '250' });
    await advance(1);
    const [seen] = await history(t.app, u);
    expect(seen).toMatchObject({ status: 'submitted', amount: '250', network: 'TRC20', confirmations_needed: trc20.confirmations });
    await advance(5);
    const [counting] = await history(t.app, u);
    expect(counting?.confirmations).toBeGreaterThan(seen?.confirmations ?? 0);
    expect(await funding(t.app, u.userId, 'USDT')).toBe('0');
    await advance(trc20.confirmations);
    const [credited] = await history(t.app, u);
    expect(credited).toMatchObject({ status: 'credited', final_amount: '250' });
    expect(await funding(t.app, u.userId, 'USDT')).toBe('250');
    await advance(30);
    expect(await funding(t.app, u.userId, 'USDT')).toBe('250');
  });

  it('records a deposit below the network minimum and does not credit it, with the reason', async () => {
    const u = await newUser(t.app);
    const min = trc20.coins.find((c) => c.symbol === 'USDT')?.min_deposit ?? '1';
    const tiny = new Dec(min).div(2).toFixed();
    expect((await simulate(t.app, u, tiny)).statusCode).toBe(200);
    await advance(trc20.confirmations + 2);
    const [row] = await history(t.app, u);
    expect(row).toMatchObject({ status: 'skipped', reason: fundsMessages.belowMinimum(new Dec(min).toFixed(), 'USDT'), final_amount: '0' });
    expect(await funding(t.app, u.userId, 'USDT')).toBe('0');
  });

  it('mines a block every blockMs: a chain of quarter-second blocks is four times as high after the same time', async () => {
    const second = new SimulatedChains(t.app.services.db, [trc20.id]);
    const quarter = new SimulatedChains(t.app.services.db, [trc20.id], 250);
    const start = clock.now().getTime();
    const [fromSecond, fromQuarter] = [second.heightAt(start), quarter.heightAt(start)];
    expect(second.heightAt(start + 10_000) - fromSecond).toBe(10);
    expect(quarter.heightAt(start + 10_000) - fromQuarter).toBe(40);
  });

  it('credits once when the chain reports a transfer twice', async () => {
    const u = await newUser(t.app);
    const chains = new SimulatedChains(t.app.services.db, [trc20.id]);
    const twice: ChainAdapter = {
      networkIds: [trc20.id],
      height: (id, now) => chains.height(id, now),
      transfers: async (id, from, to) => {
        const found = await chains.transfers(id, from, to);
        return [...found, ...found];
      },
    };
    // A second watcher reading the same chain, as after a rescan: both see every transfer twice.
    const echo = await DepositWatcher.open(t.app.services.db, t.app.services.ledger, twice, t.app.log, clock.now);
    await simulate(t.app, u, '40');
    clock.advance((trc20.confirmations + 2) * 1000);
    await echo.step();
    await t.app.services.deposits.step();
    await echo.step();
    expect(await funding(t.app, u.userId, 'USDT')).toBe('40');
    expect((await history(t.app, u)).length).toBe(1);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('refuses a coin the network does not carry, an unknown network and another user’s uid', async () => {
    const u = await newUser(t.app);
    const other = await newUser(t.app);
    const wrong = await simulate(t.app, u, '1', 'BTC');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: fundsMessages.notOnNetwork('BTC', 'TRC20'), message_code: 'deposit.notOnNetwork', params: { symbol: 'BTC', network: 'TRC20' } });
    expect((await simulate(t.app, u, '1', 'USDT', 9999)).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/simulated-chain/deposits',
      headers: bearer(u.token),
      payload: { apikey: DEFAULT_API_KEY, uid: other.uid, network_id: trc20.id, symbol: 'USDT', amount: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a deposit pending across a restart', () => {
  const cfg = testConfig({ pgliteInMemory: false });
  const clock = manualClock();
  afterAll(() => rmSync(cfg.dataDir, { recursive: true, force: true }));

  it('is credited exactly once after the server comes back', async () => {
    let app = await buildApp({ ...cfg, now: clock.now });
    const u = await newUser(app);
    await simulate(app, u, '75');
    clock.advance(2000);
    await app.services.deposits.step();
    expect((await history(app, u))[0]?.status).toBe('submitted');
    await app.close();
    clock.advance((trc20.confirmations + 5) * 1000);
    app = await buildApp({ ...cfg, now: clock.now });
    try {
      await app.services.deposits.step();
      await app.services.deposits.step();
      expect((await history(app, u))[0]?.status).toBe('credited');
      expect(await funding(app, u.userId, 'USDT')).toBe('75');
      expect(await checkLedger(app.services.db)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
