import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  okxWsEvent,
  okxWsOpReply,
  okxWsPush,
  privateWsAck,
  privateWsPush,
  publicWsAck,
  publicWsPush,
  WS_MAX_MESSAGE_BYTES,
  wsErrorEvent,
  wsLoginEvent,
} from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { signUpUser, startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { loginFrame } from '../trading-api-ws/okx-ws-helpers.js';
import { newUser, type TestUser } from '../trading/trading-helpers.js';
import { isEvent, isPong, isPush, WsClient, type WsMessage } from '../ws-client.js';

/** Frames per socket: the whole file stays well under 20 s on the shared machine. */
const RUNS = 600;
const SEED = 20_241_123;

type Frame = { text: string } | { binary: Uint8Array };

/**
 * At most 3 bytes per UTF-16 unit, so every text frame stays under the 64 KB the server accepts at
 * all (a larger one is a protocol error that closes the socket with 1009) while reaching past the
 * 16 KB a request may have.
 */
const MAX_FRAME_UNITS = 20_000;

/** JSON number and value spellings that parsers disagree on; NaN and Infinity are not JSON at all. */
const oddLiteral = fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '-0', '1e-30', '0x10', 'undefined', 'null', 'true', '""', '"\\u0000"', '{}', '[]');

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('orders', 'fills', 'books5', 'bbo-tbt', 'tickers', 'trades', 'candle1m', 'candle1Mutc', 'candle', 'account', 'positions', 'BTC-USDT', 'BTC-USDT-SWAP', 'eth-usdt', 'SPOT', 'ANY', '__proto__', 'constructor', '\u0000', 'ping'),
);

/** A long run of one character, up to a little past the size limit. */
const huge = fc
  .tuple(fc.integer({ min: 1, max: WS_MAX_MESSAGE_BYTES + 2048 }), fc.constantFrom('a', 'é', '\u0000', '😀', '"'))
  .map(([length, ch]) => ch.repeat(Math.ceil(length / Buffer.byteLength(ch))));

const nesting = fc
  .tuple(fc.integer({ min: 1, max: 6000 }), fc.constantFrom(['[', ']'], ['{"a":', '}'], ['{"channel":', '}']))
  .map(([depth, [open, close]]) => `${open.repeat(depth)}1${close.repeat(depth)}`);

/** Names that shadow what code calls on a value it takes for a string: {"toString":1} ended the server once. */
const shadowName = fc.constantFrom('toString', 'valueOf', '__proto__', 'constructor', 'toJSON', 'then', 'length');
const key = fc.oneof(fc.string(), shadowName);

const scalar = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), huge);

/** An object standing where text belongs, whose own keys shadow the prototype's methods. */
const impostor = fc.dictionary(shadowName, fc.oneof(scalar, fc.jsonValue({ maxDepth: 2 })), { minKeys: 1 });

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  scalar,
  fc.jsonValue({ maxDepth: 4 }),
  fc.object({ key, maxDepth: 3 }),
  impostor,
);

/** A field of a request: usually what a client sends, often anything else. */
const field = fc.oneof(text, anyValue);

const arg = fc.record(
  { channel: field, instId: field, token: field, instType: field, ordId: field, clOrdId: field, side: field, ordType: field, tdMode: field, sz: field, px: field },
  { requiredKeys: [] },
);

/** The ops of both protocols: the web's sockets and OKX's private one (its order entry included). */
const OPS = ['subscribe', 'unsubscribe', 'login', 'order', 'batch-orders', 'cancel-order', 'batch-cancel-orders', 'amend-order'] as const;

/** A request with a real op and an args array, wrong only in its fields: it reaches the handlers. */
const shapedRequest = fc
  .record({
    id: fc.oneof(fc.constantFrom('1', 'a2', ''), field),
    op: fc.constantFrom(...OPS),
    args: fc.array(arg, { minLength: 1, maxLength: 4 }),
  })
  .map((value) => JSON.stringify(value));

const request = fc
  .record(
    {
      op: fc.oneof(fc.constantFrom(...OPS, ''), anyValue),
      args: fc.oneof(fc.array(fc.oneof(arg, anyValue), { maxLength: 5 }), anyValue),
    },
    { requiredKeys: [] },
  )
  .map((value) => JSON.stringify(value));

/** A request whose value slots hold a literal JSON.stringify would never write. */
const literalRequest = fc
  .tuple(fc.constantFrom('subscribe', 'unsubscribe', 'login'), oddLiteral, oddLiteral)
  .map(([o, a, b]) => `{"op":"${o}","args":[{"channel":${a},"instId":${b},"token":${a}}]}`);

/** A well-formed frame cut short or with one character changed. */
const damaged = fc
  .tuple(request, fc.nat(), fc.constantFrom('', '"', '\u0000', '}', '\\', '\ud800'))
  .map(([json, at, insert]) => {
    const i = json.length === 0 ? 0 : at % json.length;
    return json.slice(0, i) + insert + json.slice(i + 1);
  });

