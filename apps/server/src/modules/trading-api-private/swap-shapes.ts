import type { FuturesPosition, OkxFill, OkxOrder, OkxPosition, OkxPositionHistory } from '@exchange/contract';
import { maintenanceMargin } from '@exchange/risk';
import { Dec } from '../../shared/decimal.js';
import type { ClosedFuturesPosition, FuturesFillRead, LiveOrder, LivePosition } from '../futures/index.js';
import type { ClientIds } from './client-ids.js';
import { charged, num, okxFill } from './okx-shapes.js';

/** A perpetual's id ends in -SWAP; a delivery contract's in its date (BTC-USDT-261225). */
export const instTypeOf = (instId: string): 'SWAP' | 'FUTURES' => (instId.endsWith('-SWAP') ? 'SWAP' : 'FUTURES');

/** The book side of an order on a position side: buying opens a long and closes a short. */
export const bookSide = (posSide: 'long' | 'short', opening: boolean): 'buy' | 'sell' => ((posSide === 'long') === opening ? 'buy' : 'sell');

const ms = (d: Date): string => String(d.getTime());
const places = (v: Dec): string => v.toDecimalPlaces(8).toFixed();

function stateOf(o: LiveOrder): OkxOrder['state'] {
  if (o.orderOpen) return o.filled.gt(0) ? 'partially_filled' : 'live';
  return o.filled.gte(o.orderQty) ? 'filled' : 'canceled';
}

/**
 * The `posSide` OKX shows for a position side: in net mode (`net`, the user's one-way mode) OKX
 * names no side, every order, fill and position of a contract reads `net`.
 */
export const okxPosSide = (side: 'long' | 'short', net: boolean): string => (net ? 'net' : side);

/** A contract order in OKX's words: `sz` in contracts (one contract is one coin), `posSide` its position's side. */
export function okxSwapOrderOf(o: LiveOrder, ids: ClientIds, net = false): OkxOrder {
  return {
    instType: instTypeOf(o.instId),
    instId: o.instId,
    ordId: o.id,
    clOrdId: ids.clOrdId,
    tag: ids.tag,
    px: o.orderPrice === null ? '' : num(o.orderPrice),
    sz: o.orderQty.toFixed(),
    ordType: o.orderType,
    side: bookSide(o.side, !o.reduceOnly),
    posSide: okxPosSide(o.side, net),
    tdMode: o.marginMode,
    tgtCcy: '',
    accFillSz: o.filled.toFixed(),
    fillPx: '',
    fillSz: '',
    tradeId: '',
    fillTime: '',
    avgPx: o.filled.gt(0) ? o.entryCost.div(o.filled).toDecimalPlaces(18).toFixed() : '',
    state: stateOf(o),
    lever: String(o.leverage),
    fee: charged(o.fee.toFixed()),
    feeCcy: 'USDT',
    rebate: '0',
    rebateCcy: 'USDT',
    pnl: places(o.realizedPnl),
    category: 'normal',
    reduceOnly: String(o.reduceOnly),
    cancelSource: '',
    source: '',
    stpMode: '',
    slTriggerPx: o.stopLoss ?? '',
    tpTriggerPx: o.takeProfit ?? '',
    uTime: ms(o.closedAt ?? o.createdAt),
    cTime: ms(o.createdAt),
  };
}

/**
 * A fill on a contract in OKX's words. Every fill here pays the taker's rate (docs/futures.md), so
 * `execType` is T.
 */
export function okxSwapFillOf(f: FuturesFillRead, ids: ClientIds, net = false): OkxFill {
  return okxFill(f, ids, { instType: instTypeOf(f.instId), posSide: okxPosSide(f.posSide, net), execType: 'T', feeCcy: 'USDT' });
}

/**
 * An open position in OKX's words, from the futures product's own view of it: `imr` is a cross
 * position's margin and `margin` an isolated one's, as OKX fills one or the other; `mgnRatio` is
 * OKX's equity over maintenance margin (ours is its inverse); funding and fees are negative when paid.
 * In net mode (`net`) OKX names no side: `posSide` is net and `pos` is negative for a short.
 */
export function okxPositionOf(live: LivePosition, view: FuturesPosition, now: Date, net = false): OkxPosition {
  const mark = view.mark_price === null ? null : new Dec(view.mark_price);
  const notional = mark === null ? null : mark.mul(live.qty);
  const margin = new Dec(view.margin);
  const upl = new Dec(view.unrealized_pnl);
  const ratio = view.margin_ratio === null ? null : new Dec(view.margin_ratio);
  return {
    instType: instTypeOf(live.instId),
    instId: live.instId,
    mgnMode: live.marginMode,
    posId: live.id,
    posSide: okxPosSide(live.side, net),
    pos: net && live.side === 'short' ? live.qty.neg().toFixed() : live.qty.toFixed(),
    posCcy: '',
    availPos: live.qty.minus(view.closing_amount).toFixed(),
    avgPx: view.entry_price ?? '',
    markPx: view.mark_price ?? '',
    upl: view.unrealized_pnl,
    uplRatio: margin.gt(0) ? upl.div(margin).toDecimalPlaces(8).toFixed() : '0',
    lever: String(live.leverage),
    liqPx: view.liquidation_price ?? '',
    imr: live.marginMode === 'cross' ? view.margin : '',
    margin: live.marginMode === 'isolated' ? view.margin : '',
    mgnRatio: ratio === null || ratio.isZero() ? '' : new Dec(1).div(ratio).toDecimalPlaces(8).toFixed(),
    mmr: notional === null ? '' : places(new Dec(maintenanceMargin(notional.toNumber()))),
    notionalUsd: notional === null ? '' : places(notional),
    ccy: 'USDT',
    last: '',
    realizedPnl: places(live.realizedPnl.minus(live.fee).minus(live.funding)),
    fee: charged(places(live.fee)),
    fundingFee: charged(places(live.funding)),
    tpTriggerPx: live.takeProfit ?? '',
    slTriggerPx: live.stopLoss ?? '',
    adl: '1',
    cTime: ms(live.createdAt),
    uTime: ms(now),
  };
}

/**
 * A closed position in OKX's words: `type` 2 closed in full, 3 liquidated; `pnl` before fees and
 * funding, `realizedPnl` after. In net mode `posSide` is net and `direction` keeps the side.
 */
export function okxPositionHistoryOf({ position: p, closeAvg }: ClosedFuturesPosition, net = false): OkxPositionHistory {
  const initialMargin = p.openedCost.div(p.leverage);
  const result = p.realizedPnl.minus(p.fee).minus(p.funding);
  return {
    instType: instTypeOf(p.instId),
    instId: p.instId,
    mgnMode: p.marginMode,
    type: p.status === 'liquidated' ? '3' : '2',
    posId: p.id,
    posSide: okxPosSide(p.side, net),
    direction: p.side,
    lever: String(p.leverage),
    openAvgPx: p.openedQty.gt(0) ? places(p.openedCost.div(p.openedQty)) : '',
    closeAvgPx: closeAvg === null ? '' : places(new Dec(closeAvg)),
    openMaxPos: p.openedQty.toFixed(),
    closeTotalPos: p.openedQty.toFixed(),
    realizedPnl: places(result),
    pnl: places(p.realizedPnl),
    pnlRatio: initialMargin.gt(0) ? result.div(initialMargin).toDecimalPlaces(8).toFixed() : '0',
    fee: charged(places(p.fee)),
    fundingFee: charged(places(p.funding)),
    liqPenalty: '0',
    ccy: 'USDT',
    cTime: ms(p.createdAt),
    uTime: ms(p.closedAt ?? p.createdAt),
  };
}
