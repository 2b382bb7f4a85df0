import { describe, expect, it } from 'vitest';
import { privateWsMessage, publicWsMessage } from '../src/index.js';

const json = (value: unknown) => JSON.stringify(value);

describe('websocket messages', () => {
  it('read the ping and the requests the web client sends', () => {
    expect(publicWsMessage.parse('ping')).toBe('ping');
    expect(privateWsMessage.parse('ping')).toBe('ping');
    const subscribe = { op: 'subscribe', args: [{ channel: 'books5', instId: 'BTC-USDT' }] };
    expect(publicWsMessage.parse(json(subscribe))).toEqual(subscribe);
    const login = { op: 'login', args: [{ token: 'a.b.c' }] };
    expect(privateWsMessage.parse(json(login))).toEqual(login);
    const orders = { op: 'unsubscribe', args: [{ channel: 'orders' }] };
    expect(privateWsMessage.parse(json(orders))).toEqual(orders);
  });

  it('keep unknown channel and instId text, which the server answers per arg', () => {
    const request = { op: 'subscribe', args: [{ channel: 'candles9', instId: 'NOPE-USDT' }] };
    expect(publicWsMessage.parse(json(request))).toEqual(request);
    expect(privateWsMessage.parse(json({ op: 'subscribe', args: [{ channel: 'balances' }] }))).toMatchObject({
      args: [{ channel: 'balances' }],
    });
  });

  it('drop keys nobody reads', () => {
    const request = { op: 'subscribe', args: [{ channel: 'trades', instId: 'ETH-USDT', junk: { deep: [1, 2] } }] };
    expect(publicWsMessage.parse(json(request))).toEqual({ op: 'subscribe', args: [{ channel: 'trades', instId: 'ETH-USDT' }] });
  });

  it.each([
    ['an object as channel', json({ op: 'subscribe', args: [{ channel: { toString: 1 } }] })],
    ['an object as channel (unsubscribe)', json({ op: 'unsubscribe', args: [{ channel: { toString: 1 } }] })],
    ['an array as channel', json({ op: 'subscribe', args: [{ channel: ['orders'] }] })],
    ['a number as channel', json({ op: 'subscribe', args: [{ channel: 5 }] })],
    ['args not an array', json({ op: 'subscribe', args: { channel: 'orders' } })],
    ['a null arg', json({ op: 'subscribe', args: [null] })],
    ['a login without a token', json({ op: 'login', args: [] })],
    ['a token that is no text', json({ op: 'login', args: [{ token: 1 }] })],
    ['an unknown op', json({ op: 'order', args: [] })],
    ['broken JSON', '{"op":'],
    ['a bare value', '42'],
    ['a binary frame (read as null)', null],
  ])('refuse %s on the private socket', (_name, message) => {
    expect(privateWsMessage.safeParse(message).success).toBe(false);
  });

  it.each([
    ['an object as channel', json({ op: 'subscribe', args: [{ channel: { toString: 1 }, instId: 'BTC-USDT' }] })],
    ['a number as instId', json({ op: 'subscribe', args: [{ channel: 'books5', instId: 7 }] })],
    ['args not an array', json({ op: 'subscribe', args: 'books5' })],
    ['a login', json({ op: 'login', args: [{ token: 'x' }] })],
    ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
  ])('refuse %s on the public socket', (_name, message) => {
    expect(publicWsMessage.safeParse(message).success).toBe(false);
  });
});
