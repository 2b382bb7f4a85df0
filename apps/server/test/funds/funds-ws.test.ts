import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, privateWsPush } from '@exchange/contract';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { bearer, manualClock, startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';
import { isEvent, isPush, WsClient, type WsMessage } from '../ws-client.js';
import { submit, TRON_DESTINATION } from './withdraw-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');
const status = (m: WsMessage) => ((m as { data: { status: string }[] }).data[0]?.status ?? '');

describe('deposits and withdrawals on the private websocket', () => {
  let t: TestApp;
  let base: string;
  const clock = manualClock();
  const clients: WsClient[] = [];
  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await closeChecked(t);
  });

  const subscribed = async (token: string, channels: string[]) => {
    const c = await WsClient.open(`${base}/ws/private`);
    clients.push(c);
    c.send({ op: 'login', args: [{ token }] });
    await c.next(isEvent('login'));
    c.send({ op: 'subscribe', args: channels.map((channel) => ({ channel })) });
    for (const _ of channels) await c.next(isEvent('subscribe'));
    return c;
  };
  const blocks = async (seconds: number) => {
    clock.advance(seconds * 1000);
    await t.app.services.deposits.step();
    await t.app.services.withdrawals.processor.step();
  };

  it('pushes the owner’s deposit as it is seen and credited, and the withdrawal through to completed; nobody else’s', async () => {
    const u = await newUser(t.app);
    const stranger = await newUser(t.app);
    const mine = await subscribed(u.token, ['deposits', 'withdrawals']);
    const theirs = await subscribed(stranger.token, ['deposits', 'withdrawals']);

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/simulated-chain/deposits',
      headers: bearer(u.token),
      payload: { apikey: DEFAULT_API_KEY, uid: u.uid, network_id: trc20.id, symbol: 'USDT', amount: '40' },
    });
    await blocks(1);
    const seen = await mine.next(isPush('deposits'));
    expect(privateWsPush.safeParse(seen).success).toBe(true);
    expect(status(seen)).toBe('submitted');
    await blocks(trc20.confirmations);
    await mine.next((m) => isPush('deposits')(m) && status(m) === 'credited');

    expect((await submit(t.app, u, { wallet_id: 0, initial_amount: '30', network_id: trc20.id, address: TRON_DESTINATION })).statusCode).toBe(200);
    expect(status(await mine.next(isPush('withdrawals')))).toBe('unconfirmed');
    expect(status(await mine.next(isPush('withdrawals')))).toBe('prepared');
    await blocks(1);
    expect(status(await mine.next(isPush('withdrawals')))).toBe('processing');
    await blocks(trc20.confirmations);
    const done = await mine.next((m) => isPush('withdrawals')(m) && status(m) === 'completed');
    expect(privateWsPush.safeParse(done).success).toBe(true);

    theirs.send('ping');
    expect(await theirs.next((m) => m === 'pong' || isPush('deposits')(m) || isPush('withdrawals')(m))).toBe('pong');
  });
});
