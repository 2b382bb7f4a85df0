import {
  cancelOrderResponse,
  orderHistoryResponse,
  placeOrderResponse,
  userWalletResponse,
  userWalletsResponse,
} from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import {
  cancelOrderAnswer,
  orderHistoryAnswer,
  placeOrderAnswer,
  userWalletAnswer,
  userWalletsAnswer,
} from '../src/shared/api/lightAnswers';

interface Parser {
  safeParse(data: unknown): { success: boolean; data?: unknown };
}

const order = {
  order_id: '12',
  date: '2026-11-24T07:00:00.000Z',
  coin_id: 1,
  coin_name: 'Bitcoin',
  symbol: 'BTC',
  order_type: 'buy',
  excecution_type: 'limit',
  price: '110000.00',
  stop_price: null,
  amount: '0.001',
  filled_amount: '0.001',
  average_price: '103668.89',
  account_balance: '103.67',
  total: '103.67',
  fee: '0.000001',
  fee_asset: 'BTC',
  status: 'filled',
  logo_path: '/logos/btc.svg',
};
const coinWallet = {
  coin_id: 1,
  crypto_symbol: 'BTC',
  crypto_name: 'Bitcoin',
  logo_path: '/logos/btc.svg',
  price: '103000',
  spot_wallet: '0.5',
  future_wallet: '0',
};
const walletEntry = { ...coinWallet, wallet_id: 'w1', funding_wallet: '1.25' };
const totals = { overview: '1', spot_wallet: '1', future_wallet: '0', funding_wallet: '0' };

/** [name, the web's light parser, the contract's schema, a valid answer, answers both must refuse]. */
const cases: [string, Parser, Parser, unknown, unknown[]][] = [
  [
    'place order',
    placeOrderAnswer,
    placeOrderResponse,
    { success: true, order_id: '12', message: 'Buy order placed successfully!', status: 'pending', filled_amount: '0' },
    [
      { success: false, order_id: '12', message: 'x', status: 'pending', filled_amount: '0' },
      { success: true, order_id: '12', message: 'x', status: 'open', filled_amount: '0' },
      { success: true, order_id: '12', message: 'x', status: 'pending', filled_amount: '1e-8' },
      { success: true, order_id: 12, message: 'x', status: 'pending', filled_amount: '0' },
      { success: true, order_id: '12', message: 'x', status: 'filled', filled_amount: '1', average_price: 'abc' },
      { success: true, order_id: '12', message: 'x', status: 'filled', filled_amount: '1', fee: 1 },
    ],
  ],
  [
    'place order filled at once',
    placeOrderAnswer,
    placeOrderResponse,
    { success: true, order_id: '13', message: 'x', status: 'filled', filled_amount: '0.01', average_price: '103710.37', total: '1037.1037', fee: '0.00001', fee_asset: 'BTC' },
    [{ success: true, order_id: '13', message: 'x', status: 'filled', filled_amount: '0.01', average_price: '103710.37', fee_asset: 7 }],
  ],
  [
    'cancel order',
    cancelOrderAnswer,
    cancelOrderResponse,
    { success: true, message: 'Order canceled', order_id: '12', status: 'canceled' },
    [{ success: true, message: 'Order canceled', order_id: '12' }, null],
  ],
  [
    'order history',
    orderHistoryAnswer,
    orderHistoryResponse,
    [order, { ...order, stop_price: '1.5', average_price: null, status: 'partially filled', excecution_type: 'stop-limit' }],
    [
      [{ ...order, coin_id: 1.5 }],
      [{ ...order, order_type: 'hold' }],
      [{ ...order, excecution_type: 'stop' }],
      [{ ...order, total: 'abc' }],
      [{ ...order, stop_price: undefined }],
      order,
    ],
  ],
  [
    'user wallet',
    userWalletAnswer,
    userWalletResponse,
    { cryptoWallet: coinWallet, usdtWallet: { ...coinWallet, coin_id: 2, crypto_symbol: 'USDT' } },
    [{ cryptoWallet: coinWallet }, { cryptoWallet: coinWallet, usdtWallet: { ...coinWallet, spot_wallet: 5 } }],
  ],
  [
    'user wallets',
    userWalletsAnswer,
    userWalletsResponse,
    [[walletEntry], totals],
    [[[walletEntry]], [[{ ...walletEntry, funding_wallet: null }], totals], [[walletEntry], { ...totals, overview: '-' }]],
  ],
];

describe("the web's light answer parsers agree with the contract's schemas", () => {
  it.each(cases)('%s: both accept a valid answer and give the same value', (_name, light, full, valid) => {
    const a = light.safeParse(valid);
    const b = full.safeParse(valid);
    expect(a.success).toBe(true);
    expect(b.success).toBe(true);
    expect(a.data).toEqual(b.data);
  });

  it.each(cases)('%s: both refuse a drifted answer', (_name, light, full, _valid, invalid) => {
    for (const answer of invalid) {
      expect({ answer, light: light.safeParse(answer).success, full: full.safeParse(answer).success }).toEqual({ answer, light: false, full: false });
    }
  });

  it('keeps unknown fields out, as the contract does', () => {
    const answer = { success: true, message: 'Order canceled', order_id: '12', status: 'canceled', extra: 1 };
    expect(cancelOrderAnswer.parse(answer)).toEqual(cancelOrderResponse.parse(answer));
    expect(cancelOrderAnswer.parse(answer)).not.toHaveProperty('extra');
  });
});
