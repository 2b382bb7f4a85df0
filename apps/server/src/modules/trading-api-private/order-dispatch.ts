import type { OkxCancelOrderBody, OkxOrderAck, OkxPlaceOrderBody } from '@exchange/contract';
import { cancelOkxOrder } from './cancel-order.js';
import { placeOkxOrder, type PlaceDeps } from './place-order.js';
import { cancelSwapOrder, isContractInstId, placeSwapOrder, type SwapDeps } from './swap-orders.js';

/** What the order entry calls need: the spot service for spot ids, the futures service for contract ids. */
export type TradeDeps = PlaceDeps & SwapDeps;

/** One order of a v5 call, placed by the product its instId names. */
export function placeAnyOrder(deps: TradeDeps, userId: string, body: OkxPlaceOrderBody): Promise<OkxOrderAck> {
  return isContractInstId(body.instId) ? placeSwapOrder(deps, userId, body) : placeOkxOrder(deps, userId, body);
}

/** One cancel of a v5 call, by the product its instId names. */
export function cancelAnyOrder(deps: TradeDeps, userId: string, body: OkxCancelOrderBody): Promise<OkxOrderAck> {
  return isContractInstId(body.instId) ? cancelSwapOrder(deps, userId, body) : cancelOkxOrder(deps, userId, body);
}
