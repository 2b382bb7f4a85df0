import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_API_KEY, storageKeys, walletMessages } from '@exchange/contract';
import TransferPage from '../src/features/transfer/TransferPage';
import { validateTransfer } from '../src/features/transfer/validation';
import { renderAt, stubFetch, type FakeAnswer, resetPageTest, signInTestUser } from './auth-test-utils';

afterEach(() => {
  resetPageTest();
  vi.restoreAllMocks();
});

beforeEach(signInTestUser);

const TRANSFERS = '/api/v1/transfers';

const record = {
  symbol: 'USDT',
  amount: '25',
  transfer_from: 'spot',
  transfer_to: 'futures',
  status: 'completed',
  created_at: '2026-01-05T10:00:00.000Z',
};

const part = (available: string) => ({ available, held: [], total: available });

/** GET /balances/42 with USDT in the three wallets. */
function balancesBody(spot: string, funding = '0', futures = '0') {
  const total = String(Number(spot) + Number(funding) + Number(futures));
  return {
    assets: [
      { symbol: 'USDT', name: 'Tether', coin_id: 0, logo_path: '', price: '1', funding: part(funding), spot: part(spot), futures: part(futures), earn: '0', total, value: total },
    ],
    totals: { funding: part(funding), spot: part(spot), futures: part(futures), earn: '0', total },
  };
}

function setup(extra: Record<string, FakeAnswer | (() => FakeAnswer)> = {}, path = '/transfer') {
  const answers = {
    '/api/v1/coins': { status: 200, body: [] },
    '/balances/42': { status: 200, body: balancesBody('10000.00000000') },
    '/transfer-history/42': { status: 200, body: [] },
    ...extra,
  };
  const fetchMock = stubFetch(answers);
  renderAt(path, '/transfer', <TransferPage />);
  return fetchMock;
}

const amountBox = () => screen.getByLabelText('Amount');
const transferButton = () => screen.getByRole('button', { name: 'Transfer' });
const loaded = () => waitFor(() => expect(screen.getByTestId('spot-balance').textContent).toBe('10,000.00000000 USDT'));

