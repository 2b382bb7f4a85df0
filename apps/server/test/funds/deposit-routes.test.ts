import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, coinTransactionResponse, depositAddressResponse, fundsMessages } from '@exchange/contract';
import { isValidAddress } from '../../src/modules/funds/addresses/validate.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { bearer, startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';

describe('deposit networks and addresses over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(() => closeChecked(t));

  it('lists each coin with its networks and the user’s balances, USDT on ERC20, TRC20 and BEP20', async () => {
    const u = await newUser(t.app);
    const res = await t.app.inject({ url: `/api/v1/coin-transaction?apikey=${DEFAULT_API_KEY}&uid=${u.uid}&transaction_type=deposit`, headers: bearer(u.token) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = coinTransactionResponse.parse(res.json());
    const usdt = rows.find((r) => r.symbol === 'USDT');
    expect(usdt?.networks.map((n) => n.code)).toEqual(expect.arrayContaining(['ERC20', 'TRC20', 'BEP20']));
    expect(usdt?.spot_balance).toBe('10000');
    expect(rows.find((r) => r.symbol === 'BTC')?.networks.map((n) => n.code)).toContain('BTC');
  });

  it('gives each user one stable address per network, valid on its chain, and nobody else’s', async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const trc20 = networkByCode('TRC20');
    if (!trc20) throw new Error('no TRC20 network');
    const ask = (u: typeof a, uid = u.uid, network = trc20.id) =>
      t.app.inject({ url: `/api/v1/deposit-address?apikey=${DEFAULT_API_KEY}&uid=${uid}&network_id=${network}`, headers: bearer(u.token) });
    const first = depositAddressResponse.parse((await ask(a)).json());
    expect(first.address).toMatch(/^T/);
    expect(isValidAddress(trc20, first.address)).toBe(true);
    expect(depositAddressResponse.parse((await ask(a)).json())).toEqual(first);
    const other = depositAddressResponse.parse((await ask(b)).json());
    expect(other.address).not.toBe(first.address);
    expect((await ask(a, b.uid)).statusCode).toBe(403);
    const unknown = await ask(a, a.uid, 9999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: fundsMessages.unknownNetwork });
  });
});
