import type { OkxCancelOrderBody, OkxOrderAck, OkxPlaceOrderBody } from '@exchange/contract';
import { cancelSwapOrder, placeSwapOrder, type SwapDeps } from './swap-orders.js';

/**
 * Where the v5 calls' contract orders are placed and canceled: by the futures service, which on a
 * cluster only the venues' owner runs. The other processes of a cluster authenticate, limit and
 * parse the call themselves and send the order there (`Services.okxContractOrders`).
 */
export interface OkxContractOrders {
  place(userId: string, body: OkxPlaceOrderBody): Promise<OkxOrderAck>;
  cancel(userId: string, body: OkxCancelOrderBody): Promise<OkxOrderAck>;
}

/** This process's futures service's contract orders. */
export function localContractOrders(deps: SwapDeps): OkxContractOrders {
  return {
    place: (userId, body) => placeSwapOrder(deps, userId, body),
    cancel: (userId, body) => cancelSwapOrder(deps, userId, body),
  };
}
