import { futuresPosition, type FuturesPosition } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { sendBounded } from '../../plugins/ws-send.js';
import { Dec } from '../../shared/decimal.js';
import { storedPositionMode, toPosition, userPositions, type FuturesService, type RiskMonitor } from '../futures/index.js';
import { pushFrame } from './frames.js';
import { takes, type Conn, type Subscription, type WsHub } from './hub.js';

/** Futures' position changes as `Services.positions` hands them out: the row is built on demand. */
export type PositionFeed = (listener: (userId: string, row: () => unknown) => void) => () => void;

const ms = (iso: string | null): string => (iso ? String(Date.parse(iso)) : '');
/** OKX counts what was paid as negative. */
const paid = (value: string): string => (new Dec(value).isZero() ? '0' : new Dec(value).neg().toFixed());

/**
 * A futures position in OKX's fields (docs-v5 "Positions channel"), in long/short mode: `pos` is
 * positive and `posSide` says which; in net mode (`net`) `posSide` is net and `pos` negative for a
 * short. A position that ended is pushed once with `pos` "0".
 */
export function okxPositionOf(p: FuturesPosition, at: Date, net: boolean) {
  const open = p.status === 'active';
  return {
    instType: typeOf(p.inst_id),
    instId: p.inst_id,
    posId: p.position_id,
    posSide: net ? 'net' : p.side,
    pos: !open ? '0' : net && p.side === 'short' ? new Dec(p.amount).neg().toFixed() : p.amount,
    availPos: open ? p.amount : '0',
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

/** A user holds at most one position per contract, side and margin mode: far fewer than this. */
const MAX_OPEN_POSITIONS = 500;
const typeOf = (instId: string): string => (instId.endsWith('-SWAP') ? 'SWAP' : 'FUTURES');

export interface PositionSnapshotDeps {
  db: Database;
  futures: FuturesService;
  monitor: RiskMonitor;
  now: () => Date;
}

/**
 * The first push of a `positions` subscription, as OKX sends one: the open positions its filters
 * take (an empty `data` when none), as `GET /api/v5/account/positions` reads them (the futures
 * service's live state where this process has it, else the stored row).
 */
export async function positionSnapshot(deps: PositionSnapshotDeps, conn: Conn, sub: Subscription): Promise<void> {
  if (!conn.caller) return;
  const rows = await userPositions(deps.db, conn.caller.userId, 'open', MAX_OPEN_POSITIONS);
  const net = (await storedPositionMode(deps.db, conn.caller.userId)) === 'one_way';
  const at = deps.now();
  const data = [];
  for (const row of rows) {
    const p = deps.futures.position(row.id) ?? row;
    if (!takes(sub.arg, { instType: typeOf(p.instId), instId: p.instId })) continue;
    const view = toPosition(p, deps.monitor.markOf(p.instId), deps.monitor.liquidationPrice(p), deps.futures.reservedToReduce(p));
    data.push(okxPositionOf(view, at, net));
  }
  sendBounded(conn.socket, pushFrame(sub.arg, data));
}

/**
 * The `positions` channel: futures' position changes (the relay the web's own socket hears) of users
 * with a subscribed socket here; `onUserEvent` hears every user whose position changed.
 */
export function positionFeed(deps: { positions: PositionFeed; hub: WsHub; now: () => Date; onUserEvent: (userId: string) => void }): () => void {
  return deps.positions((userId, row) => {
    deps.onUserEvent(userId);
    if (!deps.hub.wants(userId, 'positions')) return;
    const built = row();
    const parsed = futuresPosition.safeParse(built);
    if (!parsed.success) return;
    const p = parsed.data;
    const net = (built as { position_mode?: unknown }).position_mode === 'one_way';
    deps.hub.push(userId, 'positions', [{ tags: { instType: typeOf(p.inst_id), instId: p.inst_id }, row: okxPositionOf(p, deps.now(), net) }]);
  });
}
