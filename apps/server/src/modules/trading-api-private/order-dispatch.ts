import type { OkxCancelOrderBody, OkxOrderAck, OkxPlaceOrderBody } from '@exchange/contract';
import { cancelOkxOrder } from './cancel-order.js';
import type { OkxContractOrders } from './contract-orders.js';
import { placeOkxOrder, type PlaceDeps } from './place-order.js';
import { isContractInstId, type SwapDeps } from './swap-orders.js';

/** What the order entry calls need: the spot service for spot ids, the contract orders (on a cluster, the owner's) for contract ids. */
export type TradeDeps = PlaceDeps & SwapDeps & { contracts: OkxContractOrders };

/** One order of a v5 call, placed by the product its instId names. */
export function placeAnyOrder(deps: TradeDeps, userId: string, body: OkxPlaceOrderBody): Promise<OkxOrderAck> {
  return isContractInstId(body.instId) ? deps.contracts.place(userId, body) : placeOkxOrder(deps, userId, body);
}

/** One cancel of a v5 call, by the product its instId names. */
export function cancelAnyOrder(deps: TradeDeps, userId: string, body: OkxCancelOrderBody): Promise<OkxOrderAck> {
  return isContractInstId(body.instId) ? deps.contracts.cancel(userId, body) : cancelOkxOrder(deps, userId, body);
}
