import { describe, expect, it } from 'vitest';
import type { OkxPlaceOrderBody } from '@exchange/contract';
import { VenueMoved } from '../../src/errors.js';
import { outcomeUnknown, venueUnreachable } from '../../src/cluster/venue-answer.js';
import { cancelAnyOrder, placeAnyOrders, type TradeDeps } from '../../src/modules/trading-api-private/order-dispatch.js';

const USER = '00000000-0000-4000-8000-000000000001';
const swap = (clOrdId: string): OkxPlaceOrderBody => ({ instId: 'BTC-USDT-SWAP', tdMode: 'isolated', side: 'buy', posSide: 'long', ordType: 'limit', px: '1000', sz: '0.01', clOrdId });

/** Deps of a cluster's follower whose calls to the venues' owner fail with these errors, one per call. */
function follower(errors: Error[]): TradeDeps {
  const next = () => Promise.reject(errors.shift() ?? new Error('no more calls in this test'));
  return { contracts: { place: next, cancel: next }, now: () => new Date(0) } as unknown as TradeDeps;
}

/**
 * A contract order forwarded to the venues' owner that fails on the way is that order's refusal in
 * OKX's words (REST and the private socket alike): the batch's other orders go on, the caller's socket stays.
 */
describe('OKX contract orders whose owner call fails', () => {
  it('answers 50001 when nothing was done and 50004 when the outcome is unknown, each order on its own', async () => {
    const deps = follower([venueUnreachable(), new VenueMoved(), outcomeUnknown(Date.now() + 3_000)]);
    const acks = await placeAnyOrders(deps, USER, [swap('a'), swap('b'), swap('c')]);
    expect(acks.map((a) => [a.clOrdId, a.sCode, a.ordId])).toEqual([
      ['a', '50001', ''],
      ['b', '50001', ''],
      ['c', '50004', ''],
    ]);
    expect(acks[2]?.sMsg).toContain('does not mean that the request was successful or failed');
  });

  it('answers a cancel the same way, and throws on what is not a refusal', async () => {
    const ack = await cancelAnyOrder(follower([venueUnreachable()]), USER, { instId: 'BTC-USDT-SWAP', ordId: '7' });
    expect(ack).toMatchObject({ ordId: '7', sCode: '50001', sMsg: 'Service temporarily unavailable. Please try again later.' });
    await expect(cancelAnyOrder(follower([new Error('a bug')]), USER, { instId: 'BTC-USDT-SWAP', ordId: '7' })).rejects.toThrow('a bug');
  });
});
