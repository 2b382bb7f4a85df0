import type { OrderNode } from './order-node.js';

/**
 * Untriggered stop-limit orders, one sorted array per side with the next to trigger last.
 * Buy stops trigger when last >= stop (lowest stop first); sell stops when last <= stop (highest
 * first); equal stops trigger oldest first. With key = -stop for buys and +stop for sells, both
 * sides trigger while `key >= threshold` and sort by key ascending, then seq descending.
 */
export class StopBook {
  readonly buys: OrderNode[] = [];
  readonly sells: OrderNode[] = [];

  add(node: OrderNode): void {
    const list = node.isBuy ? this.buys : this.sells;
    list.splice(this.indexOf(list, node), 0, node);
  }

  remove(node: OrderNode): void {
    const list = node.isBuy ? this.buys : this.sells;
    list.splice(this.indexOf(list, node), 1);
  }

  /** Moves every stop triggered by a trade at `price` onto `out`, in trigger order. */
  collect(price: number, out: OrderNode[]): void {
    const buys = this.buys;
    let top = buys[buys.length - 1];
    while (top !== undefined && top.stopPrice <= price) {
      out.push(top);
      buys.pop();
      top = buys[buys.length - 1];
    }
    const sells = this.sells;
    top = sells[sells.length - 1];
    while (top !== undefined && top.stopPrice >= price) {
      out.push(top);
      sells.pop();
      top = sells[sells.length - 1];
    }
  }

  private indexOf(list: OrderNode[], node: OrderNode): number {
    const key = node.isBuy ? -node.stopPrice : node.stopPrice;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = list[mid] as OrderNode;
      const otherKey = other.isBuy ? -other.stopPrice : other.stopPrice;
      if (otherKey < key || (otherKey === key && other.seq > node.seq)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
