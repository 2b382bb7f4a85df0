import { randomUUID } from 'node:crypto';
import { SPOT_FEE_RATE, type FillUpdate } from '@exchange/contract';
import type { FillEvent } from '@exchange/engine';
import { systemOwners } from '../ledger/accounts.js';
import { QUOTE_ASSET } from '../market/catalogue.js';
import { Dec } from '../market/decimal.js';
import type { TradeRecord } from '../market/trade-store.js';
import type { LiveOrder } from './types.js';

const FEE = new Dec(SPOT_FEE_RATE);
const ZERO = new Dec(0);

export interface AccountDelta {
  owner: string;
  asset: string;
  /** Available as the pipeline saw it at the start of the batch; only for the placing users. */
  loaded: Dec | null;
  /** `loaded` was read from the database for this batch, not taken from the cache. */
  fresh: boolean;
  da: Dec;
  dl: Dec;
}

export interface JournalRow {
  id: string;
  kind: string;
  userId: string | null;
  ref: string;
  entries: { owner: string; asset: string; amount: string }[];
}

export interface FillRow {
  tradeId: number;
  orderId: string;
  userId: string;
  symbol: string;
  side: string;
  role: 'maker' | 'taker';
  price: string;
  qty: string;
  fee: string;
  feeAsset: string;
  ts: number;
}

/**
 * Everything one batch changes, kept in memory while the engine runs and written in one
 * transaction afterwards: balance deltas per account, holds, order states, journal and fills.
 */
export class BatchState {
  readonly accounts = new Map<string, AccountDelta>();
  /** Orders placed in this batch (their hold and row are inserted). */
  readonly created = new Set<LiveOrder>();
  /** Orders of earlier batches that changed (their hold and row are updated). */
  readonly touched = new Set<LiveOrder>();
  readonly journal: JournalRow[] = [];
  readonly fills: FillRow[] = [];
  readonly fillUpdates: { userId: string; update: FillUpdate }[] = [];

  account(owner: string, asset: string): AccountDelta {
    const key = `${owner}|${asset}`;
    let a = this.accounts.get(key);
    if (!a) {
      a = { owner, asset, loaded: null, fresh: false, da: ZERO, dl: ZERO };
      this.accounts.set(key, a);
    }
    return a;
  }

  /** What the user may still spend in this batch: the balance at its start plus this batch's changes. */
  available(owner: string, asset: string): Dec {
    const a = this.account(owner, asset);
    return (a.loaded ?? ZERO).plus(a.da);
  }

  hold(order: LiveOrder, amount: Dec): void {
    const a = this.account(order.userId, order.holdAsset);
    a.da = a.da.minus(amount);
    a.dl = a.dl.plus(amount);
    order.holdLeft = order.holdLeft.plus(amount);
  }

  markChanged(order: LiveOrder): void {
    if (!this.created.has(order)) this.touched.add(order);
  }

  /** Releases the rest of the hold of an order that left the engine. */
  finish(order: LiveOrder, filled: boolean): void {
    order.open = false;
    order.status = filled ? 'filled' : 'canceled';
    if (order.holdLeft.gt(0)) {
      const a = this.account(order.userId, order.holdAsset);
      a.da = a.da.plus(order.holdLeft);
      a.dl = a.dl.minus(order.holdLeft);
    }
    this.markChanged(order);
  }

  /**
   * Settles one trade. Each user pays the fee out of what they receive (a buyer in the base coin,
   * a seller in USDT), into system:fees; the market maker and the flow trade without fee.
   */
  settleFill(event: FillEvent, trade: TradeRecord, maker: LiveOrder | undefined, taker: LiveOrder | undefined): void {
    const base = trade.symbol;
    const qty = new Dec(trade.qty);
    const quote = qty.mul(trade.price);
    const entries: JournalRow['entries'] = [];
    const credit = (owner: string, asset: string, amount: Dec, fromLocked: boolean): void => {
      if (amount.isZero()) return;
      const a = this.account(owner, asset);
      if (fromLocked) a.dl = a.dl.plus(amount);
      else a.da = a.da.plus(amount);
      entries.push({ owner, asset, amount: amount.toFixed() });
    };
    const sides: [string, LiveOrder | undefined, 'maker' | 'taker'][] = [
      [event.makerOwner, maker, 'maker'],
      [event.takerOwner, taker, 'taker'],
    ];
    let userId: string | null = null;
    for (const [owner, order, role] of sides) {
      const buys = (role === 'taker') === (event.takerSide === 'buy');
      if (!order) {
        credit(owner, QUOTE_ASSET, buys ? quote.neg() : quote, false);
        credit(owner, base, buys ? qty : qty.neg(), false);
        continue;
      }
      userId ??= order.userId;
      const fee = (buys ? qty : quote).mul(FEE);
      const feeAsset = buys ? base : QUOTE_ASSET;
      credit(order.userId, buys ? QUOTE_ASSET : base, (buys ? quote : qty).neg(), true);
      credit(order.userId, feeAsset, (buys ? qty : quote).minus(fee), false);
      credit(systemOwners.fees, feeAsset, fee, false);
      order.holdLeft = order.holdLeft.minus(buys ? quote : qty);
      order.filled = order.filled.plus(qty);
      order.filledQuote = order.filledQuote.plus(quote);
      order.fee = order.fee.plus(fee);
      if (order.open) order.status = 'partially filled';
      this.markChanged(order);
      const row: FillRow = {
        tradeId: trade.id,
        orderId: order.id,
        userId: order.userId,
        symbol: base,
        side: order.side,
        role,
        price: trade.price,
        qty: trade.qty,
        fee: fee.toFixed(),
        feeAsset,
        ts: trade.ts,
      };
      this.fills.push(row);
      this.fillUpdates.push({
        userId: order.userId,
        update: {
        order_id: order.id,
        trade_id: String(trade.id),
        coin_id: order.coin.pair_id,
        symbol: base,
        side: order.side,
        price: trade.price,
        amount: trade.qty,
        fee: row.fee,
        fee_asset: feeAsset,
        role,
        ts: trade.ts,
        },
      });
    }
    this.journal.push({ id: randomUUID(), kind: 'spot_fill', userId, ref: String(trade.id), entries });
  }
}
