import type { AddressInfo } from 'node:net';
import ccxt, { type Exchange } from 'ccxt';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { FEATURE_DB, signUpUser, startApp, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { fund } from '../trading/trading-helpers.js';

/** An order's id as ccxt parsed it: always there for this server's orders. */
export const idOf = (order: { id?: string }): string => String(order.id);

/** Listens on a free local port; answers the base URL a ccxt client is given. */
export async function listenLocally(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/**
 * ccxt's `okx` class with only its REST URL changed, signed with `key` when one is given; with
 * `markets` set it loads none itself.
 */
export function okxClient(base: string, key?: ApiKeyCreateResponse, extra: { markets?: Exchange['markets']; options?: Record<string, unknown> } = {}): Exchange {
  const exchange = new ccxt.okx({
    urls: { api: { rest: base } },
    enableRateLimit: false,
    ...(key && { apiKey: key.api_key, secret: key.secret_key, password: key.passphrase }),
    ...(extra.options && { options: extra.options }),
  });
  if (extra.markets) exchange.setMarkets(extra.markets);
  return exchange;
}

/**
 * The app on a local port with the market a step on, and its markets as a key-less client loads
 * them (its loadMarkets asks no private call), for the keyed clients to share.
 */
export async function startForCcxt(): Promise<{ t: TestApp; base: string; markets: Exchange['markets'] }> {
  const t = await startApp(FEATURE_DB);
  const base = await listenLocally(t);
  await t.app.services.simulation.step(t.app.services.market.now + 1000);
  return { t, base, markets: await okxClient(base).loadMarkets() };
}

/** A key with `permissions` of a new user holding `coins`. */
export async function keyWithCoins(t: TestApp, tag: string, permissions: string[], coins: Record<string, string>): Promise<ApiKeyCreateResponse> {
  const user = await signUpUser(t.app, tag);
  for (const [asset, amount] of Object.entries(coins)) await fund(t.app, user.userId, asset, amount);
  return createKey(t.app, user, { label: tag, permissions });
}
