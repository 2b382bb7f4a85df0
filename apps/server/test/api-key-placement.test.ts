import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinBalanceResponse, DEFAULT_API_KEY, serverMessages, transferResponse } from '@exchange/contract';
import { bearer, signUpUser, startApp, type SignedUpUser, type TestApp, FEATURE_DB } from './helpers.js';

/** Each /api/v1 call reads its apikey where the spec's call table puts it, and nowhere else. */
describe('where a call carries its apikey', () => {
  let t: TestApp;
  let user: SignedUpUser;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    user = await signUpUser(t.app, 'apikey');
  });
  afterAll(async () => {
    await t?.close();
  });

  const transfer = (url: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(user.token), payload: body });
  const spotUsdt = async () => {
    const res = await t.app.inject({
      url: `/api/v1/coin-balance/${user.uid}?symbol=USDT&apikey=${DEFAULT_API_KEY}`,
      headers: bearer(user.token),
    });
    return coinBalanceResponse.parse(res.json()).spot_wallet;
  };
  const move = { transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 25 };

  it('takes a transfer shaped as spec 3 §7 puts it: apikey in the JSON body, amount a number', async () => {
    const res = await transfer('/api/v1/transfers', { apikey: DEFAULT_API_KEY, uid: user.uid, ...move });
    expect(res.statusCode).toBe(201);
    expect(transferResponse.parse(res.json()).transfer).toMatchObject({ amount: '25', transfer_from: 'spot' });
    expect(await spotUsdt()).toBe('9975');
  });

  it('refuses a transfer whose body carries no valid apikey, wherever else a key is, and moves nothing', async () => {
    const before = await spotUsdt();
    for (const [url, body] of [
      ['/api/v1/transfers', { uid: user.uid, ...move }],
      ['/api/v1/transfers', { apikey: 'not-a-key', uid: user.uid, ...move }],
      [`/api/v1/transfers?apikey=${DEFAULT_API_KEY}`, { uid: user.uid, ...move }],
    ] as const) {
      const res = await transfer(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(401);
      expect(res.json()).toMatchObject({ message: serverMessages.invalidApiKeyInBody });
    }
    expect(await spotUsdt()).toBe(before);
  });

  it('does not read the apikey from the body of a call that takes it in the query', async () => {
    const query = `uid=${user.uid}&coin_id=1&order_type=buy&excecution_type=limit&price=1000&amount=0.001`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders?${query}`,
      headers: bearer(user.token),
      payload: { apikey: DEFAULT_API_KEY },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: serverMessages.invalidApiKey });
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders?${query}&apikey=${DEFAULT_API_KEY}`,
      headers: bearer(user.token),
    });
    expect(placed.statusCode).toBe(200);
  });
});
