import ccxt, { type Exchange } from 'ccxt';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { okxSign } from '../../src/modules/api-keys/index.js';
import { isEvent, WsClient, type WsMessage } from '../ws-client.js';

/** OKX's websocket login of a key, with what a test changes to make it wrong. */
export function loginFrame(key: ApiKeyCreateResponse, change: { timestamp?: string; passphrase?: string; secret?: string } = {}) {
  const timestamp = change.timestamp ?? String(Math.floor(Date.now() / 1000));
  return {
    op: 'login',
    args: [
      {
        apiKey: key.api_key,
        passphrase: change.passphrase ?? key.passphrase,
        timestamp,
        sign: okxSign(change.secret ?? key.secret_key, timestamp, 'GET', '/users/self/verify'),
      },
    ],
  };
}

/** A socket of /ws/v5/private (or /ws/v5/business, where the algo orders are) logged in with the key. */
export async function loggedIn(base: string, key: ApiKeyCreateResponse, url: 'private' | 'business' = 'private'): Promise<WsClient> {
  const client = await WsClient.open(`${base}/ws/v5/${url}`);
  client.send(loginFrame(key));
  await client.next(isEvent('login'));
  return client;
}

/** The reply to the request with this id. */
export const isReply =
  (id: string) =>
  (m: WsMessage): m is Record<string, unknown> =>
    typeof m === 'object' && m.id === id && 'op' in m;

/** The first row of an `orders` push naming this order. */
export const isOrderPush =
  (ordId: string) =>
  (m: WsMessage): boolean =>
    typeof m === 'object' && (m.arg as { channel?: string } | undefined)?.channel === 'orders' && Array.isArray(m.data) && (m.data as { ordId?: string }[]).some((o) => o.ordId === ordId);

/**
 * ccxt's REST `okx` and ccxt pro's `okx` of a hedged key, pointed at the server at `http` (its
 * websocket at the same address), sharing one loadMarkets.
 */
export async function hedgedCcxt(http: string, key: ApiKeyCreateResponse): Promise<{ rest: Exchange; pro: Exchange }> {
  const urls = { api: { rest: http, ws: `${http.replace('http:', 'ws:')}/ws/v5` } };
  const credentials = { apiKey: key.api_key, secret: key.secret_key, password: key.passphrase, options: { hedged: true } };
  const markets = await new ccxt.okx({ urls, enableRateLimit: false }).loadMarkets();
  const rest = new ccxt.okx({ urls, enableRateLimit: false, ...credentials });
  rest.setMarkets(markets);
  const pro = new ccxt.pro.okx({ urls, enableRateLimit: false, ...credentials });
  pro.setMarkets(markets);
  await pro.loadHttpProxyAgent();
  return { rest, pro };
}
