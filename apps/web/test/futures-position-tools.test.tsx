import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FuturesPosition } from '@exchange/contract';
import { ApiError } from '../src/shared/api/http';
import { MarginDialog } from '../src/features/futures/orders/MarginDialog';
import { TpslDialog, tpslProblem } from '../src/features/futures/orders/TpslDialog';

afterEach(cleanup);

const position: FuturesPosition = {
  position_id: '11',
  inst_id: 'BTC-USDT-SWAP',
  symbol: 'BTC',
  side: 'long',
  position_type: 'isolated',
  leverage: 20,
  amount: '0.01',
  entry_price: '60000',
  mark_price: '60100',
  liquidation_price: '57300',
  margin: '30',
  max_removable_margin: '4.5',
  margin_ratio: '0.05',
  unrealized_pnl: '1',
  realized_pnl: '0',
  fee: '0.3',
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

describe('MarginDialog', () => {
  it('checks the amount before sending, sends add or remove, and closes when done', async () => {
    const change = vi.fn().mockResolvedValue({});
    const onChanged = vi.fn();
    const onDismiss = vi.fn();
    render(<MarginDialog position={position} available="100" onDismiss={onDismiss} onChanged={onChanged} change={change} />);
    expect(screen.getByText('Available to add')).toBeTruthy();
    expect(screen.getByTestId('margin-dialog-limit').textContent).toBe('100.00 USDT');
    const amount = screen.getByLabelText('Amount (USDT)');
    fireEvent.change(amount, { target: { value: '1.123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('at most 8 decimals');
    fireEvent.change(amount, { target: { value: '150' } });
    expect((screen.getByRole('alert')).textContent).toContain('More than your futures wallet has available');
    expect(change).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'reduce' } });
    // Removal is bounded by the server's figure on the position, not by the wallet.
    expect(screen.getByText('Max removable')).toBeTruthy();
    expect(screen.getByTestId('margin-dialog-limit').textContent).toBe('4.50 USDT');
    expect(screen.getByRole('alert').textContent).toBe('At most 4.50 USDT can be removed now');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect((amount as HTMLInputElement).value).toBe('4.5');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
    expect(change).toHaveBeenCalledWith('11', { type: 'reduce', amount: '4.5' });
    expect(onChanged).toHaveBeenCalled();
  });

  it('offers no removal when nothing can leave the position', () => {
    render(<MarginDialog position={{ ...position, max_removable_margin: '0' }} onDismiss={vi.fn()} onChanged={vi.fn()} change={vi.fn()} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'reduce' } });
    expect(screen.getByTestId('margin-dialog-limit').textContent).toBe('0.00 USDT');
    expect(screen.queryByRole('button', { name: 'Max' })).toBeNull();
  });

  it('shows the server’s refusal and stays open', async () => {
    const change = vi.fn().mockRejectedValue(new ApiError('At most 2 USDT can be removed', 400, 'MARGIN_TOO_LOW'));
    const onDismiss = vi.fn();
    render(<MarginDialog position={{ ...position, max_removable_margin: null }} onDismiss={onDismiss} onChanged={vi.fn()} change={change} />);
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByText('At most 2 USDT can be removed')).textContent).toBe('At most 2 USDT can be removed');
    expect(onDismiss).not.toHaveBeenCalled();
  });
});

describe('TpslDialog', () => {
  it('names a take-profit or stop-loss on the wrong side of the mark', () => {
    expect(tpslProblem('long', '', '', 100)).toBe('none');
    expect(tpslProblem('long', 'abc', '', 100)).toBe('format');
    expect(tpslProblem('long', '99', '', 100)).toBe('tpSide');
    expect(tpslProblem('long', '', '101', 100)).toBe('slSide');
    expect(tpslProblem('short', '99', '101', 100)).toBeNull();
    expect(tpslProblem('long', '99', '', null)).toBeNull();
  });

  it('refuses a long take-profit below the mark, then sends the prices and what they watch', async () => {
    const set = vi.fn().mockResolvedValue({});
    const onDismiss = vi.fn();
    render(<TpslDialog position={position} onDismiss={onDismiss} onChanged={vi.fn()} set={set} />);
    fireEvent.change(screen.getByLabelText('Take-profit (USDT)'), { target: { value: '59000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The take-profit must be above the mark price');
    fireEvent.change(screen.getByLabelText('Take-profit (USDT)'), { target: { value: '65000' } });
    fireEvent.change(screen.getByLabelText('Stop-loss (USDT)'), { target: { value: '55000' } });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'last' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
    expect(set).toHaveBeenCalledWith('11', { tp_trigger_price: '65000', sl_trigger_price: '55000', trigger_by: 'last' });
  });

  it('removes the triggers of a position that has some', async () => {
    const clear = vi.fn().mockResolvedValue({});
    render(<TpslDialog position={{ ...position, take_profit: '65000' }} onDismiss={vi.fn()} onChanged={vi.fn()} clear={clear} />);
    expect((screen.getByLabelText('Take-profit (USDT)') as HTMLInputElement).value).toBe('65000');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(clear).toHaveBeenCalledWith('11'));
  });
});
