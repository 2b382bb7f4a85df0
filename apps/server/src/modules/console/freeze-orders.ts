import { FUTURES_LIST_MAX, type OkxAlgoOrder, type UserNotification } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { restingOrderIds, type FuturesService } from '../futures/index.js';
import { recordNotification, type RowEvents } from '../notifications/index.js';
import type { SpotTrading } from '../spot/index.js';
import { cancelAllOpen, cancelLiveAlgosOf, okxAlgoOrderOf } from '../trading-api-private/index.js';

/** Where a frozen account's orders are cancelled, and who is told. */
export interface FreezeOrderDeps {
  db: Database;
  trading: SpotTrading;
  futures: Pick<FuturesService, 'cancel'>;
  /** The private `orders-algo` channel's source. */
  algoEvents: Pick<RowEvents<OkxAlgoOrder>, 'emit'>;
  notifications: Pick<RowEvents<UserNotification>, 'emit'>;
  now: () => Date;
}

/** The ids a freeze cancelled, per kind, as the audit log keeps them. */
export interface FrozenOrders {
  spot: string[];
  futures: string[];
  algo: string[];
}

/** Every resting futures order of the user, a page at a time; the page read again until none is left (or none would go). */
async function cancelFuturesOf(deps: FreezeOrderDeps, userId: string): Promise<string[]> {
  const canceled: string[] = [];
  for (;;) {
    const ids = await restingOrderIds(deps.db, userId, undefined, FUTURES_LIST_MAX);
    if (ids.length === 0) return canceled;
    const page = await deps.futures.cancel(userId, ids);
    if (page.length === 0) return canceled;
    canceled.push(...page.map((o) => o.id));
  }
}

/**
 * Cancels a frozen account's orders once its freeze committed (issue 43): the frozen account can
 * place none meanwhile, so what is read here is all there is. Algo orders first, so none fires into
 * a new order while the resting ones go; spot and futures cancels release their holds through the
 * ledger as the user's own cancels do. The user is told why, on the private websocket too.
 */
export async function cancelFrozenOrders(deps: FreezeOrderDeps, userId: string): Promise<FrozenOrders> {
  const algos = await cancelLiveAlgosOf(deps.db, userId, deps.now());
  for (const a of algos) deps.algoEvents.emit(userId, () => okxAlgoOrderOf(a));
  const spot = await cancelAllOpen(deps, userId);
  const futures = await cancelFuturesOf(deps, userId);
  const orders = { spot, futures, algo: algos.map((a) => a.algoId) };
  const count = spot.length + futures.length + algos.length;
  const told = await recordNotification(deps.db, { userId, at: deps.now(), body: { code: 'trading_frozen', params: { orders: String(count) } } });
  for (const { row } of told) deps.notifications.emit(userId, () => row);
  return orders;
}
