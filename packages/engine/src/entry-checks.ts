import type { BookSide } from './book-side.js';
import type { OrderNode, PriceLevel } from './order-node.js';

/** Whether `t` would trade at once against `opposite` (a post-only order must not). */
export function crosses(t: OrderNode, opposite: BookSide): boolean {
  const best = opposite.best();
  return best !== undefined && (t.isBuy ? best.price <= t.price : best.price >= t.price);
}

/** FOK pre-check: can the order fill completely against `opposite`, honouring its self-trade mode? */
export function fokFillable(t: OrderNode, opposite: BookSide): boolean {
  const levels = opposite.levels;
  const need = t.qty;
  let got = 0;
  // Own resting orders are not liquidity: cancel-maker removes them, other modes stop the taker.
  for (let i = levels.length - 1; i >= 0; i--) {
    const level = levels[i] as PriceLevel;
    if (t.isBuy ? level.price > t.price : level.price < t.price) return false;
    for (let m = level.head; m !== null; m = m.next) {
      if (m.owner === t.owner) {
        if (t.stp === 'cancel-maker') continue;
        return false;
      }
      got += m.qty;
      if (got >= need) return true;
    }
  }
  return false;
}
