import { Dec } from '../../shared/decimal.js';
import type { VenueMessage } from '../../venue/events.js';
import { childOrder, type AlgoLeg } from './algo-place.js';
import { claimAlgo, liveAlgos, settleAlgo, type AlgoRow } from './algo-store.js';
import { placeOkxOrder, type PlaceDeps } from './place-order.js';

/** The lowest and highest trade price of a committed batch. */
interface Range {
  lo: Dec;
  hi: Dec;
}

/** Which leg of the algo order the batch's prices reached, and the order price it then places at; null when none. */
export function firedLeg(a: AlgoRow, r: Range): { side: AlgoLeg; px: string } | null {
  const below = (p: string) => r.lo.lte(p);
  const above = (p: string) => r.hi.gte(p);
  if (a.triggerPx !== null && a.ordPx !== null) return (a.triggerAbove ? above(a.triggerPx) : below(a.triggerPx)) ? { side: '', px: a.ordPx } : null;
  // A stop-loss comes first when one batch swept through both prices.
  const slHit = a.slTriggerPx !== null && (a.side === 'sell' ? below(a.slTriggerPx) : above(a.slTriggerPx));
  if (slHit && a.slOrdPx !== null) return { side: 'sl', px: a.slOrdPx };
  const tpHit = a.tpTriggerPx !== null && (a.side === 'sell' ? above(a.tpTriggerPx) : below(a.tpTriggerPx));
  if (tpHit && a.tpOrdPx !== null) return { side: 'tp', px: a.tpOrdPx };
  return null;
}

function rangeOf(message: VenueMessage): Range | null {
  if (message.type !== 'committed') return null;
  let range: Range | null = null;
  for (const e of message.events) {
    if (e.type !== 'fill') continue;
    const p = new Dec(e.trade.price);
    range = range ? { lo: Dec.min(range.lo, p), hi: Dec.max(range.hi, p) } : { lo: p, hi: p };
  }
  return range;
}

export interface TriggerDeps extends PlaceDeps {
  /** Runs the placement after the current turn, logged if it fails, awaited on close. */
  run(what: string, work: () => Promise<void>): void;
  /** Told of each fired algo order once its order was placed or refused (the `orders-algo` push). */
  settled(a: AlgoRow): void;
}

/**
 * Fires algo orders from the last trade price: each committed batch's trades are compared with the
 * live algo orders of their instrument, and a crossed one is claimed in the database (once, by one
 * process) and its order placed through the spot service. The live orders are kept in memory,
 * loaded from the database at start and told of each one stored or ended through this process.
 */
export class AlgoTriggers {
  private readonly live = new Map<string, Map<string, AlgoRow>>();

  constructor(private readonly deps: TriggerDeps) {}

  async load(): Promise<void> {
    for (const a of await liveAlgos(this.deps.db)) this.add(a);
  }

  add(a: AlgoRow): void {
    let forInst = this.live.get(a.instId);
    if (!forInst) this.live.set(a.instId, (forInst = new Map()));
    forInst.set(a.algoId, a);
  }

  remove(a: Pick<AlgoRow, 'instId' | 'algoId'>): void {
    this.live.get(a.instId)?.delete(a.algoId);
  }

  /** The bus's listener: called synchronously with each venue message, so it only decides and queues. */
  readonly onMessage = (message: VenueMessage): void => {
    const forInst = message.type === 'committed' ? this.live.get(message.instId) : undefined;
    if (!forInst || forInst.size === 0) return;
    const range = rangeOf(message);
    if (!range) return;
    for (const a of forInst.values()) {
      const leg = firedLeg(a, range);
      if (!leg) continue;
      forInst.delete(a.algoId);
      this.deps.run(`algo order ${a.algoId}`, () => this.fire(a, leg));
    }
  };

  private async fire(a: AlgoRow, leg: { side: AlgoLeg; px: string }): Promise<void> {
    let claimed;
    try {
      claimed = await claimAlgo(this.deps.db, a.algoId, leg, this.deps.now());
    } catch (err) {
      // Still live in the database: watched again, it fires on a later trade.
      this.add(a);
      throw err;
    }
    if (!claimed) return;
    let ack;
    try {
      ack = await placeOkxOrder(this.deps, a.userId, childOrder(a, leg.px));
    } catch (err) {
      // Not an order's refusal: the algo order ends failed rather than claimed for good without an order.
      const failed = await settleAlgo(this.deps.db, a.algoId, { failCode: '50026' }, this.deps.now());
      if (failed) this.deps.settled(failed);
      throw err;
    }
    const settled = await settleAlgo(this.deps.db, a.algoId, ack.sCode === '0' ? { ordId: ack.ordId } : { failCode: ack.sCode }, this.deps.now());
    if (settled) this.deps.settled(settled);
  }
}
