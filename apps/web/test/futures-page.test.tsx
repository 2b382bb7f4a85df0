import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { coinSchema, errorCodes, futuresMessages, storageKeys, verificationMessages } from '@exchange/contract';
import { normaliseCoin, type Coin } from '../src/shared/market/coin';
import type { PublicSocket } from '../src/shared/market/publicSocket';
import FutureTradingPage from '../src/features/futures/FutureTradingPage';
import { stubFetch, type FakeAnswer } from './auth-test-utils';
import { contract, positionRow } from './futures-test-utils';
import { FakeSocket } from './fake-socket';
import { scopes } from '../src/shared/query/keys';
import { queryClient } from '../src/shared/query/queryClient';
import { POSITIONS_POLL_MS } from '../src/features/futures/data/usePositions';

vi.mock('../src/shared/chart/PriceChart', () => ({
  default: ({ symbol }: { symbol: string }) => <div data-testid="chart">chart {symbol}</div>,
}));
vi.mock('../src/shared/trading/order-book/OrderBook', () => ({
  OrderBook: ({ instId, onPriceClick }: { instId?: string; onPriceClick?: (price: string) => void }) => (
    <button type="button" onClick={() => onPriceClick?.('60500.0')}>
      book {instId}
    </button>
  ),
}));
vi.mock('../src/shared/tour', () => ({
  GuidedTour: () => null,
}));

const coins: Coin[] = [
  ['BTC', 60000],
  ['ETH', 3000],
].map(([symbol, price], i) =>
  normaliseCoin(coinSchema.parse({ id: i + 1, symbol, name: `${symbol} coin`, price, price_change_24h: 1.5 }), Date.now()),
);

const publicSocket: PublicSocket = { subscribe: () => () => undefined, status: () => 'open', close: () => undefined };

function wallet(futures: string) {
  const entry = (symbol: string, balance: string) => ({
    coin_id: 1,
    crypto_symbol: symbol,
    crypto_name: symbol,
    logo_path: '',
    price: '1',
    spot_wallet: '0',
    future_wallet: balance,
  });
  return { cryptoWallet: entry('BTC', '0'), usdtWallet: entry('USDT', futures) };
}

/** Holds back the answers to calls whose URL has `part` until `open` settles. */
interface Gate {
  part: string;
  open: Promise<void>;
}

function setup(answers: Record<string, FakeAnswer | (() => FakeAnswer)> = {}, gate?: Gate) {
  const fetchMock = stubFetch({
    '/futures/contracts': { status: 200, body: [contract('60000')] },
    '/user-wallet/42/': { status: 200, body: wallet('1000') },
    '/user-futures/42': { status: 200, body: [] },
    ...answers,
  });
  if (gate)
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes(gate.part)) await gate.open;
      return fetchMock(input, init);
    });
  const client = { fetchCoins: vi.fn(async () => ({ success: true, data: coins })) };
  const router = createMemoryRouter([{ path: '/future-trading', element: <FutureTradingPage client={client} socket={publicSocket} /> }], {
    initialEntries: ['/future-trading'],
  });
  render(<RouterProvider router={router} />);
  return { router, fetchMock };
}

function signIn() {
  localStorage.setItem(storageKeys.authToken, 'token-1');
  localStorage.setItem(storageKeys.userId, 'user-1');
  localStorage.setItem(storageKeys.uid, '42');
}

