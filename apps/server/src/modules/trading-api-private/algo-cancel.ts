import type { OkxAlgoAck, OkxCancelAlgoItem } from '@exchange/contract';
import { coinByInstId } from '../../shared/catalogue.js';
import { cancelAlgo, userAlgo, type AlgoRow } from './algo-store.js';
import { refusals, type OrderRefusal } from './order-codes.js';
import type { PlaceDeps } from './place-order.js';

export interface AlgoCancelDeps extends Pick<PlaceDeps, 'db' | 'now'> {
  /** Told of each algo order cancelled, so the trigger watcher drops it. */
  unwatch(algo: AlgoRow): void;
}

/** Cancels one algo order of a cancel-algos call, answered in OKX's per-order words. */
export async function cancelOkxAlgo(deps: AlgoCancelDeps, userId: string, item: OkxCancelAlgoItem): Promise<OkxAlgoAck> {
  const ack = (a: Pick<AlgoRow, 'algoId' | 'algoClOrdId' | 'tag'>, r: OrderRefusal): OkxAlgoAck => ({ algoId: a.algoId, clOrdId: '', algoClOrdId: a.algoClOrdId, tag: a.tag, ...r });
  const asked = { algoId: item.algoId ?? '', algoClOrdId: item.algoClOrdId ?? '', tag: '' };
  if (!item.algoId && !item.algoClOrdId) return ack(asked, refusals.idMissing());
  if (!coinByInstId(item.instId)) return ack(asked, refusals.instrument());
  const found = await userAlgo(deps.db, userId, item);
  // Another user's algo order is not there for this key, as one that never existed.
  if (!found || found.instId !== item.instId.toUpperCase()) return ack(asked, refusals.cancelMissing());
  const canceled = await cancelAlgo(deps.db, userId, found.algoId, deps.now());
  if (!canceled) return ack(found, refusals.ended());
  deps.unwatch(canceled);
  return ack(canceled, { sCode: '0', sMsg: '' });
}
