import type { FuturesContract, FuturesPositionRow } from '@exchange/contract';

/** A position row of GET /user-futures: 1 BTC long at 60,000, 20×, active. */
export function positionRow(overrides: Partial<FuturesPositionRow> = {}): FuturesPositionRow {
  return {
    future_id: '7',
    position_id: '7',
    reduce_only: false,
    date: '2026-01-01T00:00:00.000Z',
    coin: 'BTC',
    coin_id: 1,
    symbol: 'BTC-USDT-SWAP',
    inst_id: 'BTC-USDT-SWAP',
    logo_path: '',
    side: 'long',
    position_type: 'isolated',
    order_type: 'limit',
    leverage: 20,
    entry_price: '60000',
    order_price: '60000',
    amount: '1',
    filled_amount: '1',
    total: '60000',
    margin: '3000',
    liquidation_price: '57236.18',
    mark_price: '60000',
    unrealized_pnl: '0',
    realized_pnl: '0',
    fee: '30',
    funding: '0',
    margin_ratio: '0.08',
    cycle: 0,
    asset: '3000',
    return_percentage: '0',
    take_profit: null,
    stop_loss: null,
    status: 'active',
    closed_at: null,
    close_price: null,
    ...overrides,
  };
}

/** The BTC perpetual with every price at `mark`. */
export function contract(mark: string): FuturesContract {
  return {
    inst_id: 'BTC-USDT-SWAP',
    symbol: 'BTC',
    coin_id: 1,
    type: 'perpetual',
  expiry_time: null,
    tick_size: '0.1',
    lot_size: '0.001',
    max_leverage: 125,
    mark_price: mark,
    index_price: mark,
    last_price: mark,
    funding_rate: '0.0001',
    predicted_funding_rate: '-0.00005',
    next_funding_time: 0,
    funding_interval_hours: 4,
    open_interest: '12.5',
    open_interest_long: '12.5',
    open_interest_short: '12.5',
    open_interest_usdt: '750000',
    insurance_fund: '0',
    listed_at: 0,
  };
}
