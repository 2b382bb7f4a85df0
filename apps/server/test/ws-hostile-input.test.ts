import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MAX_MESSAGE_BYTES, wsErrorCodes } from '@exchange/contract';
import { checkLedger } from '../src/products.js';
import { startApp, type TestApp, FEATURE_DB } from './helpers.js';
import { newUser, type TestUser } from './trading/trading-helpers.js';
import { isEvent, isPong, isPush, WsClient, type WsMessage } from './ws-client.js';

type Frame = string | { binary: Buffer };

const json = (value: unknown): string => JSON.stringify(value);
const deepArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
const nestedJunk = { a: { b: [[[{ c: null, d: [1, 'x', { e: {} }] }]]] } };
const tooLarge = json({ op: 'subscribe', args: [{ channel: 'x'.repeat(WS_MAX_MESSAGE_BYTES), instId: 'BTC-USDT' }] });

/** Frames that are no request on either socket: each must be answered with 60012 Invalid request. */
const malformed: [string, Frame][] = [
  ['args that are no array', json({ op: 'subscribe', args: { channel: 'orders', instId: 'BTC-USDT' } })],
  ['a null arg', json({ op: 'subscribe', args: [null] })],
  ['a number arg', json({ op: 'subscribe', args: [7] })],
  ['a bare null', 'null'],
  ['a bare string', '"orders"'],
  ['an empty array', '[]'],
  ['a number beyond a double', '1e309'],
  ['broken JSON', '{"op":"subscribe","args":[{'],
  ['a NUL byte', '\u0000'],
  ['deep nesting', deepArray(5000)],
  ['a binary frame', { binary: Buffer.from([0x7b, 0x00, 0xff, 0xfe]) }],
  ['a frame over the size limit', tooLarge],
];

const privateMalformed: [string, Frame][] = [
  ['the reported crash: channel {"toString":1}', '{"op":"subscribe","args":[{"channel":{"toString":1}}]}'],
  ['the same on unsubscribe', '{"op":"unsubscribe","args":[{"channel":{"toString":1}}]}'],
  ['a channel that is an array', json({ op: 'subscribe', args: [{ channel: ['orders'] }] })],
  ['a channel that is a number', json({ op: 'subscribe', args: [{ channel: 5 }] })],
  ['a channel of nested junk', json({ op: 'unsubscribe', args: [{ channel: nestedJunk }] })],
  ['a token that is an object', json({ op: 'login', args: [{ token: { toString: 1 } }] })],
  ['a login without args', json({ op: 'login', args: [] })],
  ...malformed,
];

const publicMalformed: [string, Frame][] = [
  ['channel {"toString":1}', json({ op: 'subscribe', args: [{ channel: { toString: 1 }, instId: 'BTC-USDT' }] })],
  ['instId {"toUpperCase":1}', json({ op: 'unsubscribe', args: [{ channel: 'books5', instId: { toUpperCase: 1 } }] })],
  ['a channel that is an array', json({ op: 'subscribe', args: [{ channel: ['books5'], instId: 'BTC-USDT' }] })],
  ['an instId that is a number', json({ op: 'subscribe', args: [{ channel: 'books5', instId: 5 }] })],
  ['an instId of nested junk', json({ op: 'subscribe', args: [{ channel: 'tickers', instId: nestedJunk }] })],
  ...malformed,
];

function send(client: WsClient, frame: Frame): void {
  if (typeof frame === 'string') client.send(frame);
  else client.sendBinary(frame.binary);
}

const answer = (m: WsMessage): boolean => isEvent('error')(m) || isEvent('subscribe')(m) || isEvent('unsubscribe')(m);

describe('hostile websocket frames', () => {
  let t: TestApp;
  let base: string;
  let user: TestUser;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    user = await newUser(t.app);
  });
  afterAll(async () => {
    const breaches = await checkLedger(t.app.services.db);
    await t.close();
    expect(breaches).toEqual([]);
  });

  async function loggedIn(): Promise<WsClient> {
    const client = await WsClient.open(`${base}/ws/private`);
    client.send({ op: 'login', args: [{ token: user.token }] });
    expect(await client.next(isEvent('login'))).toMatchObject({ code: '0' });
    return client;
  }

  it('/ws/private answers each malformed frame after login with 60012 and keeps serving', async () => {
    const attacker = await loggedIn();
    for (const [name, frame] of privateMalformed) {
      send(attacker, frame);
      expect(await attacker.next(answer), name).toMatchObject({ event: 'error', code: wsErrorCodes.invalidRequest });
    }
    attacker.send('ping');
    expect(await attacker.next(isPong)).toBe('pong');
    attacker.send({ op: 'subscribe', args: [{ channel: 'orders' }] });
    expect(await attacker.next(answer)).toEqual({ event: 'subscribe', arg: { channel: 'orders' } });

    const other = await loggedIn();
    other.send({ op: 'subscribe', args: [{ channel: 'fills' }] });
    expect(await other.next(answer)).toEqual({ event: 'subscribe', arg: { channel: 'fills' } });
    attacker.close();
    other.close();
  });

  it('/ws/private answers a huge unknown channel with a short 60018', async () => {
    const client = await loggedIn();
    client.send({ op: 'subscribe', args: [{ channel: 'o'.repeat(WS_MAX_MESSAGE_BYTES - 100) }] });
    const reply = (await client.next(answer)) as { code: string; msg: string };
    expect(reply.code).toBe(wsErrorCodes.wrongChannel);
    expect(reply.msg.length).toBeLessThan(100);
    client.close();
  });

  it('/ws/public answers each malformed frame with 60012 and keeps serving', async () => {
    const attacker = await WsClient.open(`${base}/ws/public`);
    for (const [name, frame] of publicMalformed) {
      send(attacker, frame);
      expect(await attacker.next(answer), name).toMatchObject({ event: 'error', code: wsErrorCodes.invalidRequest });
    }
    attacker.send({ op: 'subscribe', args: [{ channel: 'books5', instId: 'X'.repeat(WS_MAX_MESSAGE_BYTES - 100) }] });
    const huge = (await attacker.next(answer)) as { code: string; msg: string };
    expect(huge.code).toBe(wsErrorCodes.wrongChannel);
    // OKX's sentence (about 130 characters) with the echoed names cut short, never the 64 KB sent.
    expect(huge.msg.length).toBeLessThan(400);
    attacker.send('ping');
    expect(await attacker.next(isPong)).toBe('pong');

    const other = await WsClient.open(`${base}/ws/public`);
    other.send({ op: 'subscribe', args: [{ channel: 'books5', instId: 'BTC-USDT' }] });
    expect(await other.next(isEvent('subscribe'))).toMatchObject({ arg: { channel: 'books5', instId: 'BTC-USDT' } });
    const book = (await other.next(isPush('books5', 'BTC-USDT'))) as { data: { asks: unknown[] }[] };
    expect(book.data[0]?.asks.length).toBeGreaterThan(0);
    attacker.close();
    other.close();
  });
});