describe('transfer page', () => {
  it('shows the three wallets’ available balances to 8 decimals and the empty history', async () => {
    setup();
    await loaded();
    expect(screen.getByTestId('futures-balance').textContent).toBe('0.00000000 USDT');
    expect(screen.getByTestId('funding-balance').textContent).toBe('0.00000000 USDT');
    expect(await screen.findByText('No records found')).toBeTruthy();
    expect(screen.getByText('Get started with your first transaction')).toBeTruthy();
  });

  it('keeps the Transfer button disabled with an empty or zero amount (spec 3 §5)', async () => {
    const user = userEvent.setup();
    const fetchMock = setup();
    await loaded();
    expect(transferButton()).toHaveProperty('disabled', true);
    await user.type(amountBox(), '0');
    expect(screen.getByRole('alert').textContent).toBe(walletMessages.invalidAmount);
    expect(transferButton()).toHaveProperty('disabled', true);
    await user.type(amountBox(), '{Enter}');
    await user.clear(amountBox());
    await user.type(amountBox(), '0.5');
    expect(transferButton()).toHaveProperty('disabled', false);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(TRANSFERS))).toBe(false);
  });

  it('keeps the Transfer button disabled while the From balance is unknown', async () => {
    const user = userEvent.setup();
    setup({ '/balances/42': { status: 500, body: {} } });
    expect(await screen.findByText(/Could not load the Spot balance/)).toBeTruthy();
    await user.type(amountBox(), '5');
    expect(transferButton()).toHaveProperty('disabled', true);
  });

  it('refuses what it cannot read, dropping nothing, and flags more than the balance before sending', async () => {
    const user = userEvent.setup();
    const fetchMock = setup();
    await loaded();
    await user.type(amountBox(), '1a0.5.0001');
    expect((amountBox() as HTMLInputElement).value).toBe('1a0.5.0001');
    expect(screen.getByText('Type only digits and a decimal separator, like 0.01')).toBeTruthy();
    expect(transferButton()).toHaveProperty('disabled', true);
    await user.clear(amountBox());
    await user.type(amountBox(), '10000.00000001');
    expect(screen.getByRole('alert').textContent).toBe(walletMessages.insufficientBalance);
    expect(transferButton()).toHaveProperty('disabled', true);
    await user.type(amountBox(), '{Enter}');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(TRANSFERS))).toBe(false);
  });

  it('never lets From and To be equal: picking the other side swaps them', async () => {
    const user = userEvent.setup();
    setup();
    await loaded();
    const [from, to] = screen.getAllByRole('combobox') as HTMLSelectElement[];
    await user.selectOptions(to as HTMLSelectElement, 'spot');
    expect((from as HTMLSelectElement).value).toBe('futures');
    await user.click(screen.getByRole('button', { name: 'Swap From and To' }));
    expect((from as HTMLSelectElement).value).toBe('spot');
    expect((to as HTMLSelectElement).value).toBe('futures');
    expect(validateTransfer({ symbol: 'USDT', from: 'spot', to: 'spot', amount: '1', balance: '5' })).toBe(
      walletMessages.sameAccounts,
    );
  });

  it('moves a deposit from Funding to Spot: the wallets the address names are chosen, Max is the Funding balance', async () => {
    const user = userEvent.setup();
    const fetchMock = setup(
      {
        '/balances/42': { status: 200, body: balancesBody('10000', '250.5') },
        [TRANSFERS]: { status: 201, body: { success: true, message: 'Transfer successful', transfer: { ...record, transfer_from: 'funding', transfer_to: 'spot', id: 't3' } } },
      },
      '/transfer?from=funding&to=spot',
    );
    await waitFor(() => expect(screen.getByTestId('funding-balance').textContent).toBe('250.50000000 USDT'));
    const [from, to] = screen.getAllByRole('combobox') as HTMLSelectElement[];
    expect([from?.value, to?.value]).toEqual(['funding', 'spot']);
    expect([...(from as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Funding', 'Spot', 'Future']);
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect((amountBox() as HTMLInputElement).value).toBe('250.50000000');
    await user.click(transferButton());
    expect(await screen.findByText(walletMessages.transferSuccessful)).toBeTruthy();
    const init = fetchMock.mock.calls.find(([url]) => String(url).includes(TRANSFERS))?.[1];
    expect(JSON.parse(String(init?.body))).toMatchObject({ transfer_from: 'funding', transfer_to: 'spot', amount: 250.5 });
  });

  it('Max fills the From balance', async () => {
    const user = userEvent.setup();
    setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect((amountBox() as HTMLInputElement).value).toBe('10000.00000000');
  });

  it('sends the amount as a JSON number (spec 3 §7)', async () => {
    const user = userEvent.setup();
    const fetchMock = setup({
      [TRANSFERS]: { status: 201, body: { success: true, message: 'Transfer successful', transfer: { ...record, amount: '2500.25', id: 't2' } } },
    });
    await loaded();
    await user.type(amountBox(), '2500.25');
    await user.click(transferButton());
    expect(await screen.findByText(walletMessages.transferSuccessful)).toBeTruthy();
    const init = fetchMock.mock.calls.find(([url]) => String(url).includes(TRANSFERS))?.[1];
    expect(String(init?.body)).toContain('"amount":2500.25');
    expect(typeof (JSON.parse(String(init?.body)) as { amount: unknown }).amount).toBe('number');
  });

  it('sends the transfer with an Idempotency-Key, then refreshes balances and history', async () => {
    const user = userEvent.setup();
    vi.spyOn(crypto, 'randomUUID').mockReturnValue('11111111-2222-3333-4444-555555555555');
    let transferred = false;
    const fetchMock = setup({
      [TRANSFERS]: () => {
        transferred = true;
        return { status: 200, body: { success: true, message: 'Transfer successful', transfer: { ...record, id: 't1' } } };
      },
      '/transfer-history/42': () => ({ status: 200, body: transferred ? [record] : [] }),
    });
    await loaded();
    await user.type(amountBox(), '25');
    await user.click(transferButton());
    expect(await screen.findByText(walletMessages.transferSuccessful)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes(TRANSFERS));
    const init = call?.[1];
    const headers = init?.headers as Record<string, string>;
    expect(init?.method).toBe('POST');
    expect(headers['Idempotency-Key']).toBe('11111111-2222-3333-4444-555555555555');
    expect(headers.Authorization).toBe('Bearer token-1');
    expect(String(call?.[0])).toBe(TRANSFERS);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      apikey: DEFAULT_API_KEY,
      uid: 42,
      transfer_from: 'spot',
      transfer_to: 'futures',
      symbol: 'USDT',
      amount: 25,
    });
    expect((amountBox() as HTMLInputElement).value).toBe('');
    const history = screen.getByRole('region', { name: 'Transfer History' });
    await within(history).findByText('25.00000000');
    expect(within(history).getByText('Completed')).toBeTruthy();
    const balanceCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/balances/42'));
    expect(balanceCalls.length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's message when the transfer is refused", async () => {
    const user = userEvent.setup();
    setup({ [TRANSFERS]: { status: 400, body: { message: 'Insufficient balance' } } });
    await loaded();
    await user.type(amountBox(), '5');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient balance');
    expect(screen.getByRole('button', { name: 'Transfer' })).toHaveProperty('disabled', false);
  });

  it('shows the history error with Try Again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    setup({ '/transfer-history/42': () => (++calls === 1 ? { status: 500, body: {} } : { status: 200, body: [record] }) });
    expect(await screen.findByText('Error loading transfer history')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Completed')).toBeTruthy();
  });

  it('names the asset button by its visible label and the asset it shows', async () => {
    setup();
    await loaded();
    const trigger = screen.getByRole('button', { name: 'Asset USDT Tether' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('listbox');
  });

  it('opens the asset search as a combobox and closes it with Escape back on the asset button', async () => {
    const user = userEvent.setup();
    setup();
    await loaded();
    const trigger = screen.getByRole('button', { name: 'Asset USDT Tether' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const input = screen.getByRole('combobox', { name: 'Search assets' });
    expect(document.activeElement).toBe(input);
    // The list has its name once the coins are in (a hidden list has none); a loaded machine may still be fetching them.
    expect(input.getAttribute('aria-controls')).toBe((await screen.findByRole('listbox', { name: 'Assets', hidden: true })).id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox', { name: 'Search assets' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('offers the guided tour, whose steps find their targets on the page', async () => {
    const user = userEvent.setup();
    setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Start Tour' }));
    expect(localStorage.getItem(storageKeys.hasSeenTransferWalkthrough)).toBe('true');
    for (const target of ['transfer-asset', 'transfer-from', 'transfer-swap', 'transfer-to', 'transfer-amount', 'transfer-max', 'transfer-submit']) {
      expect(document.querySelector(`[data-tour="${target}"]`)).not.toBeNull();
    }
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
