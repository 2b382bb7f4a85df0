import { expect } from 'vitest';
import {
  DEFAULT_API_KEY,
  closePositionResponse,
  futuresContractsResponse,
  futuresPositionsResponse,
  openFuturesResponse,
  userFuturesResponse,
  type FuturesContract,
  type FuturesPosition,
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

/** An order's history row (GET /user-futures), by its id. */
export async function orderRow(app: App, user: TestUser, id: string): Promise<FuturesPositionRow> {
  const row = (await positions(app, user)).find((r) => r.future_id === id);
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

export async function userPositionList(app: App, user: TestUser, status: 'open' | 'closed' | 'all' = 'all'): Promise<FuturesPosition[]> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/futures/positions?status=${status}&limit=500&apikey=${DEFAULT_API_KEY}`, headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return futuresPositionsResponse.parse(res.json());
}

/** The position an order's fills went to (GET /futures/positions); the order's own row while nothing filled. */
export type PositionView = Omit<FuturesPosition, 'status'> & { status: FuturesPositionRow['status'] };

export async function positionOf(app: App, user: TestUser, orderId: string): Promise<PositionView> {
  const row = await orderRow(app, user, orderId);
  if (row.position_id === null) {
    return {
      position_id: '',
      inst_id: row.inst_id,
      symbol: row.symbol,
      side: row.side,
      position_type: row.position_type,
      leverage: row.leverage,
      amount: row.amount,
      entry_price: row.entry_price,
      mark_price: row.mark_price,
      liquidation_price: row.liquidation_price,
      margin: row.margin,
      max_removable_margin: null,
      margin_ratio: row.margin_ratio,
      unrealized_pnl: row.unrealized_pnl,
      realized_pnl: row.realized_pnl,
      fee: row.fee,
      funding: row.funding,
      close_price: row.close_price,
      closing_amount: '0',
      take_profit: row.take_profit,
      stop_loss: row.stop_loss,
      trigger_by: 'mark',
      status: row.status,
      created_at: row.date,
      closed_at: row.closed_at,
    };
  }
  const found = (await userPositionList(app, user)).find((p) => p.position_id === row.position_id);
  if (!found) throw new Error(`no position ${row.position_id}`);
  return found;
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

/** The actions of the fills of the position an order filled into. */
export async function fillActions(app: App, orderId: string): Promise<string[]> {
  const res = await app.services.db.query<{ action: string }>(
    'SELECT action FROM futures_fills WHERE position_id = (SELECT position_id FROM futures_positions WHERE id = $1) ORDER BY id',
    [orderId],
  );
  return res.rows.map((r) => r.action);
}
