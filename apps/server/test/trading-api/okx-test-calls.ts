import type { ApiKeyCreateResponse } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { signedCall } from '../api-keys/api-key-helpers.js';

interface Envelope {
  code: string;
  msg: string;
  data: Record<string, string>[];
}

/** Signed v5 calls of one key. */
export function okxCalls(app: App, key: ApiKeyCreateResponse) {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await signedCall(app, key, { method, path, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.statusCode, ...(res.json() as Envelope) };
  };
  return { get: (path: string) => call('GET', path), post: (path: string, body: unknown) => call('POST', path, body) };
}

/** The last trade price of BTC-USDT as the server's ticker has it. */
export function lastPrice(app: App): number {
  return Number(app.services.market.lastPrice('BTC'));
}
