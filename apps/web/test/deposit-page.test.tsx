import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { amountLimitMessages, fundsMessages as m, storageKeys, type AddressScheme, type CoinTransactionRow, type DepositRecord } from '@exchange/contract';
import DepositPage from '../src/features/deposit/DepositPage';
import { HISTORY_POLL_MS } from '../src/features/deposit/data/useDepositHistory';
import { renderAt } from './auth-test-utils';
import { FakeSocket } from './fake-socket';

// The QR encoder's output is its own library's business; the page's part is what it asks for.
vi.mock('qrcode.react', () => ({
  QRCodeSVG: (props: { value: string; size: number; level: string; title: string }) => (
    <svg role="img" aria-label={props.title} data-testid="qr" data-value={props.value} data-size={props.size} data-level={props.level} />
  ),
}));

interface Answer {
  status: number;
  body: unknown;
}
type Route = (url: URL, init?: RequestInit) => Answer | undefined;

const TRON_ADDRESS = 'TXYZabcdefghijkmnopqrstuvwxyz12345';
const trc20 = { id: 2, code: 'TRC20', name: 'TRON (TRC20)', address_format: 'T…', scheme: 'tron' as AddressScheme, memo: false, confirmations: 19, withdraw_fee: '1', min_deposit: '1', decimals: 6, simulated: true };
const erc20 = { id: 1, code: 'ERC20', name: 'Ethereum (ERC20)', address_format: '0x…', scheme: 'evm' as AddressScheme, memo: false, confirmations: 6, withdraw_fee: '2', min_deposit: '1', decimals: 6, simulated: true };
const xrp = { id: 9, code: 'XRP', name: 'XRP Ledger', address_format: 'r…', scheme: 'xrp' as AddressScheme, memo: true, confirmations: 1, withdraw_fee: '0.2', min_deposit: '0.1', decimals: 6, simulated: true };
const btc = { id: 4, code: 'BTC', name: 'Bitcoin', address_format: 'bc1…', scheme: 'bitcoin' as AddressScheme, memo: false, confirmations: 2, withdraw_fee: '0.0002', min_deposit: '0.0001', decimals: 6, simulated: true };

function coins(usdtFunding = '0'): CoinTransactionRow[] {
  const row = (symbol: string, name: string, networks: (typeof trc20)[], funding = '0') => ({
    coin_id: 1,
    symbol,
    name,
    logo_path: '',
    price: '1',
    funding_balance: funding,
    spot_balance: '0',
    networks,
  });
  return [
    row('USDT', 'Tether', [erc20, trc20], usdtFunding),
    row('BTC', 'Bitcoin', [btc]),
    row('ETH', 'Ethereum', [erc20]),
    row('SOL', 'Solana', [{ ...btc, id: 5, code: 'SOL', name: 'Solana' }]),
    row('XRP', 'XRP', [xrp]),
  ];
}

const deposit = (overrides: Partial<DepositRecord> = {}): DepositRecord => ({
  id: 'd1',
  date: '2026-01-05T10:00:00.000Z',
  coin_name: 'Tether',
  symbol: 'USDT',
  image_path: '',
  amount: '25',
  fee: '0',
  final_amount: '25',
  network: 'TRC20',
  address: TRON_ADDRESS,
  memo: null,
  tx_hash: '0xfeed000000000000000000000000000000000000000000000000000000000001',
  confirmations: 3,
  confirmations_needed: 19,
  status: 'submitted',
  reason: null,
  ...overrides,
});

