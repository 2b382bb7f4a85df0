import type { OkxFill, OkxOrder, OkxTradeListQuery } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { OkxError, okxCodes } from '../api-keys/index.js';
import { futuresUserFills, futuresUserOrder, futuresUserOrders, storedPositionMode, type FuturesPage } from '../futures/index.js';
import { clientIdsOf, NO_CLIENT_IDS } from './client-ids.js';
import { pageOf } from './list-params.js';
import { isContractInstId, swapOrderIdOf } from './swap-orders.js';
import { okxSwapFillOf, okxSwapOrderOf } from './swap-shapes.js';

/**
 * A list call about contracts: `instType` SWAP or FUTURES, or no type and a contract's `instId`.
 * Without either a list answers spot's rows (docs/trading-api.md).
 */
export function isSwapList(query: OkxTradeListQuery): boolean {
  if (query.instType === 'SWAP' || query.instType === 'FUTURES') return true;
  return (query.instType === undefined || query.instType === '') && isContractInstId(query.instId);
}

/**
 * The user reads in net mode (one-way): their rows say posSide net. The mode now, as it can only
 * change with no position open and no order resting, so every live row was made in it.
 */
const netMode = async (db: Database, userId: string): Promise<boolean> => (await storedPositionMode(db, userId)) === 'one_way';

function futuresPage(query: OkxTradeListQuery, userId: string, now: Date, windowMs: number | null): FuturesPage {
  const page = pageOf(query, userId, now, windowMs);
  const kind = query.instType === 'SWAP' || query.instType === 'FUTURES' ? query.instType : undefined;
  return { ...page, kind };
}

/** GET trade/order for a contract: the user's order by ordId or clOrdId, else 51603. */
export async function swapOrderRead(db: Database, userId: string, query: { instId?: string; ordId?: string; clOrdId?: string }): Promise<OkxOrder> {
  const orderId = await swapOrderIdOf(db, userId, query);
  const found = orderId ? await futuresUserOrder(db, userId, orderId) : null;
  // Another user's order is not there for this key, as one that never existed.
  if (!found || found.instId !== query.instId?.trim().toUpperCase()) throw new OkxError(okxCodes.orderMissing);
  const ids = await clientIdsOf(db, userId, [found.id]);
  return okxSwapOrderOf(found, ids.get(found.id) ?? NO_CLIENT_IDS, await netMode(db, userId));
}

/** A page of the user's contract orders, open or ended within `windowMs`. */
export async function swapOrderList(db: Database, now: Date, query: OkxTradeListQuery, userId: string, open: boolean, windowMs: number | null): Promise<OkxOrder[]> {
  const rows = await futuresUserOrders(db, open, futuresPage(query, userId, now, windowMs));
  const ids = await clientIdsOf(db, userId, rows.map((o) => o.id));
  const net = await netMode(db, userId);
  return rows.map((o) => okxSwapOrderOf(o, ids.get(o.id) ?? NO_CLIENT_IDS, net));
}

/** A page of the user's fills on contracts within `windowMs`. */
export async function swapFillList(db: Database, now: Date, query: OkxTradeListQuery, userId: string, windowMs: number): Promise<OkxFill[]> {
  const rows = await futuresUserFills(db, futuresPage(query, userId, now, windowMs));
  const ids = await clientIdsOf(db, userId, rows.map((f) => f.orderId).filter((id) => id !== ''));
  const net = await netMode(db, userId);
  return rows.map((f) => okxSwapFillOf(f, ids.get(f.orderId) ?? NO_CLIENT_IDS, net));
}
