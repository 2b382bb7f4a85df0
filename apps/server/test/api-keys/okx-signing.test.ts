import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { OKX_ADDRESS_KEYS, okxSign } from '../../src/modules/api-keys/index.js';
import { FEATURE_DB, signUpUser, startApp, type SignedUpUser, type TestApp } from '../helpers.js';
import { createKey, signedCall } from './api-key-helpers.js';

/** OKX's documented request, signed by `openssl dgst -sha256 -hmac` apart from the server's code. */
const VECTOR = {
  secret: '22582BD0CFF14C41EDBF1AB98506286D',
  timestamp: '2020-12-08T09:08:57.715Z',
  get: { path: '/api/v5/account/balance?ccy=BTC', sign: 'HiZhvSfMtWJA3uUIVXV3a/bSXNPCWvYFXoGCVS8V4zY=' },
  post: {
    path: '/api/v5/trade/order',
    body: '{"instId":"BTC-USDT","tdMode":"cash","side":"buy","ordType":"limit","px":"2.15","sz":"2"}',
    sign: 'iwrdSpN7pm4G4u8+fswZUyH6mOM48+sBF6WvKpj4Dvk=',
  },
};

describe('OKX v5 signing', () => {
  it('signs OKX’s documented requests as an independent HMAC does', () => {
    expect(okxSign(VECTOR.secret, VECTOR.timestamp, 'GET', VECTOR.get.path)).toBe(VECTOR.get.sign);
    expect(okxSign(VECTOR.secret, VECTOR.timestamp, 'POST', VECTOR.post.path, VECTOR.post.body)).toBe(VECTOR.post.sign);
  });

  it('signs as ccxt’s okx class does', () => {
    const exchange = new ccxt.okx({ apiKey: 'k', secret: VECTOR.secret, password: 'p' });
    exchange.nonce = () => Date.parse(VECTOR.timestamp);
    const signed = exchange.sign('account/balance', 'private', 'GET', { ccy: 'BTC' }) as { headers: Record<string, string> };
    expect(signed.headers['OK-ACCESS-SIGN']).toBe(VECTOR.get.sign);
  });
});

