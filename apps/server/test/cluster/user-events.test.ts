import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, depositRecord, privateWsPush, type DepositRecord } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { bearer, manualClock } from '../helpers.js';
import { submit, TRON_DESTINATION } from '../funds/withdraw-helpers.js';
import { newUser } from '../trading/trading-helpers.js';
import { isEvent, isPush, WsClient, type WsMessage } from '../ws-client.js';
import { clusterUserEvents } from '../../src/cluster/user-events.js';
import { UserEvents } from '../../src/modules/funds/user-events.js';
import { connectTwo, crossed, depositRow, recordingLog, startTwoProcesses, wire, type TwoProcesses } from './cluster-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');
const status = (m: WsMessage) => ((m as { data: { status: string }[] }).data[0]?.status ?? '');
const isFundsPush = (m: WsMessage) => isPush('deposits')(m) || isPush('withdrawals')(m);

describe('user events on NATS', () => {
  let pair: Awaited<ReturnType<typeof connectTwo>>;
  beforeAll(async () => {
    pair = await connectTwo();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('builds the record once when emitted, delivers it here at once and there after NATS, and drops a record the contract refuses', async () => {
    const { a, b } = pair;
    const logB = recordingLog();
    const localA = new UserEvents<DepositRecord>();
    const sharedA = clusterUserEvents(a, 'deposits', localA, depositRecord, recordingLog().log);
    const sharedB = clusterUserEvents(b, 'deposits', new UserEvents<DepositRecord>(), depositRecord, logB.log);
    await crossed(a, b);
    const heardA: [string, DepositRecord][] = [];
    const heardB: [string, DepositRecord][] = [];
    sharedA.subscribe((userId, record) => heardA.push([userId, record()]));
    sharedB.subscribe((userId, record) => heardB.push([userId, record()]));

    a.nats.publish(a.subject('user-events.deposits'), wire({ from: 'intruder', body: { userId: 'u1', record: { ...depositRow, amount: 'all' } } }));
    let builds = 0;
    localA.emit('u1', () => {
      builds += 1;
      return depositRow;
    });
    expect(heardA).toEqual([['u1', depositRow]]);
    await crossed(a, b);
    await crossed(b, a);

    expect(builds).toBe(1);
    expect(heardB).toEqual([['u1', depositRow]]);
    expect(heardA).toHaveLength(1);
    expect(logB.warnings).toHaveLength(1);
  });
});

/** Deposits seen and withdrawals made on process A, pushed to the user's sockets on A and on B. */
describe('deposit and withdrawal events across two processes', () => {
  const clock = manualClock();
  let cluster: TwoProcesses;
  const sockets: WsClient[] = [];
  beforeAll(async () => {
    cluster = await startTwoProcesses({ now: clock.now });
    for (const app of [cluster.a, cluster.b]) await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.close();
  });

  const subscribed = async (app: App, token: string) => {
    const c = await WsClient.open(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/private`);
    sockets.push(c);
    c.send({ op: 'login', args: [{ token }] });
    await c.next(isEvent('login'));
    c.send({ op: 'subscribe', args: [{ channel: 'deposits' }, { channel: 'withdrawals' }] });
    await c.next(isEvent('subscribe'));
    await c.next(isEvent('subscribe'));
    return c;
  };
  /** Nothing else is queued for the socket: a ping's pong comes before any other funds push. */
  const nothingMore = async (c: WsClient) => {
    c.send('ping');
    expect(await c.next((m) => m === 'pong' || isFundsPush(m))).toBe('pong');
  };

  it('pushes each of the owner’s events once to the socket on either process, and nobody else’s', async () => {
    const { a, b } = cluster;
    const u = await newUser(a);
    const stranger = await newUser(a);
    const onB = await subscribed(b, u.token);
    const onA = await subscribed(a, u.token);
    const strangerOnB = await subscribed(b, stranger.token);

    const paid = await a.inject({
      method: 'POST',
      url: '/api/v1/simulated-chain/deposits',
      headers: bearer(u.token),
      payload: { apikey: DEFAULT_API_KEY, uid: u.uid, network_id: trc20.id, symbol: 'USDT', amount: '40' },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    clock.advance(1000);
    await a.services.deposits.step();
    const seen = await onB.next(isPush('deposits'));
    expect(privateWsPush.safeParse(seen).success).toBe(true);
    expect(status(seen)).toBe('submitted');
    expect(status(await onA.next(isPush('deposits')))).toBe('submitted');

    expect((await submit(a, u, { wallet_id: 0, initial_amount: '30', network_id: trc20.id, address: TRON_DESTINATION, source: 'spot' })).statusCode).toBe(200);
    // Submitted unconfirmed, then confirmed with the mailed code and held.
    const unconfirmed = await onB.next(isPush('withdrawals'));
    expect(privateWsPush.safeParse(unconfirmed).success).toBe(true);
    expect(status(unconfirmed)).toBe('unconfirmed');
    expect(status(await onA.next(isPush('withdrawals')))).toBe('unconfirmed');
    expect(status(await onB.next(isPush('withdrawals')))).toBe('prepared');
    expect(status(await onA.next(isPush('withdrawals')))).toBe('prepared');

    // A's own events come back from NATS too: they must not reach its socket twice.
    await crossed(a, b);
    await crossed(b, a);
    for (const c of [onA, onB, strangerOnB]) await nothingMore(c);
  });
});
