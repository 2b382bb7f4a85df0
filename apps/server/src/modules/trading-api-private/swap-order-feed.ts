import type { OkxOrder } from '@exchange/contract';
import { Dec } from '../../shared/decimal.js';
import type { FuturesService, LiveOrder } from '../futures/index.js';
import { NO_CLIENT_IDS } from './client-ids.js';
import { num } from './okx-shapes.js';
import { okxSwapOrderOf } from './swap-shapes.js';

/** What an order had traded at its last change: the fill of the next change is the difference. */
interface Traded {
  filled: Dec;
  cost: Dec;
}

/** A contract order's push row: the order as it stands, and what this change traded (OKX's fillPx, fillSz, fillTime). */
function pushRow(o: LiveOrder, net: boolean, before: Traded | undefined, since: Date, at: Date): OkxOrder {
  const row = { ...okxSwapOrderOf(o, NO_CLIENT_IDS, net), uTime: String(at.getTime()) };
  // An order placed before this feed began (a takeover's) traded an unknown part before: no fill is claimed for it.
  const start = before ?? (o.createdAt >= since ? { filled: new Dec(0), cost: new Dec(0) } : undefined);
  if (!start) return row;
  const size = o.filled.minus(start.filled);
  if (size.lte(0)) return row;
  const price = o.entryCost.minus(start.cost).div(size).toDecimalPlaces(18);
  return { ...row, fillSz: size.toFixed(), fillPx: num(price.toFixed()), fillTime: String(at.getTime()) };
}

/**
 * The `orders` channel's contract rows (OKX v5 websocket): every committed change of a futures
 * order in OKX's fields, clOrdId and tag left for the socket's process to add. Runs where the futures
 * service is (the venues' owner); it remembers what each resting order had traded so a change's own
 * fill can be told apart from the order's total.
 */
export function okxSwapOrderUpdates(futures: FuturesService, now: () => Date) {
  const traded = new Map<string, Traded>();
  const since = now();
  return (listener: (userId: string, row: () => unknown) => void): (() => void) =>
    futures.onOrders((orders) => {
      const at = now();
      for (const o of orders) {
        const row = pushRow(o, futures.positionMode(o.userId) === 'one_way', traded.get(o.id), since, at);
        if (o.orderOpen) traded.set(o.id, { filled: o.filled, cost: o.entryCost });
        else traded.delete(o.id);
        listener(o.userId, () => row);
      }
    });
}
