import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, fillUpdate, orderUpdate, placeOrderResponse } from '@exchange/contract';
import { orderPath, quotedTouch, signUpVerified, type Trader } from '../crash/order-load.js';
import type { HttpAnswer } from '../crash/server-child.js';
import { WsClient, type WsMessage } from '../ws-client.js';
import { privateService, startCluster, type ClusterUnderTest, type Member, type PrivateService } from './cluster-processes.js';
import { outcomeOf } from './failover-probes.js';

/**
 * Issue 19's cluster test: three server processes on one PostgreSQL database, NATS and Redis. An
 * order sent to a process that does not own the venues is placed on the owner's book, its fill
 * reaches the user's private socket on the third process, and a books5 subscriber on every process
 * receives the same snapshots.
 */
const HOOK_MS = 180_000;
const STEP_MS = 60_000;
/** "At once": what a follower's order waits for its answer while NATS is down (it waited 15 s before issue 14). */
const AT_ONCE_MS = 2_000;
/** How long a process may take to notice NATS went, or came back. */
const NOTICE_MS = 20_000;

const wsUrl = (m: Member, path: string) => `${m.server.baseUrl.replace('http', 'ws')}${path}`;
const channelOf = (m: WsMessage) => (typeof m === 'object' ? (m.arg as { channel?: string } | undefined)?.channel : undefined);

describe('three server processes', () => {
  let cluster: ClusterUnderTest;
  let owner: Member;
  let entry: Member;
  let third: Member;
  let trader: Trader;

  beforeAll(async () => {
    cluster = await startCluster(3);
    owner = await cluster.settledOwner();
    [entry, third] = cluster.members.filter((m) => m !== owner) as [Member, Member];
    trader = await signUpVerified(entry.call, 'cluster.trader@example.com');
    await quotedTouch(owner.call);
  }, HOOK_MS);

  afterAll(async () => {
    await cluster?.stop();
  }, HOOK_MS);

  it('places an order sent to a follower on the owner’s book, and pushes its fill to a socket on the third process', async () => {
    const socket = await WsClient.open(wsUrl(third, '/ws/private'));
    socket.send({ op: 'login', args: [{ token: trader.auth.authorization?.replace('Bearer ', '') }] });
    expect(await socket.next((m) => typeof m === 'object' && m.event === 'login')).toMatchObject({ code: '0' });
    socket.send({ op: 'subscribe', args: [{ channel: 'orders' }, { channel: 'fills' }] });
    await socket.next((m) => typeof m === 'object' && m.event === 'subscribe');
    await socket.next((m) => typeof m === 'object' && m.event === 'subscribe');

    // A resting bid at a price of its own, far below the market: on the owner's book, not elsewhere.
    const touch = await quotedTouch(owner.call);
    const price = (Math.floor(touch.bid * 0.5) + 0.37).toFixed(2);
    const rest = await entry.call('POST', orderPath(trader, { order_type: 'buy', price, amount: '0.00100' }), trader.auth);
    expect(rest.status, rest.body).toBe(200);
    const resting = placeOrderResponse.parse(JSON.parse(rest.body));
    expect(resting.status).toBe('pending');
    const book = await owner.call('GET', '/api/v5/market/books?instId=BTC-USDT&sz=400');
    const bids = (JSON.parse(book.body) as { data: { bids: string[][] }[] }).data[0]?.bids ?? [];
    expect(bids.some(([p, size]) => Number(p) === Number(price) && Number(size) >= 0.001)).toBe(true);
    const pending = await socket.next((m) => channelOf(m) === 'orders');
    expect(orderUpdate.parse(((pending as { data: unknown[] }).data)[0])).toMatchObject({ order_id: resting.order_id, status: 'pending' });

    const take = await entry.call('POST', orderPath(trader, { order_type: 'buy', excecution_type: 'market', amount: '0.00100' }), trader.auth);
    expect(take.status, take.body).toBe(200);
    const taken = placeOrderResponse.parse(JSON.parse(take.body));
    expect(taken.status).toBe('filled');
    const fill = await socket.next((m) => channelOf(m) === 'fills' && JSON.stringify(m).includes(taken.order_id), 10_000);
    expect(fillUpdate.parse(((fill as { data: unknown[] }).data)[0])).toMatchObject({ order_id: taken.order_id, role: 'taker' });
    socket.ws.close();
  }, STEP_MS);

  it('gives a books5 subscriber on every process the same snapshots', async () => {
    const sockets = await Promise.all(cluster.members.map((m) => WsClient.open(wsUrl(m, '/ws/public'))));
    const seen = sockets.map(() => [] as string[]);
    sockets.forEach((s, i) =>
      s.ws.on('message', (raw: Buffer) => {
        const text = raw.toString('utf8');
        if (text.includes('"books5"') && text.includes('"data"')) seen[i]?.push(JSON.stringify((JSON.parse(text) as { data: unknown }).data));
      }),
    );
    for (const s of sockets) s.send({ op: 'subscribe', args: [{ channel: 'books5', instId: 'BTC-USDT' }] });
    // The market moves once a second: several snapshots go out meanwhile.
    await new Promise((r) => setTimeout(r, 6_000));
    for (const s of sockets) s.ws.close();
    for (const frames of seen) expect(frames.length).toBeGreaterThanOrEqual(3);
    // A subscriber joins at a different moment: compare what they all received after the last one joined.
    const common = (frames: string[]) => new Set(frames.slice(1));
    const [a, b, c] = seen.map(common) as [Set<string>, Set<string>, Set<string>];
    const inAll = [...a].filter((f) => b.has(f) && c.has(f));
    expect(inAll.length).toBeGreaterThanOrEqual(2);
    // Apart from the edges of the window, each saw what the others saw.
    const middle = (frames: string[]) => frames.slice(2, -2);
    for (const [i, frames] of seen.entries()) {
      const others = seen.filter((_, j) => j !== i).map((f) => new Set(f));
      for (const f of middle(frames)) for (const o of others) expect(o.has(f)).toBe(true);
    }
  }, STEP_MS);
});

