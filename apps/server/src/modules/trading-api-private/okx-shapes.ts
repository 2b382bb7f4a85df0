import type { OkxFill, OkxOrder, OkxOrdType } from '@exchange/contract';
import { Dec } from '../../shared/decimal.js';
import type { FillRead, OrderRead } from '../spot/index.js';
import type { ClientIds } from './client-ids.js';

const STATE = { pending: 'live', 'partially filled': 'partially_filled', filled: 'filled', canceled: 'canceled' } as const;

type Order = OrderRead['order'];
/**
 * What an order's OKX fields come from: a stored order, or the private feed's state of one (which has
 * no time in force, a limit, nor a budget, an amount in the base).
 */
export type OkxOrderSource = Pick<
  Order,
  'id' | 'instId' | 'side' | 'execType' | 'price' | 'amount' | 'filled' | 'filledQuote' | 'fee' | 'feeAsset' | 'status' | 'createdAt' | 'clOrdId' | 'tag'
> &
  Partial<Pick<Order, 'tif' | 'budget'>>;

/** OKX's ordType of an order: its time in force; a market order, or a web stop-limit (a limit once triggered). */
function ordTypeOf(o: OkxOrderSource): OkxOrdType {
  if (o.execType === 'market') return 'market';
  if (o.tif === 'POST_ONLY') return 'post_only';
  if (o.tif === 'IOC') return 'ioc';
  if (o.tif === 'FOK') return 'fok';
  return 'limit';
}

/** A stored numeric (18 places) as OKX writes numbers: no trailing zeros. */
export const num = (value: string): string => new Dec(value).toFixed();
/** OKX counts a charged fee as negative. */
export const charged = (fee: string): string => (new Dec(fee).isZero() ? '0' : new Dec(fee).neg().toFixed());

/** A spot order in OKX's words (GET /trade/order and the lists). */
export function okxOrderOf({ order: o, updatedAt }: { order: OkxOrderSource; updatedAt: Date }): OkxOrder {
  const average = o.filled.gt(0) ? o.filledQuote.div(o.filled).toDecimalPlaces(18).toFixed() : '';
  return {
    instType: 'SPOT',
    instId: o.instId,
    ordId: o.id,
    clOrdId: o.clOrdId,
    tag: o.tag,
    px: o.execType === 'market' || o.price === null ? '' : num(o.price),
    // A market buy in USDT (tgtCcy quote_ccy) shows what it may spend, as OKX does.
    sz: num(o.budget ?? o.amount),
    ordType: ordTypeOf(o),
    side: o.side,
    posSide: '',
    tdMode: 'cash',
    tgtCcy: o.execType !== 'market' ? '' : (o.budget ?? null) === null ? 'base_ccy' : 'quote_ccy',
    accFillSz: o.filled.toFixed(),
    fillPx: '',
    fillSz: '',
    tradeId: '',
    fillTime: '',
    avgPx: average,
    state: STATE[o.status],
    lever: '',
    fee: charged(o.fee.toFixed()),
    feeCcy: o.feeAsset,
    rebate: '0',
    rebateCcy: o.feeAsset,
    pnl: '0',
    category: 'normal',
    reduceOnly: 'false',
    cancelSource: '',
    source: '',
    stpMode: '',
    slTriggerPx: '',
    tpTriggerPx: '',
    uTime: String(updatedAt.getTime()),
    cTime: String(o.createdAt.getTime()),
  };
}

/** What a spot and a contract fill both give: OKX's fields of the fill itself. */
type FillFacts = Pick<FillRead, 'instId' | 'tradeId' | 'orderId' | 'billId' | 'price' | 'qty' | 'side' | 'fee' | 'at'>;

/** A fill in OKX's words, its product's own fields (`kind`) beside the ones every fill has. */
export function okxFill(f: FillFacts, ids: ClientIds, kind: Pick<OkxFill, 'instType' | 'posSide' | 'execType' | 'feeCcy'>): OkxFill {
  return {
    instType: kind.instType,
    instId: f.instId,
    tradeId: f.tradeId,
    ordId: f.orderId,
    clOrdId: ids.clOrdId,
    billId: f.billId,
    tag: ids.tag,
    fillPx: num(f.price),
    fillSz: num(f.qty),
    side: f.side,
    posSide: kind.posSide,
    execType: kind.execType,
    feeCcy: kind.feeCcy,
    fee: charged(f.fee),
    ts: String(f.at.getTime()),
    fillTime: String(f.at.getTime()),
  };
}

/** A spot fill in OKX's words (GET /trade/fills and /trade/fills-history). */
export function okxFillOf(f: FillRead): OkxFill {
  return okxFill(f, f, { instType: 'SPOT', posSide: '', execType: f.role === 'maker' ? 'M' : 'T', feeCcy: f.feeAsset });
}
