import { describe, expect, it } from 'vitest';
import { toHistoryRow } from '../../src/modules/spot/order-view.js';
import { Dec } from '../../src/shared/decimal.js';
import type { UserOrderState } from '../../src/venue/events.js';

// The case: 0.001 BTC bought with a 110,000 limit, filled at 103,668.89 on average.
function order(p: Partial<UserOrderState>): UserOrderState {
  return {
    id: '9',
    userId: 'u',
    coin: { pair_id: 1, name: 'Bitcoin', symbol: 'BTC' },
    createdAt: new Date('2026-01-01T00:00:00Z'),
    side: 'buy',
    execType: 'limit',
    price: '110000',
    stopPrice: null,
    amount: '0.001',
    filled: new Dec('0.001'),
    filledQuote: new Dec('103.66889'),
    fee: new Dec('0.000001'),
    feeAsset: 'BTC',
    status: 'filled',
    clOrdId: '',
    tag: '',
    ...p,
  };
}

describe('toHistoryRow: what an order cost', () => {
  it('a filled limit buy shows its limit, its average fill price and what was paid, never limit × amount', () => {
    expect(toHistoryRow(order({}))).toMatchObject({
      price: '110000',
      average_price: '103668.89',
      filled_amount: '0.001',
      total: '103.66889',
      account_balance: '103.66889',
      fee: '0.000001',
      fee_asset: 'BTC',
    });
  });

  it('a pending order is worth its limit × amount; a partly filled one its fills plus the rest at the limit', () => {
    const pending = toHistoryRow(order({ status: 'pending', filled: new Dec(0), filledQuote: new Dec(0), fee: new Dec(0) }));
    expect(pending).toMatchObject({ average_price: null, total: '0', account_balance: '110' });
    const partial = toHistoryRow(
      order({ status: 'partially filled', filled: new Dec('0.0004'), filledQuote: new Dec('41.467556'), fee: new Dec('0.0000004') }),
    );
    expect(partial).toMatchObject({ average_price: '103668.89', total: '41.467556', account_balance: '107.467556' });
  });

  it('a canceled order with a partial fill is worth only what was filled', () => {
    const canceled = toHistoryRow(order({ status: 'canceled', filled: new Dec('0.0004'), filledQuote: new Dec('41.467556') }));
    expect(canceled).toMatchObject({ total: '41.467556', account_balance: '41.467556' });
  });

  it('a market order shows its average as its price', () => {
    const market = toHistoryRow(order({ execType: 'market', price: null }));
    expect(market).toMatchObject({ price: '103668.89', average_price: '103668.89', account_balance: '103.66889' });
  });
});