const textFrame = fc
  .oneof(
    { arbitrary: shapedRequest, weight: 4 },
    { arbitrary: request, weight: 2 },
    { arbitrary: damaged, weight: 2 },
    { arbitrary: literalRequest, weight: 1 },
    { arbitrary: text, weight: 1 },
    { arbitrary: huge, weight: 1 },
    { arbitrary: nesting, weight: 1 },
    { arbitrary: oddLiteral, weight: 1 },
  )
  .map((t): Frame => ({ text: t.slice(0, MAX_FRAME_UNITS) }));

const frame: fc.Arbitrary<Frame> = fc.oneof(
  { arbitrary: textFrame, weight: 9 },
  { arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes): Frame => ({ binary: bytes })), weight: 1 },
);

function send(client: WsClient, f: Frame): void {
  if ('text' in f) client.send(f.text);
  else client.sendBinary(Buffer.from(f.binary));
}

/** Sends a ping and waits for its pong: the frames before it were handled and the socket lives. */
async function stillServing(client: WsClient): Promise<void> {
  client.send('ping');
  await client.next(isPong);
}

const publicAnswer = (m: WsMessage) =>
  [wsErrorEvent, publicWsAck, publicWsPush].some((schema) => schema.safeParse(m).success);
const privateAnswer = (m: WsMessage) =>
  [wsErrorEvent, wsLoginEvent, privateWsAck, privateWsPush].some((schema) => schema.safeParse(m).success);
/** OKX's private socket: its events (errors, login, subscribe acks), its op replies, its pushes. */
const okxAnswer = (m: WsMessage) => [okxWsEvent, okxWsOpReply, okxWsPush].some((schema) => schema.safeParse(m).success);

describe('websocket fuzz', () => {
  let t: TestApp;
  let base: string;
  let user: TestUser;
  let okxLogin: object;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    user = await newUser(t.app);
    const keyOwner = await signUpUser(t.app, 'ws-fuzz-key');
    okxLogin = loginFrame(await createKey(t.app, keyOwner, { label: 'fuzz', permissions: ['read', 'trade'] }));
  });
  afterAll(() => t.close());

  async function loggedIn(): Promise<WsClient> {
    const client = await WsClient.open(`${base}/ws/private`);
    client.send({ op: 'login', args: [{ token: user.token }] });
    expect(await client.next(isEvent('login'))).toEqual({ event: 'login', code: '0' });
    return client;
  }

  it('answers random and malformed frames on both sockets with the contract shapes, and keeps serving', async () => {
    const publicSocket = await WsClient.open(`${base}/ws/public`);
    const businessSocket = await WsClient.open(`${base}/ws/v5/business`);
    const privateSocket = await loggedIn();
    const anonymous = await WsClient.open(`${base}/ws/private`);
    const okxSocket = await WsClient.open(`${base}/ws/v5/private`);
    okxSocket.send(okxLogin);
    await okxSocket.next(isEvent('login'));
    const okxAnonymous = await WsClient.open(`${base}/ws/v5/private`);
    const sockets = [publicSocket, businessSocket, privateSocket, anonymous, okxSocket, okxAnonymous];

    // The sockets are shared by every run, so a failure is reported as found, not shrunk.
    await fc.assert(
      fc.asyncProperty(frame, async (f) => {
        for (const s of sockets) send(s, f);
        for (const s of sockets) await stillServing(s);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );

    const publicFrames = [...publicSocket.drain(), ...businessSocket.drain()].filter((m) => m !== 'pong');
    const privateFrames = [...privateSocket.drain(), ...anonymous.drain()].filter((m) => m !== 'pong');
    const okxFrames = [...okxSocket.drain(), ...okxAnonymous.drain()].filter((m) => m !== 'pong');
    expect(okxFrames.length).toBeGreaterThan(RUNS / 2);
    expect(okxFrames.filter((m) => !okxAnswer(m))).toEqual([]);
    expect(publicFrames.length).toBeGreaterThan(RUNS / 2);
    expect(publicFrames.filter((m) => !publicAnswer(m))).toEqual([]);
    expect(privateFrames.filter((m) => !privateAnswer(m))).toEqual([]);
    for (const s of sockets) expect(s.isOpen).toBe(true);

    const viewer = await WsClient.open(`${base}/ws/public`);
    viewer.send({ op: 'subscribe', args: [{ channel: 'books5', instId: 'BTC-USDT' }] });
    await viewer.next(isPush('books5', 'BTC-USDT'));
    const charter = await WsClient.open(`${base}/ws/v5/business`);
    charter.send({ op: 'subscribe', args: [{ channel: 'candle1m', instId: 'BTC-USDT' }] });
    await charter.next(isPush('candle1m', 'BTC-USDT'));
    charter.close();
    const trader = await loggedIn();
    trader.send({ op: 'subscribe', args: [{ channel: 'orders' }] });
    expect(await trader.next(isEvent('subscribe'))).toEqual({ event: 'subscribe', arg: { channel: 'orders' } });
    for (const s of [...sockets, viewer, trader]) s.close();

    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });
});
