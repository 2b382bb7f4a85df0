import { maxLeverageFor } from '@exchange/risk';
import { QUOTE_ASSET } from '../../shared/catalogue.js';
import type { Venue } from '../../venue/venue.js';
import { instTypeOf, type V5Deps } from './deps.js';

/** OKX's instrument record; a contract is linear in USDT and one contract is one coin (ctVal "1"). */
export function okxInstrument(deps: V5Deps, v: Venue): Record<string, string> {
  const type = instTypeOf(v);
  const snap = type === 'SPOT' ? undefined : deps.monitor.snapshot(v.instId);
  const contract = type !== 'SPOT';
  const family = `${v.coin.symbol}-${QUOTE_ASSET}`;
  return {
    instType: type,
    instId: v.instId,
    uly: contract ? family : '',
    instFamily: contract ? family : '',
    category: '1',
    baseCcy: contract ? '' : v.coin.symbol,
    quoteCcy: contract ? '' : QUOTE_ASSET,
    settleCcy: contract ? QUOTE_ASSET : '',
    ctVal: contract ? '1' : '',
    ctMult: contract ? '1' : '',
    ctValCcy: contract ? v.coin.symbol : '',
    ctType: contract ? 'linear' : '',
    optType: '',
    stk: '',
    listTime: snap ? String(snap.listedAtMs) : '',
    expTime: snap?.expiryMs ? String(snap.expiryMs) : '',
    alias: type === 'FUTURES' ? 'quarter' : '',
    lever: contract ? String(maxLeverageFor(0)) : '',
    tickSz: v.prices.tickSize,
    lotSz: v.lots.tickSize,
    minSz: v.coin.min_size ?? v.lots.tickSize,
    ruleType: 'normal',
    state: deps.halts.isHalted(v.instId) ? 'suspend' : 'live',
  };
}
