import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { FuturesPosition } from '@exchange/contract';
import { halfOnLots, PositionList } from '../src/features/futures/orders/PositionList';
import { PositionsTable } from '../src/features/futures/orders/PositionsTable';
import { activateLocale } from '../src/shared/i18n/i18n';
import { contract, positionRow } from './futures-test-utils';

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

function position(overrides: Partial<FuturesPosition> = {}): FuturesPosition {
  return {
    position_id: '11',
    inst_id: 'BTC-USDT-SWAP',
    symbol: 'BTC',
    side: 'long',
    position_type: 'isolated',
    leverage: 20,
    amount: '0.004',
    entry_price: '60150',
    mark_price: '61000',
    liquidation_price: '57300',
    margin: '12.03',
    max_removable_margin: '0',
    margin_ratio: '0.05',
    unrealized_pnl: '3.4',
    realized_pnl: '0',
    fee: '0.1203',
    funding: '0',
    close_price: null,
    closing_amount: '0',
    take_profit: null,
    stop_loss: null,
    trigger_by: 'mark',
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    closed_at: null,
    ...overrides,
  };
}

describe('the Positions tab (issue 41)', () => {
  it('halves a size on the lot grid, rounding down', () => {
    expect(halfOnLots('0.004', '0.001')).toBe('0.002');
    expect(halfOnLots('0.003', '0.001')).toBe('0.001');
    expect(halfOnLots('0.001', '0.001')).toBe('0.000');
    expect(halfOnLots('5', '1')).toBe('2');
  });

  it('shows an open position live with its closes, and a closed one with its realised profit and exit price, no mark and no close', () => {
    const closed = position({ position_id: '12', amount: '0', mark_price: null, liquidation_price: null, unrealized_pnl: '0', realized_pnl: '-1.25', close_price: '59837.5', status: 'closed' });
    render(<PositionList uid={42} list={{ rows: [position(), closed], loading: false, failed: false }} contracts={[contract('61000')]} onChanged={() => undefined} onFailed={() => undefined} />);
    const open = screen.getByTestId('futures-position-11');
    expect(within(open).getByTestId('futures-position-entry').textContent).toBe('60,150.00');
    expect(within(open).getByRole('button', { name: 'Close 50%' })).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Close all' })).toBeTruthy();
    const done = screen.getByTestId('futures-position-12');
    expect(within(done).getByTestId('futures-position-realized').textContent).toBe('-1.25 USDT');
    expect(within(done).getByText('59,837.50')).toBeTruthy();
    expect(within(done).queryByRole('button')).toBeNull();
    expect(within(done).getAllByText('--').length).toBeGreaterThanOrEqual(2);
  });

  it('writes sizes in the page’s language, as the other figures of the row are: 0,004 in Spanish', async () => {
    await activateLocale('es');
    render(<PositionList uid={42} list={{ rows: [position()], loading: false, failed: false }} contracts={[contract('61000')]} onChanged={() => undefined} onFailed={() => undefined} />);
    expect(within(screen.getByTestId('futures-position-11')).getByTestId('futures-position-amount').textContent).toBe('0,004');
    expect(within(screen.getByTestId('futures-position-11')).getByTestId('futures-position-entry').textContent).toBe('60.150,00');
  });
});

describe('the Order History', () => {
  it('writes an order’s amount in the page’s language: 0,01 in Spanish', async () => {
    await activateLocale('es');
    render(<PositionsTable positions={{ rows: [positionRow({ amount: '0.01' })], loading: false, failed: false }} contracts={[contract('61000')]} onClose={() => undefined} />);
    expect(screen.getByRole('cell', { name: '0,01' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: '0.01' })).toBeNull();
  });
});