function serve(routes: Route[] = []) {
  let creditWallet = 'funding';
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    let answer: Answer | undefined;
    for (const route of routes) {
      answer = route(url, init);
      if (answer) break;
    }
    if (!answer) {
      if (url.pathname === '/api/v1/coin-transaction') answer = { status: 200, body: coins() };
      else if (url.pathname === '/api/v1/deposit-address') {
        const id = Number(url.searchParams.get('network_id'));
        const memo = id === xrp.id ? '100000042' : null;
        const address = id === trc20.id ? TRON_ADDRESS : `addr-${id}`;
        answer = { status: 200, body: { network_id: id, network: 'X', address, memo } };
      } else if (url.pathname === '/api/v1/transaction-history/42') answer = { status: 200, body: [] };
      else if (url.pathname === '/api/v1/deposit-wallet/42') answer = { status: 200, body: { wallet: creditWallet } };
      else if (url.pathname === '/api/v1/deposit-wallet' && init?.method === 'POST') {
        creditWallet = (JSON.parse(String(init.body)) as { wallet: string }).wallet;
        answer = { status: 200, body: { wallet: creditWallet } };
      }
    }
    if (!answer) throw new TypeError(`Unexpected fetch ${init?.method ?? 'GET'} ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const calls = (mock: ReturnType<typeof serve>, path: string, method = 'GET') =>
  mock.mock.calls.filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method);

function signIn(uid = '42') {
  localStorage.setItem(storageKeys.authToken, 'token-1');
  localStorage.setItem(storageKeys.userId, 'user-1');
  if (uid) localStorage.setItem(storageKeys.uid, uid);
}

const render = () => renderAt('/deposit', '/deposit', <DepositPage />);

async function pickUsdtOnTrc20(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'USDT' }));
  await user.click(screen.getByRole('radio', { name: /^TRC20 / }));
  await screen.findByTestId('deposit-address');
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('deposit page, who may see it', () => {
  it('sends a visitor to log in', async () => {
    const mock = serve();
    render();
    expect(await screen.findByRole('heading', { name: 'Log in to deposit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(mock).not.toHaveBeenCalled();
  });

  it('says the user id is missing when a session has none (spec 3 §8)', async () => {
    signIn('');
    serve();
    render();
    expect(await screen.findByRole('heading', { name: m.userIdMissing })).toBeTruthy();
  });
});

describe('deposit steps', () => {
  it('goes crypto, network, address: the real address with its 160 px level-H QR and the terms', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve();
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    expect(screen.getByRole('button', { name: 'USDT' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    const radio = screen.getByRole('radio', { name: /^TRC20 TRON \(TRC20\)/ });
    expect(radio.closest('label')?.textContent).toMatch(/19 confirmations needed.*Minimum deposit 1 USDT/);
    await user.click(radio);
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(TRON_ADDRESS);
    const qr = screen.getByTestId('qr');
    expect([qr.dataset.value, qr.dataset.size, qr.dataset.level]).toEqual([TRON_ADDRESS, '160', 'H']);
    const asked = new URL(String(calls(mock, '/api/v1/deposit-address')[0]?.[0]), 'http://localhost').searchParams;
    expect([asked.get('uid'), asked.get('network_id')]).toEqual(['42', '2']);
    await waitFor(() => expect(screen.getByTestId('deposit-account').textContent).toBe('Funding'));
    expect(screen.getByText('About 18 minutes on a real chain')).toBeTruthy();
    expect(screen.getByTestId('deposit-funding-balance').textContent).toBe('0 USDT');
    expect(screen.queryByTestId('deposit-memo')).toBeNull();
  });

  it('credits deposits straight to Spot once the user chooses it, and says so', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve();
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    await user.click(screen.getByRole('radio', { name: /^TRC20 TRON \(TRC20\)/ }));
    const choice = await screen.findByTestId('deposit-credit-wallet');
    await waitFor(() => expect(within(choice).getByRole('radio', { name: /^Funding/ })).toHaveProperty('checked', true));
    await user.click(within(choice).getByRole('radio', { name: /^Spot/ }));
    await waitFor(() => expect(screen.getByTestId('deposit-account').textContent).toBe('Spot'));
    expect(within(choice).getByRole('radio', { name: /^Spot/ })).toHaveProperty('checked', true);
    const [, init] = calls(mock, '/api/v1/deposit-wallet', 'POST')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ uid: 42, wallet: 'spot' });
    expect(within(choice).getByRole('link', { name: 'move them from Funding to Spot' }).getAttribute('href')).toBe('/transfer?from=funding&to=spot');
  });

  it('clears the network and the address when the crypto changes (spec 3 §4)', async () => {
    signIn();
    const user = userEvent.setup();
    serve();
    render();
    await pickUsdtOnTrc20(user);
    await user.click(screen.getByRole('button', { name: 'BTC' }));
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(screen.queryByTestId('qr')).toBeNull();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-checked') ?? String((r as HTMLInputElement).checked))).toEqual(['false']);
    expect(screen.queryByRole('radio', { name: /^TRC20/ })).toBeNull();
  });

  it('shows PI as a quick pick that cannot be chosen, with the reason', async () => {
    signIn();
    serve();
    render();
    const pi = await screen.findByRole('button', { name: 'PI' });
    expect(pi).toHaveProperty('disabled', true);
    expect(pi.getAttribute('aria-describedby')).toBe('deposit-quick-unavailable');
    expect(document.getElementById('deposit-quick-unavailable')?.textContent).toBe('Not available for deposit yet: PI has no supported network.');
  });

  it('searches cryptos by symbol or name, case-insensitive, and says when nothing matches', async () => {
    signIn();
    const user = userEvent.setup();
    serve();
    render();
    await user.click(await screen.findByRole('button', { name: /^Select crypto/ }));
    const search = screen.getByRole('combobox');
    await user.type(search, 'bITcoin');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['BBTCBitcoin']);
    await user.clear(search);
    await user.type(search, 'dogecoin');
    expect(screen.getByText(m.noMatchingCrypto)).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'xrp{Enter}');
    expect(screen.getByRole('button', { name: /^Select crypto/ }).textContent).toContain('XRP');
    expect(screen.getByRole('radio', { name: /^XRP XRP Ledger.*Memo required/ })).toBeTruthy();
  });

  it('shows the memo with its own copy and the memo warning where the network needs one', async () => {
    signIn();
    const user = userEvent.setup();
    serve();
    render();
    await user.click(await screen.findByRole('button', { name: /^Select crypto/ }));
    await user.type(screen.getByRole('combobox'), 'xrp{Enter}');
    await user.click(screen.getByRole('radio', { name: /^XRP / }));
    expect((await screen.findByTestId('deposit-memo')).textContent).toBe('100000042');
    expect(screen.getByRole('button', { name: 'Copy memo' })).toBeTruthy();
    expect(screen.getByText(/Both the memo and the address are required/)).toBeTruthy();
  });

  it('copies the address, and says so when the clipboard refuses', async () => {
    signIn();
    const user = userEvent.setup();
    serve();
    render();
    await pickUsdtOnTrc20(user);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect((await screen.findByRole('alert')).textContent).toBe(m.copyFailed);

    writeText.mockResolvedValueOnce(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenLastCalledWith(TRON_ADDRESS);
    expect(await screen.findByText('Address copied')).toBeTruthy();
    expect(screen.queryByText(m.copyFailed)).toBeNull();
  });

  it('shows the bad-request text when the coin list answers 400, and retries', async () => {
    signIn();
    const user = userEvent.setup();
    let fail = true;
    serve([(url) => (url.pathname === '/api/v1/coin-transaction' && fail ? { status: 400, body: { message: 'nope' } } : undefined)]);
    render();
    expect(await screen.findByText(m.badRequest)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'USDT' })).toBeTruthy();
  });
});

describe('deposit history', () => {
  it('shows No records found when there are none', async () => {
    signIn();
    serve();
    render();
    expect(await screen.findByText(m.depositsEmpty)).toBeTruthy();
  });

  it('shows the error with a retry', async () => {
    signIn();
    const user = userEvent.setup();
    let fail = true;
    serve([(url) => (url.pathname === '/api/v1/transaction-history/42' && fail ? { status: 500, body: {} } : undefined)]);
    render();
    expect(await screen.findByText('Failed to load deposit history.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(m.depositsEmpty)).toBeTruthy();
  });

  it('lists rows with confirmations, coloured statuses and the reason of a skipped one', async () => {
    signIn();
    serve([
      (url) =>
        url.pathname === '/api/v1/transaction-history/42'
          ? {
              status: 200,
              body: [
                deposit({ id: 'd2', status: 'skipped', amount: '0.5', confirmations: 19, reason: m.belowMinimum('1', 'USDT') }),
                deposit({ id: 'd1', status: 'credited', confirmations: 19 }),
              ],
            }
          : undefined,
    ]);
    render();
    const rows = await screen.findAllByTestId('deposit-row');
    expect(rows.map((row) => within(row).getByTestId('deposit-status').textContent)).toEqual(['Not credited', 'Credited']);
    expect(within(rows[0]!).getByTestId('deposit-status').className).toContain('wallet-status--down');
    expect(within(rows[1]!).getByTestId('deposit-status').className).toContain('wallet-status--up');
    expect(within(rows[0]!).getByText(m.belowMinimum('1', 'USDT'))).toBeTruthy();
    expect(within(rows[1]!).getByTestId('deposit-confirmations').textContent).toBe('19/19');
  });

  it('listens on the private socket’s deposits channel and reloads the history when a deposit changes', async () => {
    signIn();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const answers = [deposit({ confirmations: 3 }), deposit({ confirmations: 19, status: 'credited' })];
    let served = 0;
    serve([
      (url) => {
        if (url.pathname !== '/api/v1/transaction-history/42') return undefined;
        const body = [answers[Math.min(served, answers.length - 1)]];
        served += 1;
        return { status: 200, body };
      },
    ]);
    render();
    expect((await screen.findByTestId('deposit-confirmations')).textContent).toBe('3/19');
    const socket = FakeSocket.all[0]!;
    act(() => socket.onopen?.({}));
    expect(JSON.parse(socket.sent[0]!)).toEqual({ op: 'login', args: [{ token: 'token-1' }] });
    act(() => socket.push({ event: 'login', code: '0' }));
    expect(socket.sent.slice(1).map((text) => JSON.parse(text) as unknown)).toEqual([{ op: 'subscribe', args: [{ channel: 'deposits' }] }]);
    act(() => socket.push({ arg: { channel: 'deposits' }, data: [deposit({ confirmations: 19, status: 'credited' })] }));
    await waitFor(() => expect(screen.getByTestId('deposit-status').textContent).toBe('Credited'));
  });

  it('polls every 3 s while a deposit confirms, reloads the balance once it is credited, then stops', async () => {
    signIn();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const answers = [deposit({ confirmations: 3 }), deposit({ confirmations: 12, status: 'submitted' }), deposit({ confirmations: 19, status: 'credited' })];
    let served = 0;
    const mock = serve([
      (url) => {
        if (url.pathname === '/api/v1/transaction-history/42') {
          const body = [answers[Math.min(served, answers.length - 1)]];
          served += 1;
          return { status: 200, body };
        }
        if (url.pathname === '/api/v1/coin-transaction') return { status: 200, body: coins(served >= 3 ? '25' : '0') };
        return undefined;
      },
    ]);
    render();
    const confirmations = async () => (await screen.findByTestId('deposit-confirmations')).textContent;
    expect(await confirmations()).toBe('3/19');
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS));
    await waitFor(async () => expect(await confirmations()).toBe('12/19'));
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS));
    await waitFor(async () => expect(await confirmations()).toBe('19/19'));
    expect(screen.getByTestId('deposit-status').textContent).toBe('Credited');
    await waitFor(() => expect(calls(mock, '/api/v1/coin-transaction')).toHaveLength(2));
    const historyCalls = calls(mock, '/api/v1/transaction-history/42').length;
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS * 3));
    expect(calls(mock, '/api/v1/transaction-history/42')).toHaveLength(historyCalls);
  });

  it('does not poll while the page is hidden', async () => {
    signIn();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const mock = serve([(url) => (url.pathname === '/api/v1/transaction-history/42' ? { status: 200, body: [deposit()] } : undefined)]);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    render();
    await screen.findByTestId('deposit-row');
    // Bubbling, as a browser's: the page's visibility is heard on the window.
    act(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS * 3));
    expect(calls(mock, '/api/v1/transaction-history/42')).toHaveLength(1);
    visibility.mockReturnValue('visible');
    act(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS));
    await waitFor(() => expect(calls(mock, '/api/v1/transaction-history/42')).toHaveLength(2));
  });
});

describe('simulate a deposit', () => {
  it('sends the amount to the simulated chain and follows the new deposit in the history', async () => {
    signIn();
    const user = userEvent.setup();
    let sent = false;
    const txHash = deposit().tx_hash;
    const mock = serve([
      (url, init) => {
        if (url.pathname === '/api/v1/simulated-chain/deposits' && init?.method === 'POST') {
          sent = true;
          return { status: 200, body: { tx_hash: txHash, network: 'TRC20', address: TRON_ADDRESS, amount: '25' } };
        }
        if (url.pathname === '/api/v1/transaction-history/42') return { status: 200, body: sent ? [deposit()] : [] };
        return undefined;
      },
    ]);
    render();
    await pickUsdtOnTrc20(user);
    expect(screen.getByRole('heading', { name: 'Simulate a deposit' })).toBeTruthy();
    expect(screen.getByText(/built-in chain simulator/)).toBeTruthy();
    const amount = screen.getByRole('textbox', { name: 'Amount of USDT to simulate' });
    await user.click(screen.getByRole('button', { name: 'Simulate deposit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid amount');
    expect(calls(mock, '/api/v1/simulated-chain/deposits', 'POST')).toHaveLength(0);

    await user.type(amount, '25');
    await user.click(screen.getByRole('button', { name: 'Simulate deposit' }));
    expect(await screen.findByText(/^Sent 25 USDT to your address/)).toBeTruthy();
    const [, init] = calls(mock, '/api/v1/simulated-chain/deposits', 'POST')[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ uid: 42, network_id: 2, symbol: 'USDT', amount: '25' });
    expect((await screen.findByTestId('deposit-confirmations')).textContent).toBe('3/19');
    expect(amount).toHaveProperty('value', '');
  });

  it('refuses, before asking the simulator, an amount below the minimum or with more decimals than the network carries', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve();
    render();
    await pickUsdtOnTrc20(user);
    const amount = screen.getByRole('textbox', { name: 'Amount of USDT to simulate' });
    // The minimum is said before anything is typed, and stays said beside the field.
    expect(screen.getByTestId('simulate-minimum').textContent).toMatch(/^Minimum deposit: 1 USDT\./);
    expect(amount.getAttribute('aria-describedby')).toBe(screen.getByTestId('simulate-minimum').id);
    await user.type(amount, '0.5');
    await user.click(screen.getByRole('button', { name: 'Simulate deposit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter at least the minimum deposit of 1 USDT: a smaller deposit is recorded but not credited.');
    await user.clear(amount);
    await user.type(amount, '1.0000001');
    await user.click(screen.getByRole('button', { name: 'Simulate deposit' }));
    expect(screen.getByRole('alert').textContent).toBe(amountLimitMessages.tooManyDecimals('USDT', 'TRC20', 6));
    expect(amount.getAttribute('aria-describedby')).toBe(`${screen.getByTestId('simulate-minimum').id} ${screen.getByRole('alert').id}`);
    expect(calls(mock, '/api/v1/simulated-chain/deposits', 'POST')).toHaveLength(0);
  });

  it('is not offered on a network the operator does not let users simulate', async () => {
    signIn();
    const user = userEvent.setup();
    const real = coins().map((coin) => ({ ...coin, networks: coin.networks.map((network) => ({ ...network, simulated: false })) }));
    serve([(url) => (url.pathname === '/api/v1/coin-transaction' ? { status: 200, body: real } : undefined)]);
    render();
    await pickUsdtOnTrc20(user);
    expect(screen.getByText('Minimum deposit')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Simulate a deposit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simulate deposit' })).toBeNull();
  });

  it('shows the server words when the simulator refuses', async () => {
    signIn();
    const user = userEvent.setup();
    serve([(url) => (url.pathname === '/api/v1/simulated-chain/deposits' ? { status: 404, body: { message: m.simulatorOnly } } : undefined)]);
    render();
    await pickUsdtOnTrc20(user);
    await user.type(screen.getByRole('textbox', { name: 'Amount of USDT to simulate' }), '5');
    await user.click(screen.getByRole('button', { name: 'Simulate deposit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(m.simulatorOnly);
  });
});
