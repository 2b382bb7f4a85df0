import { expect } from 'vitest';
import {
  DEFAULT_API_KEY,
  closePositionResponse,
  futuresContractsResponse,
  openFuturesResponse,
  userFuturesResponse,
  type FuturesContract,
  type FuturesPositionRow,
} from '@exchange/contract';
import type { App } from '../../src/app.js';
import { balancesOf } from '../../src/ledger/accounts.js';
import { Dec } from '../../src/shared/decimal.js';
import { accountRef } from '../../src/ledger/postings.js';
import { bearer } from '../helpers.js';
import type { TestUser } from '../trading/trading-helpers.js';

export async function toFutures(app: App, user: TestUser, amount: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/transfers',
    headers: bearer(user.token),
    payload: { apikey: DEFAULT_API_KEY, uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount },
  });
  expect(res.statusCode, res.body).toBe(201);
}

export interface OpenParams {
  side: 'long' | 'short';
  amount: string;
  leverage?: number;
  order_type?: 'limit' | 'market';
  entry_price?: string;
  symbol?: string;
  margin_mode?: 'isolated' | 'cross';
  take_profit?: string;
  stop_loss?: string;
  uid?: number;
}

export function openUrl(user: TestUser, p: OpenParams): string {
  const q = new URLSearchParams({
    apikey: DEFAULT_API_KEY,
    uid: String(p.uid ?? user.uid),
    transaction_type: p.side === 'long' ? 'BUY MORE' : 'SELL SHORT',
    symbol: p.symbol ?? 'BTC',
    amount: p.amount,
    leverage: String(p.leverage ?? 20),
    side: p.side,
    order_type: p.order_type ?? 'market',
    margin_mode: p.margin_mode ?? 'isolated',
  });
  if (p.entry_price) q.set('entry_price', p.entry_price);
  if (p.take_profit) q.set('take_profit', p.take_profit);
  if (p.stop_loss) q.set('stop_loss', p.stop_loss);
  return `/api/v1/futures?${q.toString()}`;
}

export function openPosition(app: App, user: TestUser, p: OpenParams) {
  return app.inject({ method: 'POST', url: openUrl(user, p), headers: bearer(user.token) });
}

export async function openOk(app: App, user: TestUser, p: OpenParams) {
  const res = await openPosition(app, user, p);
  expect(res.statusCode, res.body).toBe(200);
  return openFuturesResponse.parse(res.json());
}

export async function positions(app: App, user: TestUser): Promise<FuturesPositionRow[]> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/user-futures/${user.uid}?apikey=${DEFAULT_API_KEY}`, headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return userFuturesResponse.parse(res.json());
}

export async function positionOf(app: App, user: TestUser, id: string): Promise<FuturesPositionRow> {
  const row = (await positions(app, user)).find((r) => r.future_id === id);
  if (!row) throw new Error(`no position ${id}`);
  return row;
}

export function closePosition(app: App, user: TestUser, id: string) {
  return app.inject({ method: 'PUT', url: `/api/v1/close-position?future_id=${id}&apikey=${DEFAULT_API_KEY}`, headers: bearer(user.token) });
}

export async function closeOk(app: App, user: TestUser, id: string) {
  const res = await closePosition(app, user, id);
  expect(res.statusCode, res.body).toBe(200);
  return closePositionResponse.parse(res.json());
}

export async function contract(app: App, instId = 'BTC-USDT-SWAP'): Promise<FuturesContract> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/futures/contracts?apikey=${DEFAULT_API_KEY}` });
  expect(res.statusCode, res.body).toBe(200);
  const found = futuresContractsResponse.parse(res.json()).find((c) => c.inst_id === instId);
  if (!found) throw new Error(`no contract ${instId}`);
  return found;
}

/** A user's futures USDT: available and locked. */
export async function futuresWallet(app: App, userId: string): Promise<{ available: Dec; locked: Dec }> {
  const row = (await balancesOf(app.services.db, userId)).find((b) => b.asset === 'USDT' && b.wallet === 'futures');
  return { available: new Dec(row?.available ?? '0'), locked: new Dec(row?.locked ?? '0') };
}

/** One step of the market at `ms`, then a tick of the kernel clock, as the running server does each second. */
export async function stepMarket(app: App, ms: number): Promise<void> {
  await app.services.simulation.step(ms);
  await app.services.clock.tick(ms);
}

/** Pins the index of a contract's coin (the test hook) and steps the market so quotes, mark and risk follow. */
export async function driveIndex(app: App, symbol: string, price: string, clock: { ms: number }, steps = 2): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/test/futures/index', payload: { symbol, price } });
  expect(res.statusCode, res.body).toBe(200);
  for (let i = 0; i < steps; i++) {
    clock.ms += 5_000;
    await stepMarket(app, clock.ms);
  }
}

/** Puts money into the insurance fund through the app's own ledger (its cached balance stays exact). */
export async function fundInsurance(app: App, amount: string): Promise<void> {
  const value = new Dec(amount);
  await app.services.ledger.transact({
    run: (tx) =>
      tx.post({
        kind: 'test_insurance_seed',
        userId: null,
        ref: null,
        legs: [
          { account: accountRef('system:demo-grant', 'USDT', 'futures'), amount: value.neg() },
          { account: accountRef('system:insurance', 'USDT', 'futures'), amount: value },
        ],
      }),
  });
}

export async function insuranceFund(app: App): Promise<Dec> {
  return (await futuresWallet(app, 'system:insurance')).available;
}

export async function fillActions(app: App, positionId: string): Promise<string[]> {
  const res = await app.services.db.query<{ action: string }>('SELECT action FROM futures_fills WHERE position_id = $1 ORDER BY id', [positionId]);
  return res.rows.map((r) => r.action);
}
