import type { OkxAlgoOrder } from '@exchange/contract';
import type { AlgoRow } from './algo-store.js';

const px = (value: string | null): string => value ?? '';
/** A trigger's price type: always the last trade price here, empty where the order has no such trigger. */
const pxType = (trigger: string | null): string => (trigger === null ? '' : 'last');

/** An algo order in OKX's words (GET /trade/order-algo and the algo lists). */
export function okxAlgoOrderOf(a: AlgoRow): OkxAlgoOrder {
  const placed = a.ordId ?? '';
  return {
    instType: 'SPOT',
    instId: a.instId,
    ccy: '',
    algoId: a.algoId,
    algoClOrdId: a.algoClOrdId,
    clOrdId: '',
    ordId: placed,
    ordIdList: placed ? [placed] : [],
    sz: a.sz,
    ordType: a.ordType,
    side: a.side,
    posSide: 'net',
    tdMode: a.tdMode,
    tgtCcy: 'base_ccy',
    state: a.state,
    lever: '',
    tpTriggerPx: px(a.tpTriggerPx),
    tpTriggerPxType: pxType(a.tpTriggerPx),
    tpOrdPx: px(a.tpOrdPx),
    slTriggerPx: px(a.slTriggerPx),
    slTriggerPxType: pxType(a.slTriggerPx),
    slOrdPx: px(a.slOrdPx),
    triggerPx: px(a.triggerPx),
    triggerPxType: pxType(a.triggerPx),
    ordPx: px(a.ordPx),
    actualSz: a.state === 'effective' ? a.sz : '',
    actualPx: px(a.actualPx),
    actualSide: a.actualSide ?? '',
    triggerTime: a.triggerTime ? String(a.triggerTime.getTime()) : '',
    failCode: a.failCode ?? '',
    reduceOnly: 'false',
    tag: a.tag,
    cTime: String(a.createdAt.getTime()),
    uTime: String(a.updatedAt.getTime()),
  };
}
