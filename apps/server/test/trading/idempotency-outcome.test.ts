import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, idempotencyOutcomeResponse, placeOrderQuery, placeOrderResponse } from '@exchange/contract';
import { hashRequest } from '../../src/ledger/idempotency.js';
import { bearer, startApp, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser, orderUrl, placeOrder, type OrderParams, type TestUser } from './trading-helpers.js';

/**
 * GET /api/v1/idempotency-keys/{key} (issue 14 #10): what became of a request sent with an
 * Idempotency-Key, so that a client told "outcome unknown", or told nothing, learns it.
 */
describe.each<DbKind>([FEATURE_DB])('the Idempotency-Key outcome read on %s', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await startApp(kind);
    u = await newUser(t.app);
  });
  afterAll(() => closeChecked(t));

  const read = async (key: string, user = u) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/idempotency-keys/${encodeURIComponent(key)}?apikey=${DEFAULT_API_KEY}`, headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    return idempotencyOutcomeResponse.parse(res.json());
  };
  const buy: OrderParams = { order_type: 'buy', price: '1000', amount: '0.001' };
  /** The hash the order route stores with a claim of these parameters. */
  const hashOf = (p: OrderParams) => {
    const { apikey: _apikey, ...fields } = placeOrderQuery.parse(Object.fromEntries(new URL(orderUrl(u, p), 'http://x').searchParams));
    return hashRequest({ route: 'orders', ...fields });
  };

  it('issue 14 #10: answers done with the stored answer, for this user only', async () => {
    const placed = await placeOrder(t.app, u, buy, { 'idempotency-key': 'read/done?1' });
    expect(placed.statusCode).toBe(200);
    expect(await read('read/done?1')).toEqual({ key: 'read/done?1', outcome: 'done', status_code: 200, answer: placeOrderResponse.parse(placed.json()) });
    expect((await read('read/done?1', await newUser(t.app))).outcome).toBe('none');
  });

  it('issue 14 #10: answers none for a key never sent, and for a request that was refused', async () => {
    expect(await read('never-sent')).toEqual({ key: 'never-sent', outcome: 'none', status_code: null, answer: null });
    const refused = await placeOrder(t.app, u, { order_type: 'buy', price: '1000', amount: '1000' }, { 'idempotency-key': 'refused' });
    expect(refused.statusCode).toBe(400);
    expect((await read('refused')).outcome).toBe('none');
  });

  it('issue 14 #10: a claim the venues’ old owner left unanswered is running until the lease moves on, then none, and a retry places the order at once', async () => {
    const key = 'claimed-by-a-dead-owner';
    await t.app.services.db.query(`UPDATE venue_leases SET epoch = 7 WHERE name = 'venues'`);
    await t.app.services.db.query('INSERT INTO idempotency_keys (user_id, key, request_hash, epoch) VALUES ($1, $2, $3, 7)', [u.userId, key, hashOf(buy)]);
    expect((await read(key)).outcome).toBe('running');
    // A takeover: the old owner's write would be refused for ever.
    await t.app.services.db.query(`UPDATE venue_leases SET epoch = 8 WHERE name = 'venues'`);
    expect((await read(key)).outcome).toBe('none');
    // Within the test's time limit, far under the 30 s after which a claim is abandoned anyway.
    const retry = await placeOrder(t.app, u, buy, { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await read(key)).toMatchObject({ outcome: 'done', answer: placeOrderResponse.parse(retry.json()) });
  });

  it('reads a key of 200 characters that all need percent-encoding, and answers 400 with the rule for a longer one', async () => {
    expect((await read('%'.repeat(200))).outcome).toBe('none');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/idempotency-keys/${'k'.repeat(201)}?apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Idempotency-Key must be 1 to 200 visible ASCII characters' });
  });
});
