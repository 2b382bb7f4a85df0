import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { SharedKeyLimits } from '../../src/cluster/okx-ws-limits.js';
import type { RedisOutage } from '../../src/cluster/redis-outage.js';
import { signUpUser } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { isReply, loggedIn } from '../trading-api-ws/okx-ws-helpers.js';
import type { WsClient } from '../ws-client.js';
import { startTwoProcesses, type TwoProcesses } from './cluster-helpers.js';

/** OKX's limit of batch-orders per key: 300 orders per 2 s. */
const BATCH_ORDERS = 300;
const PER_BATCH = 20;

/**
 * A spot order the socket refuses on its own (a spot order here is cash only): the key's limits
 * count it all the same, and nothing reaches the venues' owner, so the batches are quick.
 */
const refusedOrder = { instId: 'BTC-USDT', tdMode: 'cross', side: 'buy', ordType: 'limit', sz: '0.001', px: '1' };

/** Issue 42: the private socket's per-key limits count a key's sockets on every process together. */
describe("the private socket's per-key limits across two processes", () => {
  let cluster: TwoProcesses;
  const sockets: WsClient[] = [];
  beforeAll(async () => {
    cluster = await startTwoProcesses();
    for (const app of [cluster.a, cluster.b]) await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.close();
  });

  const base = (app: App) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  it("refuses a key's batch-orders past 300 orders in the window whichever process has its socket, and counts another key apart", async () => {
    const { a, b } = cluster;
    const user = await signUpUser(a, 'ws-limits');
    const key = await createKey(a, user, { label: 'ws-limits', permissions: ['read', 'trade'] });
    const other = await createKey(a, user, { label: 'ws-limits-2', permissions: ['read', 'trade'] });
    const onA = await loggedIn(base(a), key);
    const onB = await loggedIn(base(b), key);
    const otherOnB = await loggedIn(base(b), other);
    sockets.push(onA, onB, otherOnB);

    // One batch more than the limit holds, half on each process: alone, neither would be near it.
    const batches = BATCH_ORDERS / PER_BATCH + 1;
    const args = Array.from({ length: PER_BATCH }, () => refusedOrder);
    const sent = Array.from({ length: batches }, (_, i) => {
      const socket = i % 2 === 0 ? onA : onB;
      socket.send({ id: `b${i}`, op: 'batch-orders', args });
      return { socket, id: `b${i}` };
    });
    const codes = await Promise.all(sent.map(async ({ socket, id }) => (await socket.next(isReply(id))) as { code: string }));
    // Every counted batch is answered with its orders' own refusals (code 1); exactly one went past the limit.
    expect(codes.filter((r) => r.code === '50011')).toHaveLength(1);
    expect(codes.filter((r) => r.code === '1')).toHaveLength(batches - 1);

    otherOnB.send({ id: 'other', op: 'batch-orders', args });
    expect(await otherOnB.next(isReply('other'))).toMatchObject({ code: '1' });
  });

  it('answers unavailable while Redis is down and counts nothing then; once it is back, the window starts at the first count', async () => {
    const shared = cluster.a.services.cluster;
    if (!shared) throw new Error('no cluster');
    let down = true;
    const outage = { isDown: () => down } as RedisOutage;
    const limits = new SharedKeyLimits(shared.redis, shared.key('okx-ws-limits-test:'), outage);
    expect(await limits.take('k', 'single', 60)).toBe('unavailable');
    down = false;
    expect(await limits.take('k', 'single', 60)).toBe('taken');
    expect(await limits.take('k', 'single', 1)).toBe('over');
  });
});