describe('the signed v5 calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A key of a user of its own: a user's second code within a minute is not mailed. */
  const freshKey = async (body: Record<string, unknown>): Promise<[ApiKeyCreateResponse, SignedUpUser]> => {
    const user = await signUpUser(t.app, 'okx');
    return [await createKey(t.app, user, body), user];
  };
  const refusal = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, ...(res.json() as { code: string; data: unknown[] }) });

  it('answers a signed read with the trading account, the funding account and the settings', async () => {
    const [key, user] = await freshKey({ label: 'reader' });
    const balance = await signedCall(t.app, key, { path: '/api/v5/account/balance' });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json()).toMatchObject({ code: '0', msg: '', data: [{ details: expect.any(Array) }] });
    const funding = await signedCall(t.app, key, { path: '/api/v5/asset/balances?ccy=USDT' });
    expect(funding.statusCode, funding.body).toBe(200);
    expect(funding.json().code).toBe('0');
    const config = await signedCall(t.app, key, { path: '/api/v5/account/config' });
    expect(config.json().data[0]).toMatchObject({ uid: String(user.uid), acctLv: '2', posMode: 'long_short_mode', label: 'reader', perm: 'read_only' });
  });

  it('records the key’s last use and address', async () => {
    const [key, user] = await freshKey({ label: 'used' });
    await signedCall(t.app, key, { path: '/api/v5/account/config', remoteAddress: '192.0.2.44' });
    const listed = (await t.app.inject({ url: '/api/v1/api-keys', headers: { authorization: `Bearer ${user.token}` } })).json() as { items: { api_key: string; last_used_ip: string | null; last_used_at: string | null }[] };
    const row = listed.items.find((k) => k.api_key === key.api_key);
    expect(row?.last_used_ip).toBe('192.0.2.44');
    expect(row?.last_used_at).not.toBeNull();
  });

  it('refuses each wrong part of a call with OKX’s code', async () => {
    const [key] = await freshKey({ label: 'codes' });
    const path = '/api/v5/account/balance';
    const far = new Date(Date.now() - 31_000);
    expect(refusal(await signedCall(t.app, key, { path, at: far }))).toMatchObject({ status: 401, code: '50102', data: [] });
    expect(refusal(await signedCall(t.app, key, { path, timestamp: '1607418537715' }))).toMatchObject({ code: '50112' });
    expect(refusal(await signedCall(t.app, key, { path, passphrase: 'Other-pass-1234' }))).toMatchObject({ status: 401, code: '50105' });
    expect(refusal(await signedCall(t.app, key, { path, secret: VECTOR.secret }))).toMatchObject({ status: 401, code: '50113' });
    // The signature covers the query: a changed query is a bad signature.
    const signed = await signedCall(t.app, key, { path: `${path}?ccy=BTC`, headers: { 'OK-ACCESS-SIGN': okxSign(key.secret_key, new Date().toISOString(), 'GET', path) } });
    expect(refusal(signed)).toMatchObject({ code: '50113' });
    expect(refusal(await signedCall(t.app, key, { path, headers: { 'x-simulated-trading': '1' } }))).toMatchObject({ code: '50101' });
    expect(refusal(await signedCall(t.app, key, { path, headers: { 'OK-ACCESS-KEY': '' } }))).toMatchObject({ code: '50103' });
    expect(refusal(await signedCall(t.app, key, { path, headers: { 'OK-ACCESS-PASSPHRASE': '' } }))).toMatchObject({ code: '50104' });
    expect(refusal(await signedCall(t.app, key, { path, headers: { 'OK-ACCESS-SIGN': '' } }))).toMatchObject({ code: '50106' });
    expect(refusal(await signedCall(t.app, key, { path, headers: { 'OK-ACCESS-TIMESTAMP': '' } }))).toMatchObject({ code: '50107' });
    expect(refusal(await signedCall(t.app, { ...key, api_key: '00000000-0000-4000-8000-000000000000' }, { path }))).toMatchObject({ status: 401, code: '50111' });
    expect(refusal(await signedCall(t.app, { ...key, api_key: 'not-a-key' }, { path }))).toMatchObject({ code: '50111' });
  });

  it('refuses an address outside the allow-list, IPv4 and IPv6 ranges alike', async () => {
    const [key] = await freshKey({ label: 'ips', ip_allowlist: ['198.51.100.0/24', '2001:db8::/32'] });
    const path = '/api/v5/account/config';
    expect((await signedCall(t.app, key, { path, remoteAddress: '198.51.100.9' })).statusCode).toBe(200);
    expect((await signedCall(t.app, key, { path, remoteAddress: '2001:db8:1::5' })).statusCode).toBe(200);
    expect(refusal(await signedCall(t.app, key, { path, remoteAddress: '203.0.113.1' }))).toMatchObject({ status: 401, code: '50110' });
    expect(refusal(await signedCall(t.app, key, { path, remoteAddress: '2001:db9::1' }))).toMatchObject({ code: '50110' });
  });

  it('refuses a key without the route’s permission', async () => {
    const [key] = await freshKey({ label: 'trader', permissions: ['trade'] });
    expect(refusal(await signedCall(t.app, key, { path: '/api/v5/account/balance' }))).toMatchObject({ status: 401, code: '50120' });
  });

  it('refuses an expired key', async () => {
    const [key] = await freshKey({ label: 'short', expires_at: new Date(Date.now() + 60_000).toISOString() });
    await t.app.services.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE api_key = $1`, [key.api_key]);
    expect(refusal(await signedCall(t.app, key, { path: '/api/v5/account/config' }))).toMatchObject({ code: '50111' });
  });

  it('answers a malformed query in OKX’s envelope', async () => {
    const [key] = await freshKey({ label: 'query' });
    expect(refusal(await signedCall(t.app, key, { path: '/api/v5/asset/balances?ccy=%24%24' }))).toMatchObject({ status: 400, code: '51000' });
  });

  it('limits each key to OKX’s rate, 10 balance reads per 2 seconds, with 50011 and HTTP 429', async () => {
    const [key] = await freshKey({ label: 'busy' });
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await signedCall(t.app, key, { path: '/api/v5/account/balance' })).statusCode);
    expect(answers).toEqual(Array(10).fill(200));
    const limited = await signedCall(t.app, key, { path: '/api/v5/account/balance' });
    expect(refusal(limited)).toMatchObject({ status: 429, code: '50011' });
  });

  it(`limits each address too, at ${OKX_ADDRESS_KEYS} keys’ worth: made-up keys fill its bucket and a real key from there is refused, one from elsewhere is not`, async () => {
    const [key] = await freshKey({ label: 'shared-address' });
    const address = '203.0.113.9';
    const madeUp = (i: number) =>
      t.app.inject({ url: '/api/v5/account/config', remoteAddress: address, headers: { 'OK-ACCESS-KEY': `made-up-${i}`, 'OK-ACCESS-PASSPHRASE': 'x', 'OK-ACCESS-TIMESTAMP': new Date().toISOString(), 'OK-ACCESS-SIGN': 'x' } });
    // account/config: OKX's 5 per 2 seconds a key, so 50 an address; each made-up key is a bucket of its own.
    const answers: number[] = [];
    for (let i = 0; i < 5 * OKX_ADDRESS_KEYS; i++) answers.push((await madeUp(i)).statusCode);
    expect(answers).toEqual(Array(5 * OKX_ADDRESS_KEYS).fill(401));
    const limited = await madeUp(-1);
    expect(refusal(limited)).toMatchObject({ status: 429, code: '50011' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(refusal(await signedCall(t.app, key, { path: '/api/v5/account/config', remoteAddress: address }))).toMatchObject({ status: 429, code: '50011' });
    expect((await signedCall(t.app, key, { path: '/api/v5/account/config', remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
  });

  it('serves ccxt’s okx class pointed at this server: fetchBalance, and AuthenticationError for a wrong passphrase', async () => {
    const [key] = await freshKey({ label: 'ccxt' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = (password: string) => {
      const exchange = new ccxt.okx({ apiKey: key.api_key, secret: key.secret_key, password, urls: { api: { rest: address } } });
      // The public instruments are another part of issue 42; the balance needs no market.
      exchange.setMarkets([]);
      return exchange;
    };
    const totals = (b: object) => ((b as { total?: unknown }).total ?? {}) as Record<string, number | undefined>;
    const trading = await client(key.passphrase).fetchBalance();
    const raw = (trading.info as { data: { details: { ccy: string; eq: string }[] }[] }).data[0]?.details ?? [];
    for (const d of raw) expect(totals(trading)[d.ccy]).toBe(Number(d.eq));
    const funding = await client(key.passphrase).fetchBalance({ type: 'funding' });
    expect(funding.info).toMatchObject({ code: '0' });
    // The sign-up grant (10,000 USDT in the test config) is in one of the two accounts.
    expect((totals(trading).USDT ?? 0) + (totals(funding).USDT ?? 0)).toBe(10_000);
    await expect(client('Wrong-pass-1234').fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError);
  });
});