const callsTo = (mock: ReturnType<typeof stubFetch>, part: string) => mock.mock.calls.filter(([url]) => String(url).includes(part));

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('the futures page for a visitor', () => {
  it('shows market data, the login prompts and LOGIN TO TRADE instead of the buttons', async () => {
    const { fetchMock } = setup();
    expect(await screen.findByText('book BTC-USDT-SWAP')).toBeTruthy();
    expect(screen.getByText(futuresMessages.loginToAccess)).toBeTruthy();
    expect(screen.getByRole('link', { name: futuresMessages.loginToTradeButton }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Buy / Long' })).toBeNull();
    expect(screen.getByTestId('futures-available').textContent).toBe(futuresMessages.loginToViewBalance);
    await waitFor(() => expect(screen.getByTestId('index-price').textContent).toBe('60,000.00'));
    // Each of the three prices is named as everywhere on the page.
    const header = screen.getByRole('region', { name: 'Market info' });
    for (const name of ['Last price', 'Mark price', 'Index price']) expect(within(header).getByText(name)).toBeTruthy();
    expect(screen.getByTestId('last-price').textContent).toBe('60,000.00');
    expect(screen.getByTestId('mark-price').textContent).toBe('60,000.00');
    expect(screen.getByTestId('header-leverage').textContent).toBe('20x');
    expect(callsTo(fetchMock, '/user-futures')).toHaveLength(0);
    expect(callsTo(fetchMock, '/user-wallet')).toHaveLength(0);
  });

  it('says so when there are no favourites', async () => {
    localStorage.setItem('future_favorites_bar_data', JSON.stringify({ data: [], timestamp: Date.now() }));
    setup();
    expect(await screen.findByText(futuresMessages.noFavorites)).toBeTruthy();
  });
});

describe('the futures trade form', () => {
  it('opens a 20× long with the spec query, shows the notice, then refreshes wallet and positions', async () => {
    signIn();
    const { fetchMock } = setup({
      '/api/v1/futures?': {
        status: 200,
        body: { success: true, message: 'Long position opened', future_id: '9', position_id: '9', status: 'active', filled_amount: '0.01', entry_price: '60000', margin: '30', liquidation_price: '57236.18' },
      },
    });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('futures-available').textContent).toBe('1,000.00000000 USDT'));
    await user.click(screen.getByText('book BTC-USDT-SWAP'));
    expect((screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement).value).toBe('60500.0');
    await user.clear(screen.getByRole('textbox', { name: 'Price' }));
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '60000');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '0.01');
    expect(screen.getByTestId('futures-cost').textContent).toBe('30.00000 USDT');
    expect(screen.getByTestId('futures-fee').textContent).toBe('0.30000 USDT');
    expect(screen.getByTestId('futures-liquidation-buy').textContent).toMatch(/^57,\d{3}\.\d{2} USDT$/);
    const walletReads = callsTo(fetchMock, '/user-wallet').length;
    await user.click(screen.getByRole('button', { name: 'Buy / Long' }));
    expect(await screen.findByText('Long position opened')).toBeTruthy();
    const [url] = callsTo(fetchMock, '/api/v1/futures?')[0] ?? [];
    const query = new URL(String(url), 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      uid: '42',
      transaction_type: 'BUY MORE',
      position_action: 'open',
      side: 'long',
      leverage: '20',
      margin_mode: 'isolated',
      order_type: 'limit',
      entry_price: '60000',
      amount: '0.01',
    });
    await waitFor(() => expect(callsTo(fetchMock, '/user-wallet').length).toBeGreaterThan(walletReads), { timeout: 5000 });
  });

  it('waits for the futures wallet before an opening order: no refusal against a balance not yet read', async () => {
    signIn();
    let openWallet = () => undefined as void;
    const open = new Promise<void>((resolve) => {
      openWallet = resolve;
    });
    setup({ '/api/v1/futures?': { status: 200, body: { success: true, message: 'Long position opened', future_id: '9', position_id: '9', status: 'active', filled_amount: '0.01', entry_price: '60000', margin: '30', liquidation_price: '57236.18' } } }, { part: '/user-wallet/42/', open });
    const user = userEvent.setup();
    await screen.findByText('book BTC-USDT-SWAP');
    const available = screen.getByTestId('futures-available');
    expect(available.textContent).toBe('Loading balance...');
    expect(available.getAttribute('aria-busy')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Market' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '0.01');
    const buy = screen.getByRole('button', { name: 'Buy / Long' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    expect(buy.getAttribute('aria-describedby')).toBe(available.id);
    expect((screen.getByRole('slider', { name: 'Share of available margin' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(buy);
    expect(screen.queryByRole('alert')).toBeNull();
    // Closing does not spend the wallet, so it need not wait for it.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect((screen.getByRole('button', { name: 'Close Long' }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    act(() => openWallet());
    await waitFor(() => expect(available.textContent).toBe('1,000.00000000 USDT'));
    expect(available.getAttribute('aria-busy')).toBe('false');
    expect(buy.disabled).toBe(false);
    await user.click(buy);
    expect(await screen.findByText('Long position opened')).toBeTruthy();
  });

  it('lets the server judge the margin when the wallet could not be read', async () => {
    signIn();
    const { fetchMock } = setup({ '/user-wallet/42/': { status: 500, body: {} }, '/api/v1/futures?': { status: 400, body: { message: futuresMessages.noLiquidity } } });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('futures-available').textContent).toBe('Could not read your futures wallet'));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy / Long' }));
    expect(await screen.findByText(futuresMessages.noLiquidity)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/v1/futures?')).toHaveLength(1);
  });

  it('sets each side’s leverage apart on the server, costs each button at its own, and names both in the header', async () => {
    signIn();
    const setting = (side: string, margin_mode: string, leverage = 20) => ({ side, margin_mode, leverage, max_leverage: 125, position_notional: '0' });
    // One body read by both the GET (leverageResponse) and the PUT (setLeverageResponse): each schema takes its fields.
    const { fetchMock } = setup({
      '/futures/leverage': {
        status: 200,
        body: {
          inst_id: 'BTC-USDT-SWAP',
          max_leverage: 125,
          settings: [setting('long', 'isolated'), setting('short', 'isolated'), setting('long', 'cross', 5), setting('short', 'cross', 7)],
          success: true,
          message: 'Leverage set',
          setting: { ...setting('long', 'isolated'), leverage: 50 },
          position_id: null,
          margin: null,
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByText('book BTC-USDT-SWAP');
    const long = screen.getByRole('textbox', { name: 'Long leverage' });
    await user.clear(long);
    await user.type(long, '200');
    expect(screen.getByText('Enter a whole number from 1 to 125')).toBeTruthy();
    await user.clear(long);
    await user.type(long, '50{Enter}');
    await waitFor(() => expect(screen.getByTestId('header-leverage').textContent).toBe('50x long / 20x short'));
    const puts = () => fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/futures/leverage') && (init as RequestInit | undefined)?.method === 'PUT');
    expect(puts().map(([, init]) => JSON.parse(String((init as RequestInit).body)))).toEqual([{ contract: 'BTC-USDT-SWAP', side: 'long', margin_mode: 'isolated', leverage: 50 }]);
    expect((screen.getByRole('textbox', { name: 'Short leverage' }) as HTMLInputElement).value).toBe('20');
    await user.clear(screen.getByRole('textbox', { name: 'Price' }));
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '60000');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '0.01');
    expect(screen.getByTestId('futures-cost-buy').textContent).toBe('12.00000 USDT');
    expect(screen.getByTestId('futures-cost-sell').textContent).toBe('30.00000 USDT');
    await user.click(screen.getByRole('button', { name: 'Cross' }));
    await waitFor(() => expect(screen.getByTestId('header-leverage').textContent).toBe('5x long / 7x short'));
    expect(puts()).toHaveLength(1);
    await user.clear(screen.getByRole('textbox', { name: 'Amount' }));
    await user.click(screen.getByRole('button', { name: 'Sell / Short' }));
    expect(screen.getByRole('alert').textContent).toBe(futuresMessages.invalidAmount);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Close Long' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('shows take-profit and stop-loss inputs under TP/SL and sends them', async () => {
    signIn();
    const { fetchMock } = setup({ '/api/v1/futures?': { status: 400, body: { message: futuresMessages.noLiquidity } } });
    const user = userEvent.setup();
    await screen.findByText('book BTC-USDT-SWAP');
    await user.click(screen.getByRole('tab', { name: 'TP/SL' }));
    await user.click(screen.getByRole('button', { name: 'Market entry' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '0.01');
    await user.type(screen.getByRole('textbox', { name: 'Take profit' }), '65000');
    await user.type(screen.getByRole('textbox', { name: 'Stop loss' }), '58000');
    await user.click(screen.getByRole('button', { name: 'Buy / Long' }));
    expect(await screen.findByText(futuresMessages.noLiquidity)).toBeTruthy();
    const [url] = callsTo(fetchMock, '/api/v1/futures?')[0] ?? [];
    expect(Object.fromEntries(new URL(String(url), 'http://x').searchParams)).toMatchObject({ order_type: 'market', take_profit: '65000', stop_loss: '58000' });
  });
});

describe('the futures page over the private socket', () => {
  it('opens one socket for the futures channels and reads the Order History again on each futures-orders push', async () => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    signIn();
    const { fetchMock } = setup();
    await waitFor(() => expect(callsTo(fetchMock, '/user-futures/42').length).toBeGreaterThan(0));
    expect(FakeSocket.all).toHaveLength(1);
    // The Order History polls only while the socket is not live.
    const pollOf = () => queryClient.getQueryCache().find({ queryKey: [scopes.futuresPositions, 42], exact: false, predicate: (q) => q.observers.length > 0 })?.observers[0]?.options.refetchInterval;
    expect(pollOf()).toBe(POSITIONS_POLL_MS);
    const socket = FakeSocket.all[0];
    act(() => socket?.onopen?.({}));
    act(() => socket?.push({ event: 'login', code: '0' }));
    await waitFor(() => expect(pollOf()).toBe(false));
    expect(socket?.sent.slice(1).map((text) => JSON.parse(text).args[0].channel)).toEqual(['futures-orders', 'positions']);
    const before = callsTo(fetchMock, '/user-futures/42').length;
    act(() => socket?.push({ arg: { channel: 'futures-orders' }, data: [] }));
    await waitFor(() => expect(callsTo(fetchMock, '/user-futures/42').length).toBe(before + 1));
  });
});

describe('the futures trade form without a verified identity', () => {
  it('shows the server’s refusal with a Verify link to the wizard', async () => {
    signIn();
    setup({ '/api/v1/futures?': { status: 403, body: { message: verificationMessages.futuresIdentityRequired, code: errorCodes.identityNotVerified } } });
    const user = userEvent.setup();
    await screen.findByText('book BTC-USDT-SWAP');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy / Long' }));
    const note = await screen.findByRole('alert');
    expect(note.textContent).toContain(verificationMessages.futuresIdentityRequired);
    expect(within(note).getByRole('link', { name: 'Verify' }).getAttribute('href')).toBe('/account/profile/verify');
  });
});

describe('the positions list', () => {
  it('pages by 10 with the Showing text and a Close button on open rows only', async () => {
    signIn();
    const rows = Array.from({ length: 12 }, (_, i) => positionRow({ future_id: String(100 - i), status: i === 0 ? 'active' : 'closed' }));
    setup({ '/user-futures/42': { status: 200, body: rows } });
    expect(await screen.findByText('Showing 1-10 of 12 orders')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('button', { name: /^Close position/ })).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: '2' }));
    expect(screen.getByText('Showing 11-12 of 12 orders')).toBeTruthy();
  });

  it('shows the spec error when the history cannot load', async () => {
    signIn();
    setup({ '/user-futures/42': { status: 500, body: {} } });
    expect(await screen.findByText(futuresMessages.historyFailed)).toBeTruthy();
  });

  it('tells the user when an open position was liquidated since the last poll', async () => {
    signIn();
    let liquidated = false;
    setup({
      '/user-futures/42': () => ({
        status: 200,
        body: [positionRow(liquidated ? { status: 'liquidated', close_price: '57236.18' } : {})],
      }),
    });
    await screen.findAllByTestId('position-status');
    liquidated = true;
    expect(await screen.findByText('Your BTC-USDT-SWAP position was liquidated at 57,236.18', {}, { timeout: 5000 })).toBeTruthy();
  });
});
