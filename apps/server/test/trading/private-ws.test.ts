import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { fillUpdate, orderUpdate } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { fund, insideSpread, newUser, placeOrder } from './trading-helpers.js';

type Message = Record<string, unknown>;

async function connect(url: string): Promise<{ ws: WebSocket; messages: Message[]; next: (m: (x: Message) => boolean) => Promise<Message> }> {
  const ws = new WebSocket(url);
  const messages: Message[] = [];
  ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString('utf8')) as Message));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = async (match: (x: Message) => boolean): Promise<Message> => {
    const deadline = Date.now() + 3000;
    for (;;) {
      const i = messages.findIndex(match);
      if (i >= 0) return messages.splice(i, 1)[0] as Message;
      if (Date.now() > deadline) throw new Error('no matching message');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, messages, next };
}

describe('the private websocket', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws/private`;
  });
  afterAll(async () => {
    const breaches = await checkLedger(t.app.services.db);
    await t.close();
    expect(breaches).toEqual([]);
  });

  it('pushes order updates and fills to their owner only', async () => {
    const owner = await newUser(t.app);
    const other = await newUser(t.app);
    const seller = await newUser(t.app);
    await fund(t.app, seller.userId, 'BTC', '1');

    const anon = await connect(url);
    anon.ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'orders' }] }));
    expect(await anon.next((m) => m.event === 'error')).toMatchObject({ code: '60011' });
    anon.ws.send(JSON.stringify({ op: 'login', args: [{ token: 'not-a-token' }] }));
    expect(await anon.next((m) => m.event === 'error')).toMatchObject({ code: '60009' });

    const sockets = await Promise.all([connect(url), connect(url)]);
    const [mine, theirs] = sockets;
    for (const [s, user] of [
      [mine, owner],
      [theirs, other],
    ] as const) {
      s.ws.send(JSON.stringify({ op: 'login', args: [{ token: user.token }] }));
      expect(await s.next((m) => m.event === 'login')).toMatchObject({ code: '0' });
      s.ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'orders' }, { channel: 'fills' }] }));
      await s.next((m) => m.event === 'subscribe');
      await s.next((m) => m.event === 'subscribe');
    }

    const price = insideSpread(t.app);
    const placed = await placeOrder(t.app, owner, { order_type: 'buy', price, amount: '0.001' });
    const orderId = (placed.json() as { order_id: string }).order_id;
    const pending = await mine.next((m) => (m.arg as { channel?: string })?.channel === 'orders');
    expect(orderUpdate.parse((pending.data as unknown[])[0])).toMatchObject({ order_id: orderId, status: 'pending' });

    await placeOrder(t.app, seller, { order_type: 'sell', price, amount: '0.001' });
    const fill = await mine.next((m) => (m.arg as { channel?: string })?.channel === 'fills');
    expect(fillUpdate.parse((fill.data as unknown[])[0])).toMatchObject({ order_id: orderId, role: 'maker', amount: '0.00100' });
    const filled = await mine.next((m) => (m.arg as { channel?: string })?.channel === 'orders');
    expect(orderUpdate.parse((filled.data as unknown[])[0])).toMatchObject({ order_id: orderId, status: 'filled' });

    // The marker: their own order goes through the same venue after the owner's fill, so its update
    // reaches them after anything of the owner's that leaked.
    const own = await placeOrder(t.app, other, { order_type: 'buy', price, amount: '0.001' });
    const marker = await theirs.next((m) => (m.arg as { channel?: string })?.channel === 'orders');
    expect(orderUpdate.parse((marker.data as unknown[])[0])).toMatchObject({ order_id: (own.json() as { order_id: string }).order_id, status: 'pending' });
    expect(theirs.messages).toEqual([]);
    for (const s of [anon, mine, theirs]) s.ws.close();
  });

  it("asks the venue bus for a user's rows while one of their sockets is logged in here, and stops with the last", async () => {
    const user = await newUser(t.app);
    const stops: string[] = [];
    const watch = vi.spyOn(t.app.services.bus, 'watchUser').mockImplementation((userId) => () => void stops.push(userId));
    // The server forgets a socket in the same close event that drops it from this set.
    const serverSockets = (): number => t.app.websocketServer.clients.size;
    try {
      await vi.waitFor(() => expect(serverSockets()).toBe(0));
      const [first, second] = await Promise.all([connect(url), connect(url)]);
      for (const s of [first, second]) {
        s.ws.send(JSON.stringify({ op: 'login', args: [{ token: user.token }] }));
        await s.next((m) => m.event === 'login');
      }
      expect(watch.mock.calls).toEqual([[user.userId]]);
      first.ws.close();
      await vi.waitFor(() => expect(serverSockets()).toBe(1));
      expect(stops).toEqual([]);
      second.ws.close();
      await vi.waitFor(() => expect(stops).toEqual([user.userId]));

      // A socket closed while its login was being checked is not left watching: the check answers
      // only once the server has seen the close.
      const resolve = t.app.services.sessions.resolve.bind(t.app.services.sessions);
      let closeSeen!: () => void;
      const seen = new Promise<void>((r) => (closeSeen = r));
      let answered: ReturnType<typeof resolve> | undefined;
      const slow = vi.spyOn(t.app.services.sessions, 'resolve').mockImplementation((token) => (answered = seen.then(() => resolve(token))));
      await vi.waitFor(() => expect(serverSockets()).toBe(0));
      const quick = await connect(url);
      quick.ws.send(JSON.stringify({ op: 'login', args: [{ token: user.token }] }));
      await vi.waitFor(() => expect(slow).toHaveBeenCalled());
      quick.ws.close();
      await vi.waitFor(() => expect(serverSockets()).toBe(0));
      closeSeen();
      // The login awaited the answer first, so it has gone on by the time this await returns.
      await answered;
      expect(watch).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
