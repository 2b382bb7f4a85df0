import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, ledgerHistoryResponse, userWalletsResponse, transferHistoryResponse } from '@exchange/contract';
import { checkLedger } from '../src/products.js';
import { bearer, signUpUser, startApp, type DbKind, type TestApp, FEATURE_DB } from './helpers.js';
import type { App } from '../src/app.js';

const newUser = (app: App) => signUpUser(app, 'wallet');

describe.each<DbKind>([FEATURE_DB])('wallets in the running app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    const breaches = await checkLedger(t.app.services.db);
    await t.close();
    expect(breaches).toEqual([]);
  });

  it('books the demo grant at sign-up and moves it between spot and futures', async () => {
    const { token, uid } = await newUser(t.app);
    const wallets = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user-wallets/${uid}?apikey=${DEFAULT_API_KEY}`,
      headers: bearer(token),
    });
    expect(wallets.statusCode).toBe(200);
    const [entries] = userWalletsResponse.parse(wallets.json());
    expect(entries.find((e) => e.crypto_symbol === 'USDT')).toMatchObject({ spot_wallet: '10000', future_wallet: '0' });

    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transfers?apikey=${DEFAULT_API_KEY}`,
      headers: { ...bearer(token), 'idempotency-key': `k-${uid}` },
      payload: { apikey: DEFAULT_API_KEY, uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: '2500' },
    });
    expect(moved.statusCode).toBe(201);

    const balance = await t.app.inject({
      method: 'GET',
      url: `/api/v1/coin-balance/${uid}?symbol=USDT&apikey=${DEFAULT_API_KEY}`,
      headers: bearer(token),
    });
    expect(balance.json()).toMatchObject({ spot_wallet: '7500', future_wallet: '2500' });

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/transfer-history/${uid}?apikey=${DEFAULT_API_KEY}`,
      headers: bearer(token),
    });
    const rows = transferHistoryResponse.parse(history.json());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ symbol: 'USDT', transfer_from: 'spot', transfer_to: 'futures' });

    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/v1/ledger-history/${uid}?apikey=${DEFAULT_API_KEY}`,
      headers: bearer(token),
    });
    const changes = ledgerHistoryResponse.parse(ledger.json());
    expect(changes.map((c) => [c.kind, c.wallet, c.amount]).sort()).toEqual([
      ['demo_grant', 'spot', '10000'],
      ['transfer', 'futures', '2500'],
      ['transfer', 'spot', '-2500'],
    ]);
  });

  it('prices a coin wallet from the live market', async () => {
    const { token, uid } = await newUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user-wallet/${uid}/BTC?apikey=${DEFAULT_API_KEY}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { cryptoWallet: { price: string }; usdtWallet: { spot_wallet: string } };
    expect(Number(body.cryptoWallet.price)).toBeGreaterThan(1000);
    expect(body.usdtWallet.spot_wallet).toBe('10000');
  });

  it('grants nothing when the grant is turned off', async () => {
    const off = await startApp(kind, { demoGrantUsdt: '0' });
    try {
      const { token, uid } = await newUser(off.app);
      const res = await off.app.inject({
        method: 'GET',
        url: `/api/v1/coin-balance/${uid}?symbol=USDT&apikey=${DEFAULT_API_KEY}`,
        headers: bearer(token),
      });
      expect(res.json()).toMatchObject({ spot_wallet: '0' });
    } finally {
      await off.close();
    }
  });
});
