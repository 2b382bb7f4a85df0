import type { OkxAlgoOrderBody, OkxAmendAlgoAck, OkxAmendAlgoBody } from '@exchange/contract';
import { coinByInstId } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import type { AlgoCancelDeps } from './algo-cancel.js';
import { gridRefusal, legsOf, sideRefusal, unsupported, type AlgoDeps } from './algo-place.js';
import { amendAlgo, cancelAlgo, userAlgo, type AlgoRow } from './algo-store.js';
import { refusals, type OrderRefusal } from './order-codes.js';

const amendRefusals = {
  nothing: (): OrderRefusal => ({ sCode: '51500', sMsg: 'Either order price or amount is required' }),
  missing: (): OrderRefusal => ({ sCode: '51503', sMsg: 'Order modification failed as the order does not exist' }),
  canceled: (): OrderRefusal => ({ sCode: '51509', sMsg: 'Modification failed as the order has been canceled' }),
  completed: (): OrderRefusal => ({ sCode: '51510', sMsg: 'Modification failed as the order has been completed' }),
};

const CHANGES = ['newSz', 'newTpTriggerPx', 'newTpOrdPx', 'newSlTriggerPx', 'newSlOrdPx', 'newTriggerPx', 'newOrdPx'] as const;
const given = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);
const isTrue = (v: boolean | string | undefined): boolean => v === true || v === 'true';

/** The algo order as it would be placed with the amendment: the stored order, each given field replacing its own. */
function amendedBody(a: AlgoRow, body: OkxAmendAlgoBody): OkxAlgoOrderBody {
  const keep = (v: string | null) => v ?? undefined;
  return {
    instId: a.instId,
    tdMode: a.tdMode === 'cash' ? 'cash' : 'cross',
    side: a.side,
    ordType: a.ordType,
    sz: given(body.newSz) ?? a.sz,
    slTriggerPx: given(body.newSlTriggerPx) ?? keep(a.slTriggerPx),
    slOrdPx: given(body.newSlOrdPx) ?? keep(a.slOrdPx),
    slTriggerPxType: body.newSlTriggerPxType,
    tpTriggerPx: given(body.newTpTriggerPx) ?? keep(a.tpTriggerPx),
    tpOrdPx: given(body.newTpOrdPx) ?? keep(a.tpOrdPx),
    tpTriggerPxType: body.newTpTriggerPxType,
    triggerPx: given(body.newTriggerPx) ?? keep(a.triggerPx),
    orderPx: given(body.newOrdPx) ?? keep(a.ordPx),
    triggerPxType: body.newTriggerPxType,
  };
}

/** A leg the order's type does not have (a trigger's on a stop order, or the other way round): the parameter OKX would name. */
function foreignLeg(a: AlgoRow, body: OkxAmendAlgoBody): OrderRefusal | null {
  const names = a.ordType === 'trigger' ? (['newTpTriggerPx', 'newTpOrdPx', 'newSlTriggerPx', 'newSlOrdPx'] as const) : (['newTriggerPx', 'newOrdPx'] as const);
  const wrong = names.find((name) => given(body[name]) !== undefined);
  return wrong ? refusals.parameter(wrong) : null;
}

/**
 * Amends one live algo order of an amend-algos call, in OKX's per-order words: its size and legs
 * change in place (same algoId, as on OKX), after the checks of a placement (grid, the side of the
 * last price). With `cxlOnFail` a refused amendment cancels the order.
 */
export async function amendOkxAlgo(deps: AlgoDeps & AlgoCancelDeps, userId: string, body: OkxAmendAlgoBody): Promise<OkxAmendAlgoAck> {
  const reqId = body.reqId ?? '';
  const ack = (a: Pick<AlgoRow, 'algoId' | 'algoClOrdId'>, r: OrderRefusal): OkxAmendAlgoAck => ({ algoId: a.algoId, algoClOrdId: a.algoClOrdId, reqId, ...r });
  const asked = { algoId: body.algoId ?? '', algoClOrdId: body.algoClOrdId ?? '' };
  if (!body.algoId && !body.algoClOrdId) return ack(asked, refusals.idMissing());
  const coin = coinByInstId(body.instId);
  if (!coin) return ack(asked, refusals.instrument());
  if (!CHANGES.some((name) => given(body[name]) !== undefined)) return ack(asked, amendRefusals.nothing());
  const found = await userAlgo(deps.db, userId, body);
  // Another user's algo order is not there for this key, as one that never existed.
  if (!found || found.instId !== body.instId.toUpperCase()) return ack(asked, amendRefusals.missing());
  if (found.state !== 'live') return ack(found, found.state === 'canceled' ? amendRefusals.canceled() : amendRefusals.completed());
  const outcome = await checkAndAmend(deps, userId, found, body, coin.pair_id);
  if (outcome && 'sCode' in outcome) {
    if (isTrue(body.cxlOnFail)) {
      const canceled = await cancelAlgo(deps.db, userId, found.algoId, deps.now());
      if (canceled) deps.unwatch(canceled);
    }
    return ack(found, outcome);
  }
  return outcome ? ack(outcome, { sCode: '0', sMsg: '' }) : ack(found, amendRefusals.completed());
}

/** The amendment checked and stored: the amended order, null when it ended meanwhile, or the refusal. */
async function checkAndAmend(deps: AlgoDeps, userId: string, a: AlgoRow, body: OkxAmendAlgoBody, coinId: number): Promise<AlgoRow | OrderRefusal | null> {
  const wrongLeg = foreignLeg(a, body);
  if (wrongLeg) return wrongLeg;
  const next = amendedBody(a, body);
  const wrong = unsupported(next);
  if (wrong) return wrong;
  const legs = legsOf(next);
  if ('sCode' in legs) return legs;
  for (const ordPx of [legs.slOrdPx, legs.tpOrdPx, legs.ordPx]) {
    const off = ordPx === null ? null : gridRefusal(next, coinId, ordPx, userId);
    if (off) return off;
  }
  const last = deps.instLastPrice(a.instId);
  const late = sideRefusal(a.side, legs, last);
  if (late) return late;
  // A trigger fires when the price reaches it from where it is now: a new trigger price takes the side afresh.
  const triggerAbove = legs.triggerPx === null ? null : legs.triggerPx === a.triggerPx ? a.triggerAbove : last === undefined ? a.side === 'buy' : new Dec(legs.triggerPx).gte(last);
  const amended = await amendAlgo(deps.db, a.algoId, { sz: new Dec(next.sz).toFixed(), ...legs, triggerAbove }, deps.now());
  if (amended) deps.watch(amended);
  return amended;
}