describe('three server processes when NATS goes down', () => {
  let nats: PrivateService;
  let cluster: ClusterUnderTest;
  let owner: Member;
  let follower: Member;
  let trader: Trader;
  let price: string;

  beforeAll(async () => {
    // A NATS server of this test's own: the machine's is shared with other tests.
    nats = await privateService('nats');
    cluster = await startCluster(3, { NATS_URL: nats.url });
    owner = await cluster.settledOwner();
    follower = cluster.members.find((m) => m !== owner) as Member;
    trader = await signUpVerified(follower.call, 'nats.down@example.com');
    price = (Math.floor((await quotedTouch(owner.call)).bid * 0.5) + 0.37).toFixed(2);
  }, HOOK_MS);

  afterAll(async () => {
    await cluster?.stop();
    await nats?.stop();
  }, HOOK_MS);

  const place = async (via: Member, key: string) => {
    const sentAt = Date.now();
    const res = await via.call('POST', orderPath(trader, { order_type: 'buy', price, amount: '0.00010' }), { ...trader.auth, 'idempotency-key': key });
    return { key, res, ms: Date.now() - sentAt };
  };
  const codeOf = (res: HttpAnswer) => (res.status === 200 ? '200' : `${res.status} ${errorResponse.parse(JSON.parse(res.body)).code ?? ''}`);

  it('issue 14 #13: answers a follower’s orders at once with 503 VENUE_UNREACHABLE while NATS is down, places none of them when it is back, and the owner’s own orders go on', async () => {
    expect((await place(follower, 'before')).res.status).toBe(200);
    await nats.stop();
    // The follower learns from its connection that NATS went; a call it sent before then may have reached the owner: outcome unknown.
    const answers: Awaited<ReturnType<typeof place>>[] = [];
    const deadline = Date.now() + NOTICE_MS;
    while (answers.filter((a) => codeOf(a.res) === '503 VENUE_UNREACHABLE').length < 5 && Date.now() < deadline) answers.push(await place(follower, `down-${answers.length}`));
    expect(answers.map((a) => codeOf(a.res)).filter((c) => c !== '503 VENUE_UNREACHABLE' && c !== '504 OUTCOME_UNKNOWN')).toEqual([]);
    expect(answers.filter((a) => codeOf(a.res) === '503 VENUE_UNREACHABLE').length).toBe(5);
    expect(answers.filter((a) => a.ms > AT_ONCE_MS).map((a) => `${a.key}: ${codeOf(a.res)} after ${a.ms} ms`)).toEqual([]);
    expect((await place(owner, 'on-the-owner')).res.status).toBe(200);

    await nats.start();
    // NATS delivers a connection's messages in order: once an order sent through the follower after the restart is placed, none sent before can still come.
    const backBy = Date.now() + NOTICE_MS;
    let back = await place(follower, 'back-0');
    for (let n = 1; back.res.status !== 200 && Date.now() < backBy; n++) {
      await new Promise((r) => setTimeout(r, 100));
      back = await place(follower, `back-${n}`);
    }
    expect(back.res.status, back.res.body).toBe(200);
    for (const a of answers) {
      const unknown = a.res.status === 504;
      if (unknown) await new Promise((r) => setTimeout(r, (errorResponse.parse(JSON.parse(a.res.body)).retry_after_seconds ?? 0) * 1000));
      const read = await outcomeOf(cluster, trader, a.key);
      if (unknown) expect(['done', 'none']).toContain(read.outcome);
      else expect(read, a.key).toMatchObject({ outcome: 'none' });
    }
  }, STEP_MS);
});
