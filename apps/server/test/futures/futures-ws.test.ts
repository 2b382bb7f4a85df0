import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';
import { WsClient, type WsMessage } from '../ws-client.js';
import { driveIndex, openOk, toFutures } from './futures-helpers.js';

const push = (channel: string) => (m: WsMessage) =>
  typeof m === 'object' && 'data' in m && (m.arg as { channel: string }).channel === channel;
const dataOf = (m: WsMessage) => ((m as { data: Record<string, unknown>[] }).data[0] ?? {}) as Record<string, unknown>;

describe('futures on the websockets', () => {
  let t: TestApp;
  let base: string;
  const clock = { ms: 0 };
  const clients: WsClient[] = [];
  const connect = async (path: string) => {
    const c = await WsClient.open(`${base}${path}`);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await closeChecked(t);
  });

  it('pushes a contract’s mark price, funding rate and open interest, and refuses them for a spot pair', async () => {
    const c = await connect('/ws/public');
    c.send({
      op: 'subscribe',
      args: [
        { channel: 'mark-price', instId: 'BTC-USDT-SWAP' },
        { channel: 'funding-rate', instId: 'BTC-USDT-SWAP' },
        { channel: 'open-interest', instId: 'BTC-USDT-SWAP' },
        { channel: 'mark-price', instId: 'BTC-USDT' },
      ],
    });
    const mark = dataOf(await c.next(push('mark-price')));
    expect(mark).toMatchObject({ instType: 'SWAP', instId: 'BTC-USDT-SWAP' });
    expect(Number(mark.markPx)).toBeCloseTo(60_000, -2);
    const funding = dataOf(await c.next(push('funding-rate')));
    expect(Number(funding.fundingTime)).toBeGreaterThan(clock.ms);
    expect(dataOf(await c.next(push('open-interest')))).toHaveProperty('oi');
    expect(await c.next((m) => typeof m === 'object' && m.event === 'error' && String(m.msg).includes('BTC-USDT'))).toBeTruthy();

    await driveIndex(t.app, 'BTC', '60600', clock, 1);
    const moved = dataOf(await c.next((m) => push('mark-price')(m) && Number(dataOf(m).markPx) > 60_300));
    expect(Number(moved.markPx)).toBeCloseTo(60_600, -2);
  });

  it('tells the owner, and only the owner, that a position opened and was liquidated', async () => {
    await driveIndex(t.app, 'BTC', '60000', clock);
    const owner = await newUser(t.app);
    const other = await newUser(t.app);
    const mine = await connect('/ws/private');
    const theirs = await connect('/ws/private');
    for (const [c, u] of [
      [mine, owner],
      [theirs, other],
    ] as const) {
      c.send({ op: 'login', args: [{ token: u.token }] });
      await c.next((m) => typeof m === 'object' && m.event === 'login');
      c.send({ op: 'subscribe', args: [{ channel: 'positions' }] });
      await c.next((m) => typeof m === 'object' && m.event === 'subscribe');
    }
    await toFutures(t.app, owner, '200');
    const opened = await openOk(t.app, owner, { side: 'long', amount: '0.1', leverage: 100 });
    const active = dataOf(await mine.next(push('positions')));
    expect(active).toMatchObject({ position_id: opened.position_id, status: 'active', event: 'changed' });
    await driveIndex(t.app, 'BTC', '59000', clock, 1);
    const liquidated = dataOf(await mine.next((m) => push('positions')(m) && dataOf(m).status === 'liquidated'));
    expect(liquidated).toMatchObject({ position_id: opened.position_id, event: 'liquidated' });
    expect(String(liquidated.message)).toContain('liquidated');
    await expect(theirs.next(push('positions'), 300)).rejects.toThrow();
  });
});
