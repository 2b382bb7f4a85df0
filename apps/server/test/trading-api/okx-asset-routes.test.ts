import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { FEATURE_DB, signUpUser, startApp, type SignedUpUser, type TestApp } from '../helpers.js';
import { createKey, signedCall } from '../api-keys/api-key-helpers.js';
import { TRON_DESTINATION } from '../funds/withdraw-helpers.js';
import { closeChecked, newUser, placeOrder } from '../trading/trading-helpers.js';
import { saveAddress } from './asset-helpers.js';
import { awaitNotification, listOf } from '../notifications/notification-helpers.js';

interface Envelope {
  code: string;
  msg: string;
  data: Record<string, unknown>[];
}

const ALL = ['read', 'trade', 'withdraw'];
const withdrawal = (extra: Record<string, unknown> = {}) => ({ ccy: 'USDT', amt: '10', dest: '4', toAddr: TRON_DESTINATION, chain: 'USDT-TRC20', ...extra });

/** OKX's funding calls at the edges ccxt does not reach: permissions, other users' ids, clientIds and the web's withdrawal rules. */
describe('OKX v5 funding calls', () => {
  let t: TestApp;
  let owner: SignedUpUser;
  let stranger: SignedUpUser;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { withdrawals: { dailyLimitUsdt: '3000', reviewThresholdUsdt: '1000' } });
    owner = await newUser(t.app);
    stranger = await newUser(t.app);
    await saveAddress(t.app, owner, TRON_DESTINATION);
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  /** A fresh key: each has its own rate-limit buckets (transfers: 2 a second). */
  const keyOf = (user: SignedUpUser, permissions: string[]) =>
    createKey(t.app, user, { label: 'asset', permissions, ...(permissions.includes('withdraw') ? { ip_allowlist: ['127.0.0.1'] } : {}) });
  const post = async (key: ApiKeyCreateResponse, path: string, body: unknown) => {
    const res = await signedCall(t.app, key, { method: 'POST', path, body: JSON.stringify(body) });
    return { status: res.statusCode, ...(res.json() as Envelope) };
  };
  const get = async (key: ApiKeyCreateResponse, path: string) => {
    const res = await signedCall(t.app, key, { path });
    return { status: res.statusCode, ...(res.json() as Envelope) };
  };
  const toFunding = (key: ApiKeyCreateResponse, amt: string, clientId?: string) =>
    post(key, '/api/v5/asset/transfer', { ccy: 'USDT', amt, from: '18', to: '6', type: '0', ...(clientId ? { clientId } : {}) });
  const fundingUsdt = async (key: ApiKeyCreateResponse) => (await get(key, '/api/v5/asset/balances?ccy=USDT')).data[0]?.['availBal'];

  it('refuses a key without withdraw on the deposit and withdrawal calls, and a read key a transfer, with 50120', async () => {
    const trader = await keyOf(owner, ['read', 'trade']);
    const reader = await keyOf(owner, ['read']);
    const refused = { status: 401, code: '50120', data: [] };
    expect(await post(trader, '/api/v5/asset/withdrawal', withdrawal())).toMatchObject(refused);
    expect(await post(trader, '/api/v5/asset/cancel-withdrawal', { wdId: '00000000-0000-0000-0000-000000000000' })).toMatchObject(refused);
    expect(await get(trader, '/api/v5/asset/deposit-address?ccy=USDT')).toMatchObject(refused);
    expect(await get(trader, '/api/v5/asset/deposit-history')).toMatchObject(refused);
    expect(await get(trader, '/api/v5/asset/withdrawal-history')).toMatchObject(refused);
    expect(await toFunding(reader, '1')).toMatchObject(refused);
    // Reading the currencies and the bills stays open to a read key.
    expect(await get(reader, '/api/v5/asset/currencies?ccy=USDT')).toMatchObject({ status: 200, code: '0' });
    expect(await get(reader, '/api/v5/account/bills')).toMatchObject({ status: 200, code: '0' });
  });

  it('moves a transfer once per clientId and refuses the same account, other types, unknown accounts and too much', async () => {
    const key = await keyOf(owner, ALL);
    const first = await toFunding(key, '40', 'once1');
    const again = await toFunding(key, '40', 'once1');
    expect(first).toMatchObject({ status: 200, code: '0', data: [{ ccy: 'USDT', amt: '40', from: '18', to: '6', clientId: 'once1' }] });
    expect(again.data[0]?.['transId']).toBe(first.data[0]?.['transId']);
    expect(await fundingUsdt(key)).toBe('40');
    const state = await get(key, '/api/v5/asset/transfer-state?clientId=once1');
    expect(state.data).toEqual([expect.objectContaining({ transId: first.data[0]?.['transId'], amt: '40', state: 'success', from: '18', to: '6' })]);

    const other = await keyOf(owner, ALL);
    expect(await toFunding(other, '41', 'once1')).toMatchObject({ code: '51000' });
    expect(await post(other, '/api/v5/asset/transfer', { ccy: 'USDT', amt: '1', from: '6', to: '6' })).toMatchObject({ code: '58123' });
    const third = await keyOf(owner, ALL);
    expect(await post(third, '/api/v5/asset/transfer', { ccy: 'USDT', amt: '1', from: '6', to: '18', type: '1', subAcct: 'sub1' })).toMatchObject({ code: '58127' });
    expect(await post(third, '/api/v5/asset/transfer', { ccy: 'USDT', amt: '1', from: '1', to: '18' })).toMatchObject({ status: 400, code: '51000', msg: 'Parameter from error' });
    const fourth = await keyOf(owner, ALL);
    expect(await toFunding(fourth, '1000000')).toMatchObject({ code: '58350', data: [] });
    expect(await fundingUsdt(fourth)).toBe('40');
  });

  it('shows no other user’s transfers, withdrawals, deposits or bills to a key', async () => {
    const mine = await keyOf(owner, ALL);
    const theirs = await keyOf(stranger, ALL);
    const moved = await toFunding(mine, '30', 'mine1');
    const transId = String(moved.data[0]?.['transId']);
    const sent = await post(mine, '/api/v5/asset/withdrawal', withdrawal({ amt: '5' }));
    expect(sent).toMatchObject({ code: '0' });
    const wdId = String(sent.data[0]?.['wdId']);

    expect((await get(theirs, `/api/v5/asset/transfer-state?transId=${transId}`)).data).toEqual([]);
    expect((await get(theirs, '/api/v5/asset/transfer-state?clientId=mine1')).data).toEqual([]);
    expect((await get(theirs, `/api/v5/asset/withdrawal-history?wdId=${wdId}`)).data).toEqual([]);
    expect(await post(theirs, '/api/v5/asset/cancel-withdrawal', { wdId })).toMatchObject({ code: '58215' });
    const theirBills = await get(theirs, '/api/v5/asset/bills');
    const myBills = await get(mine, '/api/v5/asset/bills');
    const ids = new Set(theirBills.data.map((b) => b['billId']));
    expect(myBills.data.length).toBeGreaterThan(0);
    expect(myBills.data.filter((b) => ids.has(b['billId']))).toEqual([]);
    // The owner's withdrawal is still there for the owner, and only theirs to cancel.
    expect((await get(mine, `/api/v5/asset/withdrawal-history?wdId=${wdId}`)).data).toEqual([expect.objectContaining({ wdId, amt: '5', state: '0' })]);
    expect(await post(mine, '/api/v5/asset/cancel-withdrawal', { wdId })).toMatchObject({ code: '0', data: [{ wdId }] });
    expect(await post(mine, '/api/v5/asset/cancel-withdrawal', { wdId })).toMatchObject({ code: '58216' });
  });

  it('lists with instType only the bills of that instrument type: no transfer, as OKX filters them', async () => {
    const key = await keyOf(owner, ['read', 'trade']);
    await toFunding(key, '7');
    await t.app.services.simulation.step(t.app.services.market.now + 1000);
    expect((await placeOrder(t.app, owner, { order_type: 'buy', excecution_type: 'market', amount: '0.001' })).statusCode).toBe(200);
    const all = (await get(key, '/api/v5/account/bills?ccy=USDT')).data;
    expect(all.filter((b) => b['type'] === '1' && b['instType'] === '')).not.toEqual([]);
    const spot = (await get(key, '/api/v5/account/bills?ccy=USDT&instType=SPOT')).data;
    expect(spot.length).toBeGreaterThan(0);
    expect(spot.filter((b) => b['instType'] !== 'SPOT')).toEqual([]);
    expect((await get(key, '/api/v5/account/bills?ccy=USDT&instType=SWAP')).data).toEqual([]);
  });

  it('mails the user and notifies them of a key’s withdrawal, naming the key’s label; a replayed clientId tells nothing again', async () => {
    const key = await createKey(t.app, owner, { label: 'grid-bot-7', permissions: ALL, ip_allowlist: ['127.0.0.1'] });
    await toFunding(key, '20');
    const sent = await post(key, '/api/v5/asset/withdrawal', withdrawal({ amt: '6', clientId: 'told1' }));
    expect(sent).toMatchObject({ code: '0' });
    const wdId = String(sent.data[0]?.['wdId']);
    await t.app.services.background.idle();
    const outbox = async () => {
      const res = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(owner.email)}` });
      return (res.json() as { subject: string; text: string }[]).filter((m) => m.text.includes(wdId));
    };
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('"grid-bot-7"');
    expect(mails[0]?.text).toContain(`To: ${TRON_DESTINATION}`);
    // It names the key by its label alone: none of the key's credentials, which a mailbox may leak.
    for (const secret of [key.secret_key, key.passphrase, key.api_key]) expect(`${mails[0]?.subject}\n${mails[0]?.text}`).not.toContain(secret);
    const told = await awaitNotification(t.app, owner, 'withdrawal_by_api_key', (n) => n.code === 'withdrawal_by_api_key' && n.params.label === 'grid-bot-7');
    expect(told).toMatchObject({ params: { symbol: 'USDT', label: 'grid-bot-7' } });
    expect(JSON.stringify(told)).not.toContain(key.secret_key);

    expect(await post(key, '/api/v5/asset/withdrawal', withdrawal({ amt: '6', clientId: 'told1' }))).toMatchObject({ code: '0', data: [{ wdId }] });
    await t.app.services.background.idle();
    expect(await outbox()).toHaveLength(1);
    expect((await listOf(t.app, owner, { limit: '50' })).items.filter((n) => n.code === 'withdrawal_by_api_key' && n.params.label === 'grid-bot-7')).toHaveLength(1);
    expect(await post(key, '/api/v5/asset/cancel-withdrawal', { wdId })).toMatchObject({ code: '0' });
  });

  it('withdraws through every rule of the web: identity, review, daily limit, fee, chain and book', async () => {
    const unverified = await signUpUser(t.app, 'okx-unverified');
    expect(await post(await keyOf(unverified, ALL), '/api/v5/asset/withdrawal', withdrawal())).toMatchObject({ code: '59113' });

    const key = await keyOf(owner, ALL);
    await toFunding(key, '4000');
    expect(await post(key, '/api/v5/asset/withdrawal', withdrawal({ toAddr: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' }))).toMatchObject({ code: '58207' });
    expect(await post(key, '/api/v5/asset/withdrawal', withdrawal({ fee: '0' }))).toMatchObject({ code: '58211' });
    expect(await post(key, '/api/v5/asset/withdrawal', withdrawal({ dest: '3', toAddr: stranger.email }))).toMatchObject({ code: '58224' });
    expect(await post(key, '/api/v5/asset/withdrawal', withdrawal({ chain: 'USDT-Nowhere' }))).toMatchObject({ status: 400, code: '51000' });
    const other = await keyOf(owner, ALL);
    // Above the review threshold (1,000 USDT) the withdrawal waits for an operator: OKX's state 4.
    const large = await post(other, '/api/v5/asset/withdrawal', withdrawal({ amt: '1500', clientId: 'big1' }));
    expect(large).toMatchObject({ code: '0', data: [{ amt: '1500', clientId: 'big1', chain: 'USDT-TRC20' }] });
    expect((await get(other, '/api/v5/asset/withdrawal-history?clientId=big1')).data).toEqual([expect.objectContaining({ wdId: large.data[0]?.['wdId'], state: '4', clientId: 'big1' })]);
    // The daily limit (3,000 USDT) counts it.
    expect(await post(other, '/api/v5/asset/withdrawal', withdrawal({ amt: '1600' }))).toMatchObject({ code: '58201' });
    expect(await post(other, '/api/v5/asset/cancel-withdrawal', { wdId: large.data[0]?.['wdId'] })).toMatchObject({ code: '0' });
  });
});
