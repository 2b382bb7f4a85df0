import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { futuresMessages, storageKeys } from '@exchange/contract';
import { FuturesTabs } from '../src/features/futures/orders/FuturesTabs';
import { stubFetch, type FakeAnswer } from './auth-test-utils';
import { contract, positionRow } from './futures-test-utils';

beforeEach(() => {
  localStorage.setItem(storageKeys.authToken, 'token-1');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // Testing Library lets fake timers run while it waits only when it sees Jest's API.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function setup(answer: FakeAnswer) {
  const fetchMock = stubFetch({ '/close-position': answer });
  const onChanged = vi.fn();
  render(
    <FuturesTabs
      uid={42}
      positions={{ rows: [positionRow()], loading: false, failed: false }}
      contracts={[contract('61000')]}
      refresh={0}
      onChanged={onChanged}
    />,
  );
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { fetchMock, onChanged, user };
}

describe('the close flow (spec 2 §4)', () => {
  it('confirms with the position figures, shows Processing..., the success view, refreshes and closes after 2 s', async () => {
    let release: () => void = () => undefined;
    const { fetchMock, onChanged, user } = setup({
      status: 200,
      body: { success: true, message: 'Position closed successfully', future_id: '7', status: 'closed', realized_pnl: '1000', returned: '3970' },
    });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      await new Promise<void>((resolve) => (release = resolve));
      return answer!(input, init);
    });
    await user.click(screen.getByRole('button', { name: 'Close position 7' }));
    const dialog = screen.getByRole('dialog', { name: 'Close position' });
    const fact = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect([fact('Position ID'), fact('Coin'), fact('Entry Price'), fact('Asset Value'), fact('Return')]).toEqual([
      '7',
      'BTC',
      '60,000.00',
      '4,000.00 USDT',
      '33.33%',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close Position' }));
    expect((within(dialog).getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
    expect(await screen.findByText(futuresMessages.closedFundsReturned)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/close-position?future_id=7');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
    expect(onChanged).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes nothing on Cancel', async () => {
    const { fetchMock, user } = setup({ status: 200, body: {} });
    await user.click(screen.getByRole('button', { name: 'Close position 7' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops the dialog on a refusal and shows the notice for 5 s', async () => {
    const { onChanged, user } = setup({ status: 403, body: { message: futuresMessages.notYours } });
    await user.click(screen.getByRole('button', { name: 'Close position 7' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close Position' }));
    expect(await screen.findByText(futuresMessages.cannotClose)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText(futuresMessages.cannotClose)).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(futuresMessages.cannotClose)).toBeNull();
  });
});
