import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { futuresMessages, storageKeys, type FuturesOpenOrder, type FuturesPosition } from '@exchange/contract';
import { FuturesTabs } from '../src/features/futures/orders/FuturesTabs';
import { ClosePositionDialog } from '../src/features/futures/orders/ClosePositionDialog';
import { OpenOrders } from '../src/features/futures/orders/OpenOrders';
import { queryClient } from '../src/shared/query/queryClient';
import { stubFetch } from './auth-test-utils';
import { contract } from './futures-test-utils';

beforeEach(() => localStorage.setItem(storageKeys.authToken, 'token-1'));
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const order = (overrides: Partial<FuturesOpenOrder> = {}): FuturesOpenOrder => ({
  order_id: '21',
  position_id: '11',
  inst_id: 'BTC-USDT-SWAP',
  symbol: 'BTC',
  side: 'long',
  position_type: 'isolated',
  order_type: 'limit',
  leverage: 20,
  reduce_only: true,
  price: '90000',
  amount: '0.004',
  filled_amount: '0',
  held: '0',
  take_profit: null,
  stop_loss: null,
  status: 'pending',
  open: true,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const position: FuturesPosition = {
  position_id: '11',
  inst_id: 'BTC-USDT-SWAP',
  symbol: 'BTC',
  side: 'long',
  position_type: 'isolated',
  leverage: 20,
  amount: '0.004',
  entry_price: '60000',
  mark_price: '61000',
  liquidation_price: '57300',
  margin: '12',
  max_removable_margin: '0',
  margin_ratio: '0.05',
  unrealized_pnl: '4',
  realized_pnl: '0',
  fee: '0.12',
  funding: '0',
  close_price: null,
  closing_amount: '0',
  take_profit: null,
  stop_loss: null,
  trigger_by: 'mark',
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  closed_at: null,
};

describe('the futures tabs (issue 41)', () => {
  it('are one tab list: arrows, Home and End move and select, the panel names its tab', async () => {
    stubFetch({
      '/futures/positions/history': { status: 200, body: { positions: [], next_before: null } },
      '/futures/funding-history': { status: 200, body: { payments: [], next_before: null } },
      '/futures/orders/open': { status: 200, body: [] },
      '/futures/positions': { status: 200, body: [] },
      '/user-wallets': { status: 200, body: [[], {}] },
    });
    const user = userEvent.setup();
    render(<FuturesTabs uid={42} positions={{ rows: [], loading: false, failed: false }} contracts={[contract('61000')]} refresh={0} onChanged={() => undefined} />);
    const list = screen.getByRole('tablist');
    expect(within(list).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Positions',
      'Open Orders',
      'Order History',
      'Position History',
      'Funding History',
      'Assets',
    ]);
    const selected = () => within(list).getByRole('tab', { selected: true });
    expect(selected().textContent).toBe('Order History');
    // One Tab stop: the selected tab.
    expect(within(list).getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toEqual([selected()]);

    selected().focus();
    await user.keyboard('{ArrowRight}');
    expect(selected().textContent).toBe('Position History');
    expect(document.activeElement).toBe(selected());
    expect(await screen.findByText('No closed positions yet')).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selected().textContent).toBe('Open Orders');
    expect(await screen.findByText('No open orders')).toBeTruthy();
    await user.keyboard('{End}');
    expect(selected().textContent).toBe('Assets');
    await user.keyboard('{ArrowRight}');
    expect(selected().textContent).toBe('Positions');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(selected().textContent).toBe('Assets');
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(selected().id);
    expect(selected().getAttribute('aria-controls')).toBe(panel.id);
  });

  it('shows open orders with their cancel, and cancels all only after the confirmation', async () => {
    const user = userEvent.setup();
    const cancelOne = vi.fn(async (id: string) => ({ success: true as const, message: 'Order canceled', order_ids: [id] }));
    const cancelAll = vi.fn(async () => ({ success: true as const, message: '2 orders canceled', order_ids: ['21', '22'] }));
    const onChanged = vi.fn();
    const rows = [order(), order({ order_id: '22', reduce_only: false, price: '30000', amount: '1234.5', held: '15.01' })];
    render(<OpenOrders list={{ rows, loading: false, failed: false }} onChanged={onChanged} onFailed={() => undefined} cancelOne={cancelOne} cancelAll={cancelAll} />);
    const first = screen.getByTestId('futures-open-order-21');
    expect(within(first).getByText('Close long')).toBeTruthy();
    expect(within(screen.getByTestId('futures-open-order-22')).getByText('1,234.5')).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: 'Cancel order 21' }));
    expect(cancelOne).toHaveBeenCalledWith('21');
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole('button', { name: 'Cancel all' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel all open orders?' });
    expect(cancelAll).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel all' }));
    expect(cancelAll).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
  });

  it('shows loading, error and empty states', () => {
    const { rerender } = render(<OpenOrders list={{ rows: [], loading: true, failed: false }} onChanged={() => undefined} onFailed={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    rerender(<OpenOrders list={{ rows: [], loading: false, failed: true }} onChanged={() => undefined} onFailed={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load');
    rerender(<OpenOrders list={{ rows: [], loading: false, failed: false }} onChanged={() => undefined} onFailed={() => undefined} />);
    expect(screen.getByText('No open orders')).toBeTruthy();
  });
});

describe('the close dialog (issue 41)', () => {
  it('shows the fee and the expected result before confirming, and closes the whole position at market', async () => {
    const user = userEvent.setup();
    const close = vi.fn(async () => ({ success: true, message: 'Position closed successfully', future_id: '11', status: 'closed' as const, realized_pnl: '4', returned: '15.88' }));
    const place = vi.fn();
    const onDone = vi.fn();
    render(<ClosePositionDialog uid={42} position={position} contract={contract('61000')} onDismiss={() => undefined} onDone={onDone} onFailed={() => undefined} close={close} place={place} />);
    const dialog = screen.getByRole('dialog', { name: 'Close BTC-USDT-SWAP long' });
    // 0.004 at 61,000 against 60,000: +4.00; fee 0.05 % of 244 = 0.122.
    expect(within(dialog).getByTestId('close-preview-pnl').textContent).toBe('4.00 USDT');
    expect(within(dialog).getByTestId('close-preview-fee').textContent).toBe('-0.12 USDT');
    expect(within(dialog).getByTestId('close-preview-result').textContent).toBe('3.88 USDT (32.32%)');
    await user.click(within(dialog).getByRole('button', { name: 'Close at market' }));
    expect(close).toHaveBeenCalledWith('11');
    expect(place).not.toHaveBeenCalled();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(false));
  });

  it('places a reduce-only limit order for a part, previewed at the limit price', async () => {
    const user = userEvent.setup();
    const place = vi.fn(async () => ({}) as never);
    const onDone = vi.fn();
    render(<ClosePositionDialog uid={42} position={position} contract={contract('61000')} onDismiss={() => undefined} onDone={onDone} onFailed={() => undefined} place={place} />);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Limit' }));
    const price = within(dialog).getByRole('textbox');
    await user.clear(price);
    await user.type(price, '62000');
    await user.click(within(dialog).getByRole('button', { name: '50%' }));
    expect(within(dialog).getByText('0.002 BTC')).toBeTruthy();
    expect(within(dialog).getByTestId('close-preview-pnl').textContent).toBe('4.00 USDT');
    expect(within(dialog).getByTestId('close-preview-fee').textContent).toBe('-0.06 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Place close order' }));
    expect(place).toHaveBeenCalledWith(expect.objectContaining({ action: 'close', side: 'long', orderType: 'limit', price: '62000', amount: '0.002', symbol: 'BTC-USDT-SWAP' }), expect.any(String));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
  });

  it('attaches a take-profit and stop-loss to a partial close, each checked against the entry with the contract’s texts', async () => {
    const user = userEvent.setup();
    const place = vi.fn(async () => ({}) as never);
    render(<ClosePositionDialog uid={42} position={position} contract={contract('61000')} onDismiss={() => undefined} onDone={() => undefined} onFailed={() => undefined} place={place} />);
    const dialog = screen.getByRole('dialog');
    // A whole close leaves nothing to set them on.
    expect(within(dialog).queryByLabelText('Take-profit (USDT)')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Limit' }));
    await user.click(within(dialog).getByRole('button', { name: '50%' }));
    const tp = within(dialog).getByLabelText('Take-profit (USDT)');
    const sl = within(dialog).getByLabelText('Stop-loss (USDT)');
    await user.type(tp, '59000');
    expect(within(dialog).getByRole('alert').textContent).toBe(futuresMessages.takeProfitSide);
    expect((within(dialog).getByRole('button', { name: 'Place close order' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(tp);
    await user.type(tp, '65000');
    await user.type(sl, '60500');
    expect(within(dialog).getByRole('alert').textContent).toBe(futuresMessages.stopLossSide);
    await user.clear(sl);
    await user.type(sl, '58000');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Place close order' }));
    expect(place).toHaveBeenCalledWith(expect.objectContaining({ action: 'close', amount: '0.002', takeProfit: '65000', stopLoss: '58000' }), expect.any(String));
  });
});
