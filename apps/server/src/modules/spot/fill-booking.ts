import type { FillUpdate } from '@exchange/contract';
import { systemOwners } from '../../ledger/accounts.js';
import type { LedgerTx } from '../../ledger/ledger.js';
import type { VenueCommitted, VenueEvent, VenueFill } from '../../venue/events.js';
import { tradesWriter } from '../../venue/trade-records.js';
import type { Venue } from '../../venue/venue.js';
import { fillsWriter, ordersUpdateWriter } from './records.js';
import { settleTrade, type FeeRateOf } from './settlement.js';
import type { LiveOrder } from './types.js';

/** What one venue saw in one batch, published on the bus once the batch committed. */
export interface VenueChanges {
  events: VenueEvent[];
  orders: Set<LiveOrder>;
  fills: { userId: string; update: FillUpdate }[];
}

export interface SpotBatch {
  venues: Map<string, VenueChanges>;
  created: Set<LiveOrder>;
  updated: Set<LiveOrder>;
  messages: VenueCommitted[];
  /** The rate each user's fill pays in this batch (their fee tier's maker or taker rate). */
  feeRate: FeeRateOf;
}

const isSimulatedMarket = (owner: string): boolean => owner === systemOwners.marketMaker || owner === systemOwners.marketFlow;

/** Books what the engine did: fills settle in the ledger, ended orders give back the rest of their hold. */
export function bookEvents(live: Map<string, LiveOrder>, tx: LedgerTx, b: SpotBatch, venue: Venue, events: readonly VenueEvent[]): void {
  const ch = changesOf(b, venue.instId);
  for (const e of events) {
    ch.events.push(e);
    if (e.type === 'fill') {
      bookFill(live, tx, b, ch, venue, e);
    } else if (e.type === 'done') {
      const o = live.get(e.orderId);
      if (!o) continue;
      tx.release(o.hold);
      o.open = false;
      o.status = e.status === 'filled' ? 'filled' : 'canceled';
      live.delete(o.id);
      changed(tx, b, ch, o);
    } else if (e.type === 'triggered') {
      const o = live.get(e.orderId);
      if (!o) continue;
      o.triggered = true;
      changed(tx, b, ch, o);
    }
  }
}

function bookFill(live: ReadonlyMap<string, LiveOrder>, tx: LedgerTx, b: SpotBatch, ch: VenueChanges, venue: Venue, e: VenueFill): void {
  const { trade } = e;
  tx.record(tradesWriter, trade);
  const maker = live.get(e.makerOrderId);
  const taker = live.get(e.takerOrderId);
  // Trades inside the simulated market move no balance; another system owner (the convert desk's
  // hedge) trading with it is booked like a user without a hold.
  if (!maker && !taker && isSimulatedMarket(e.makerOwner) && isSimulatedMarket(e.takerOwner)) return;
  const { legs, sides } = settleTrade(
    trade,
    venue.coin.symbol,
    { owner: e.makerOwner, hold: maker?.hold ?? null, feeRate: maker ? b.feeRate(maker.userId, 'maker') : undefined },
    { owner: e.takerOwner, hold: taker?.hold ?? null, feeRate: taker ? b.feeRate(taker.userId, 'taker') : undefined },
  );
  tx.post({ kind: 'spot_fill', userId: (maker ?? taker)?.userId ?? null, ref: String(trade.id), legs });
  for (const s of sides) {
    const o = s.role === 'maker' ? maker : taker;
    if (!o) continue;
    o.filled = o.filled.plus(s.qty);
    o.filledQuote = o.filledQuote.plus(s.quote);
    o.fee = o.fee.plus(s.fee);
    if (o.open) o.status = 'partially filled';
    changed(tx, b, ch, o);
    const fee = s.fee.toFixed();
    tx.record(fillsWriter, {
      tradeId: trade.id,
      orderId: o.id,
      userId: o.userId,
      symbol: trade.symbol,
      side: o.side,
      role: s.role,
      price: trade.price,
      qty: trade.qty,
      fee,
      feeAsset: s.feeAsset,
      ts: trade.ts,
    });
    ch.fills.push({
      userId: o.userId,
      update: {
        order_id: o.id,
        trade_id: String(trade.id),
        coin_id: o.coin.pair_id,
        symbol: trade.symbol,
        side: o.side,
        price: trade.price,
        amount: trade.qty,
        fee,
        fee_asset: s.feeAsset,
        role: s.role,
        ts: trade.ts,
      },
    });
  }
}

/** The order goes into this batch's write (once) and its venue's message. */
function changed(tx: LedgerTx, b: SpotBatch, ch: VenueChanges, o: LiveOrder): void {
  ch.orders.add(o);
  if (b.created.has(o) || b.updated.has(o)) return;
  b.updated.add(o);
  tx.record(ordersUpdateWriter, o);
}

export function changesOf(b: SpotBatch, instId: string): VenueChanges {
  let ch = b.venues.get(instId);
  if (!ch) {
    ch = { events: [], orders: new Set(), fills: [] };
    b.venues.set(instId, ch);
  }
  return ch;
}
