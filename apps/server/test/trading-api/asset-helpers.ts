import { expect } from 'vitest';
import { DEFAULT_API_KEY } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { bearer, latestCode, type SignedUpUser } from '../helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');
export const TRC20 = trc20;
/** USDT's withdrawal fee on TRC20, which OKX's `amt` leaves out. */
export const TRC20_USDT_FEE = trc20.coins.find((c) => c.symbol === 'USDT')?.withdraw_fee ?? '';

/** Puts a TRC20 address in the user's address book, with the mailed code as the web does. */
export async function saveAddress(app: App, u: SignedUpUser, address: string): Promise<void> {
  const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, headers: bearer(u.token), payload: { apikey: DEFAULT_API_KEY, uid: u.uid, ...payload } });
  expect((await post('/api/v1/withdraw-addresses/code', {})).statusCode).toBe(200);
  const saved = await post('/api/v1/withdraw-addresses', { label: 'bot payout', network_id: TRC20.id, address, code: await latestCode(app, u.email) });
  expect(saved.statusCode, saved.body).toBe(201);
}

/** A deposit sent from the chain simulator to the user's TRC20 address. */
export async function simulateDeposit(app: App, u: SignedUpUser, amount: string): Promise<void> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/simulated-chain/deposits',
    headers: bearer(u.token),
    payload: { apikey: DEFAULT_API_KEY, uid: u.uid, network_id: TRC20.id, symbol: 'USDT', amount },
  });
  expect(sent.statusCode, sent.body).toBe(200);
}
