import { OrderBook, type Side } from '../packages/engine/src/index.js';
import { mulberry32 } from '../apps/server/src/shared/prng.js';

/** Command kinds of the benchmark stream. */
export const ADD = 0;
export const CANCEL = 1;
export const IOC = 2;
export const MARKET = 3;

export interface Stream {
  kinds: Uint8Array;
  ids: string[];
  owners: string[];
  sides: Side[];
  /** Ticks; 0 for market orders and cancels. */
  prices: Float64Array;
  /** Lots; 0 for cancels. */
  qtys: Float64Array;
  /** The first `seedOps` commands build the resting book and are not measured. */
  seedOps: number;
  /** Mean number of resting orders over the measured commands. */
  avgResting: number;
}

export interface StreamOptions {
  seed: number;
  restingTarget: number;
  ops: number;
  mid: number;
}

/**
 * One deterministic stream: a seed phase of resting orders, then ~60% passive limit adds, 25%
 * cancels of live resting orders, 10% crossing IOC limits, 5% market orders. Our own engine
 * replays the stream while it is built, only to know which orders are still live for cancels.
 */
export function buildStream(o: StreamOptions): Stream {
  const total = o.restingTarget + o.ops;
  const s: Stream = {
    kinds: new Uint8Array(total),
    ids: new Array<string>(total),
    owners: new Array<string>(total),
    sides: new Array<Side>(total),
    prices: new Float64Array(total),
    qtys: new Float64Array(total),
    seedOps: o.restingTarget,
    avgResting: 0,
  };
  let restingSum = 0;
  const rnd = mulberry32(o.seed);
  const live: string[] = [];
  const where = new Map<string, number>();
  const drop = (id: string) => {
    const i = where.get(id);
    if (i === undefined) return;
    const last = live.pop() as string;
    if (last !== id) {
      live[i] = last;
      where.set(last, i);
    }
    where.delete(id);
  };
  const book = new OrderBook({ onEvent: (e) => e.type === 'done' && drop(e.orderId) });
  let next = 0;
  // Takers never share an owner with makers, so self-trade prevention never fires (the peer has none set).
  const maker = () => `mk${Math.floor(rnd() * 100)}`;
  const taker = () => `tk${Math.floor(rnd() * 10)}`;
  const side = (): Side => (rnd() < 0.5 ? 'buy' : 'sell');
  // Feedback on aggressive sizes keeps the book near its target size without changing the mix.
  const takerQty = () => Math.max(1, Math.round((1 + Math.floor(rnd() * 47)) * (live.length / o.restingTarget)));

  for (let i = 0; i < total; i++) {
    const r = i < o.restingTarget ? 0 : rnd();
    const id = `o${next++}`;
    s.ids[i] = id;
    if (r < 0.6 || live.length === 0) {
      const sd = side();
      const offset = 1 + Math.floor(rnd() * rnd() * 60);
      s.kinds[i] = ADD;
      s.owners[i] = maker();
      s.sides[i] = sd;
      s.prices[i] = sd === 'buy' ? o.mid - offset : o.mid + offset;
      s.qtys[i] = 1 + Math.floor(rnd() * 10);
      book.limit({ id, owner: s.owners[i] as string, side: sd, price: s.prices[i] as number, qty: s.qtys[i] as number });
      if (book.getOrder(id) !== undefined) {
        where.set(id, live.length);
        live.push(id);
      }
    } else if (r < 0.85) {
      const target = live[Math.floor(rnd() * live.length)] as string;
      s.kinds[i] = CANCEL;
      s.ids[i] = target;
      s.owners[i] = '';
      s.sides[i] = 'buy';
      book.cancel(target);
    } else if (r < 0.95) {
      const sd = side();
      const reach = 1 + Math.floor(rnd() * 8);
      s.kinds[i] = IOC;
      s.owners[i] = taker();
      s.sides[i] = sd;
      s.prices[i] = sd === 'buy' ? o.mid + reach : o.mid - reach;
      s.qtys[i] = takerQty();
      book.limit({ id, owner: s.owners[i] as string, side: sd, price: s.prices[i] as number, qty: s.qtys[i] as number, tif: 'IOC' });
    } else {
      const sd = side();
      s.kinds[i] = MARKET;
      s.owners[i] = taker();
      s.sides[i] = sd;
      s.qtys[i] = takerQty();
      book.market({ id, owner: s.owners[i] as string, side: sd, qty: s.qtys[i] as number });
    }
    if (i >= o.restingTarget) restingSum += live.length;
  }
  s.avgResting = Math.round(restingSum / o.ops);
  return s;
}

export interface Mix {
  limit: number;
  cancel: number;
  ioc: number;
  market: number;
}

/** Share of each command kind in the measured part, in percent. */
export function mixOf(s: Stream): Mix {
  const counts = [0, 0, 0, 0];
  for (let i = s.seedOps; i < s.kinds.length; i++) {
    const k = s.kinds[i] as number;
    counts[k] = (counts[k] ?? 0) + 1;
  }
  const n = s.kinds.length - s.seedOps;
  const pct = (c: number | undefined) => Math.round(((c ?? 0) / n) * 1000) / 10;
  return { limit: pct(counts[ADD]), cancel: pct(counts[CANCEL]), ioc: pct(counts[IOC]), market: pct(counts[MARKET]) };
}
