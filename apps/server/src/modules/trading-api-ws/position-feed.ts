import { futuresPosition, type FuturesPosition } from '@exchange/contract';
import { Dec } from '../../shared/decimal.js';
import type { WsHub } from './hub.js';

/** Futures' position changes as `Services.positions` hands them out: the row is built on demand. */
export type PositionFeed = (listener: (userId: string, row: () => unknown) => void) => () => void;

const ms = (iso: string | null): string => (iso ? String(Date.parse(iso)) : '');
/** OKX counts what was paid as negative. */
const paid = (value: string): string => (new Dec(value).isZero() ? '0' : new Dec(value).neg().toFixed());

/**
 * A futures position in OKX's fields (docs-v5 "Positions channel"), in long/short mode: `pos` is
 * positive and `posSide` says which; a position that ended is pushed once with `pos` "0".
 */
export function okxPositionOf(p: FuturesPosition, at: Date) {
  return {
    instType: p.inst_id.endsWith('-SWAP') ? 'SWAP' : 'FUTURES',
    instId: p.inst_id,
    posId: p.position_id,
    posSide: p.side,
    pos: p.status === 'active' ? p.amount : '0',
    availPos: p.status === 'active' ? p.amount : '0',
    mgnMode: p.position_type,
    lever: String(p.leverage),
    avgPx: p.entry_price ?? '',
    markPx: p.mark_price ?? '',
    liqPx: p.liquidation_price ?? '',
    margin: p.margin,
    mgnRatio: p.margin_ratio ?? '',
    upl: p.unrealized_pnl,
    realizedPnl: p.realized_pnl,
    fee: paid(p.fee),
    fundingFee: paid(p.funding),
    ccy: 'USDT',
    cTime: ms(p.created_at),
    uTime: String(at.getTime()),
    pTime: String(at.getTime()),
  };
}

/**
 * The `positions` channel: futures' position changes (the relay the web's own socket hears) of users
 * with a subscribed socket here; `onUserEvent` hears every user whose position changed.
 */
export function positionFeed(deps: { positions: PositionFeed; hub: WsHub; now: () => Date; onUserEvent: (userId: string) => void }): () => void {
  return deps.positions((userId, row) => {
    deps.onUserEvent(userId);
    if (!deps.hub.wants(userId, 'positions')) return;
    const parsed = futuresPosition.safeParse(row());
    if (!parsed.success) return;
    const p = parsed.data;
    deps.hub.push(userId, 'positions', [{ tags: { instType: p.inst_id.endsWith('-SWAP') ? 'SWAP' : 'FUTURES', instId: p.inst_id }, row: okxPositionOf(p, deps.now()) }]);
  });
}
