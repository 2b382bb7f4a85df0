import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { coinSchema, type OrderHistoryRow } from '@exchange/contract';
import { normaliseCoin, type Coin } from '../src/shared/market/coin';
import type { PublicSocket } from '../src/shared/market/publicSocket';
import { ComingSoonProvider } from '../src/shared/coming-soon/ComingSoonProvider';
import SpotTradingPage from '../src/features/spot/SpotTradingPage';
import { stubFetch, type FakeAnswer, resetPageTest, signInTestUser } from './auth-test-utils';

vi.mock('../src/shared/chart/PriceChart', () => ({
  default: ({ symbol }: { symbol: string }) => <div data-testid="chart">chart {symbol}</div>,
}));
vi.mock('../src/shared/trading/order-book/OrderBook', () => ({
  OrderBook: ({ symbol, onPriceClick }: { symbol: string; onPriceClick?: (price: string) => void }) => (
    <button type="button" onClick={() => onPriceClick?.('95.5')}>
      book {symbol}
    </button>
  ),
}));
vi.mock('../src/shared/tour', () => ({
  GuidedTour: () => null,
}));

/** A WebSocket stand-in that records what the page sends and lets a test push messages. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const coins: Coin[] = [
  ['BTC', 100],
  ['ETH', 50],
  ['SOL', 10],
].map(([symbol, price], i) =>
  normaliseCoin(coinSchema.parse({ id: i + 1, symbol, name: `${symbol} coin`, price, price_change_24h: 1.5 }), Date.now()),
);

const publicSocket: PublicSocket = { subscribe: () => () => undefined, status: () => 'open', close: () => undefined };

function wallet(usdt: string, crypto: string) {
  const entry = (symbol: string, balance: string) => ({
    coin_id: 1,
    crypto_symbol: symbol,
    crypto_name: symbol,
    logo_path: '',
    price: '100',
    spot_wallet: balance,
    future_wallet: '0',
  });
  return { cryptoWallet: entry('BTC', crypto), usdtWallet: entry('USDT', usdt) };
}

function order(n: number, side: 'buy' | 'sell', status: OrderHistoryRow['status'] = 'filled'): OrderHistoryRow {
  return {
    order_id: `o-${n}`,
    date: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    coin_id: 1,
    coin_name: 'BTC coin',
    symbol: 'BTC',
    order_type: side,
    excecution_type: 'limit',
    price: '100',
    stop_price: null,
    amount: '1',
    filled_amount: status === 'filled' ? '1' : '0',
    average_price: null,
    account_balance: '100',
    total: '100',
    fee: '0',
    fee_asset: 'USDT',
    status,
    logo_path: '',
  };
}

function setup(path: string, answers: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  const fetchMock = stubFetch({
    '/user-wallet/42/': { status: 200, body: wallet('1000', '2') },
    '/order-history/42?status=open': { status: 200, body: [order(1, 'buy', 'pending')] },
    '/order-history/42?status=all': { status: 200, body: [] },
    ...answers,
  });
  const client = { fetchCoins: vi.fn(async () => ({ success: true, data: coins })) };
  const router = createMemoryRouter(
    [{ path: '/spot-trading', element: <SpotTradingPage client={client} socket={publicSocket} /> }],
    { initialEntries: [path] },
  );
  render(
    <ComingSoonProvider>
      <RouterProvider router={router} />
    </ComingSoonProvider>,
  );
  return { router, fetchMock };
}

const where = (router: ReturnType<typeof setup>['router']) => router.state.location.pathname + router.state.location.search;
const form = () => screen.getByRole('form', { name: /^(Buy|Sell) / });
const callsTo = (mock: ReturnType<typeof stubFetch>, part: string) => mock.mock.calls.filter(([url]) => String(url).includes(part));

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(resetPageTest);

describe('spot trading page: coin selection', () => {
  it('puts the default coin (BTC) into the URL with a replace', async () => {
    const { router } = setup('/spot-trading');
    await screen.findByText('book BTC');
    await waitFor(() => expect(where(router)).toBe('/spot-trading?coin_pair_id=1'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('falls back to BTC for an unknown id and replaces the URL', async () => {
    const { router } = setup('/spot-trading?coin_pair_id=999');
    expect(await screen.findByText('book BTC')).toBeTruthy();
    await waitFor(() => expect(where(router)).toBe('/spot-trading?coin_pair_id=1'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens the coin of a known id and switches coin from a favourite and the picker', async () => {
    const user = userEvent.setup();
    const { router } = setup('/spot-trading?coin_pair_id=2');
    expect(await screen.findByText('book ETH')).toBeTruthy();
    expect(where(router)).toBe('/spot-trading?coin_pair_id=2');
    await user.click(within(screen.getByRole('toolbar', { name: 'Favourites' })).getByRole('button', { name: /SOL\/USDT/ }));
    expect(await screen.findByText('book SOL')).toBeTruthy();
    expect(where(router)).toBe('/spot-trading?coin_pair_id=3');
    await user.click(screen.getByRole('button', { name: /SOL\/USDT/, expanded: false }));
    await user.type(screen.getByRole('combobox', { name: 'Search coins' }), 'btc');
    await user.click(within(screen.getByRole('listbox', { name: 'Coins' })).getByRole('option', { name: /BTC\/USDT/ }));
    expect(await screen.findByText('book BTC')).toBeTruthy();
    expect(where(router)).toBe('/spot-trading?coin_pair_id=1');
  });

  it('heads the page with the pair and titles the tab with the pair, its price and the product', async () => {
    setup('/spot-trading?coin_pair_id=1');
    await screen.findByText('book BTC');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByRole('button', { name: 'BTC/USDT' })).toBeTruthy();
    const price = screen.getByTestId('last-price').textContent;
    await waitFor(() => expect(document.title).toBe(`BTC/USDT ${price} | Spot | Nexa`));
  });

  it('picks a coin from the keyboard: arrows move the active option, Enter picks it, focus returns to the pair', async () => {
    const user = userEvent.setup();
    const { router } = setup('/spot-trading?coin_pair_id=1');
    await screen.findByText('book BTC');
    screen.getByRole('button', { name: 'BTC/USDT', expanded: false }).focus();
    await user.keyboard('{Enter}');
    const input = screen.getByRole('combobox', { name: 'Search coins' });
    expect(document.activeElement).toBe(input);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = within(screen.getByRole('listbox', { name: 'Coins' })).getAllByRole('option');
    const active = options.find((option) => option.id === input.getAttribute('aria-activedescendant'));
    expect(active?.textContent).toMatch(/^ETH\/USDT/);
    expect(active?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('book ETH')).toBeTruthy();
    expect(where(router)).toBe('/spot-trading?coin_pair_id=2');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'ETH/USDT', expanded: false }));
  });

  it('closes the coin picker with Escape and gives focus back to the pair', async () => {
    const user = userEvent.setup();
    setup('/spot-trading?coin_pair_id=1');
    await screen.findByText('book BTC');
    await user.click(screen.getByRole('button', { name: 'BTC/USDT', expanded: false }));
    await user.keyboard('sol{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'BTC/USDT', expanded: false }));
  });

  it('marks every part the guided tour points at', async () => {
    setup('/spot-trading');
    await screen.findByText('book BTC');
    // The orders area renders just after the first paint.
    await screen.findByRole('region', { name: 'Orders' });
    const targets = [...document.querySelectorAll('[data-tour]')].map((node) => node.getAttribute('data-tour'));
    expect(targets.sort()).toEqual(['chart', 'coin-dropdown', 'favourites', 'market-info', 'order-book', 'orders', 'trade-form']);
    expect(screen.getByText('10x')).toBeTruthy();
  });
});

describe('spot trading page: visitors', () => {
  it('shows LOGIN TO TRADE and the login texts, and never calls the private APIs', async () => {
    const { fetchMock } = setup('/spot-trading');
    await screen.findByText('book BTC');
    expect(screen.getByRole('link', { name: 'LOGIN TO TRADE' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Buy BTC' })).toBeNull();
    expect(screen.getByTestId('available-balance').textContent).toBe('Login to view your balance');
    expect(await screen.findByText('Please login to view your order history')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeSocket.all).toHaveLength(0);
  });
});

describe('spot trading page: trading', () => {
  beforeEach(signInTestUser);

  it('places a limit order with the query, bearer token and an Idempotency-Key, then shows the success notice', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup('/spot-trading?coin_pair_id=1', {
      '/api/v1/orders?': { status: 201, body: { success: true, order_id: 'o-9', message: 'Order placed', status: 'pending', filled_amount: '0' } },
    });
    await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('1,000.00000 USDT'));
    expect((within(form()).getByRole('textbox', { name: 'Price' }) as HTMLInputElement).value).toBe('100.0000');
    await user.type(within(form()).getByRole('textbox', { name: 'Amount' }), '0.5');
    expect(screen.getByTestId('order-total').textContent).toBe('50.00000 USDT');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText('Buy order placed successfully!')).toBeTruthy();
    const [call] = callsTo(fetchMock, '/api/v1/orders?');
    const url = new URL(String(call?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      uid: '42',
      coin_id: '1',
      order_type: 'buy',
      excecution_type: 'limit',
      price: '100.0000',
      amount: '0.5',
      total_in_usdt: '50.000000',
      apikey: 'nexa-web',
    });
    const init = call?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-1');
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(callsTo(fetchMock, '/user-wallet/42/').length).toBeGreaterThan(1));
  });

  it('explains the max price of a market buy, and says what filled, at what average price and for what fee (issue 40)', async () => {
    const user = userEvent.setup();
    setup('/spot-trading?coin_pair_id=1', {
      '/api/v1/orders?': {
        status: 201,
        body: { success: true, order_id: 'o-10', message: 'Order placed', status: 'filled', filled_amount: '0.5', average_price: '100.2', total: '50.1', fee: '0.0005', fee_asset: 'BTC' },
      },
    });
    await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('1,000.00000 USDT'));
    // The spec's line is on every order; a limit order is told it is not held to it.
    expect(screen.getByTestId('max-price').textContent).toBe('105.00 USDT');
    expect(within(form()).getByText(/Only market buys are held to it: this order is not\.$/, { selector: '[hidden]' })).toBeTruthy();
    await user.click(within(form()).getByRole('tab', { name: 'Market' }));
    expect(screen.getByTestId('max-price').textContent).toBe('105.00 USDT');
    const help = within(form()).getByRole('button', { name: 'About this limit' });
    expect(help.getAttribute('aria-expanded')).toBe('false');
    await user.click(help);
    expect(help.getAttribute('aria-expanded')).toBe('true');
    const explained = within(form()).getByText(/^Protection limit: a market buy fills at the best offers, up to 5% above the best one/);
    expect(explained.textContent).not.toContain('Only market buys');
    await user.type(within(form()).getByRole('textbox', { name: 'Amount' }), '0.5');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText('Filled: bought 0.50000 BTC at an average price of 100.20 USDT. Fee: 0.00050000 BTC.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(within(form()).getByText(/Only market buys are held to it: this order is not\.$/)).toBeTruthy();
  });

  it('shows the server message when the order is refused, and checks the balance first', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup('/spot-trading?coin_pair_id=1', {
      '/api/v1/orders?': { status: 400, body: { message: 'Price must be a multiple of 0.01' } },
    });
    await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('1,000.00000 USDT'));
    const amount = within(form()).getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '11');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(within(form()).getByRole('alert').textContent).toBe('Insufficient balance. Max buy amount: 10.00000');
    expect(callsTo(fetchMock, '/api/v1/orders?')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '1');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText('Price must be a multiple of 0.01')).toBeTruthy();
  });

  it('shows as available the coin balance that can be sold, and sells it all at 100 % (issue 13, defect 3)', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup('/spot-trading?coin_pair_id=1', {
      '/user-wallet/42/': { status: 200, body: wallet('1000', '0.0011988') },
      '/api/v1/orders?': { status: 201, body: { success: true, order_id: 'o-9', message: 'Order placed', status: 'filled', filled_amount: '0.00119' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('0.00119 BTC'));
    const amount = within(form()).getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '0.00119');
    await user.click(screen.getByRole('button', { name: 'Sell BTC' }));
    expect(await screen.findByText('Sell order placed successfully!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '100%' }));
    expect((amount as HTMLInputElement).value).toBe('0.00119');
    expect(callsTo(fetchMock, '/api/v1/orders?')).toHaveLength(1);
  });

  it('takes a price from the order book and sells the slider share of the coin balance', async () => {
    const user = userEvent.setup();
    setup('/spot-trading?coin_pair_id=1');
    await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('1,000.00000 USDT'));
    await user.click(screen.getByRole('button', { name: 'book BTC' }));
    expect((within(form()).getByRole('textbox', { name: 'Price' }) as HTMLInputElement).value).toBe('95.5');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.click(screen.getByRole('button', { name: '50%' }));
    expect((within(form()).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('1.00000');
    expect(screen.getByRole('button', { name: 'Sell BTC' })).toBeTruthy();
    await user.click(within(form()).getByRole('tab', { name: 'Market' }));
    expect((within(form()).getByRole('textbox', { name: 'Price' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(form()).getByRole('tab', { name: 'Stop-Limit' }));
    expect(within(form()).getByRole('textbox', { name: 'Stop price' })).toBeTruthy();
  });
});

describe('spot trading page: orders', () => {
  beforeEach(signInTestUser);

  it('cancels an open order with DELETE', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup('/spot-trading?coin_pair_id=1', {
      '/api/v1/orders/o-1': { status: 200, body: { success: true, message: 'Order canceled', order_id: 'o-1', status: 'canceled' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order o-1' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/v1/orders/o-1')).toHaveLength(1));
    const [url, init] = callsTo(fetchMock, '/api/v1/orders/o-1')[0] ?? [];
    expect(String(url)).toBe('/api/v1/orders/o-1?apikey=nexa-web');
    expect(init?.method).toBe('DELETE');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('shows what a filled order cost: average price, filled amount, total paid and fee beside the limit (issue 13, defect 1)', async () => {
    const user = userEvent.setup();
    // A 0.001 BTC buy with a 110,000 limit, filled at 103,668.89 on average.
    const paid: OrderHistoryRow = {
      ...order(1, 'buy'),
      price: '110000',
      amount: '0.001',
      filled_amount: '0.001',
      average_price: '103668.89',
      account_balance: '103.66889',
      total: '103.66889',
      fee: '0.000001',
      fee_asset: 'BTC',
    };
    setup('/spot-trading?coin_pair_id=1', { '/order-history/42?status=all': { status: 200, body: [paid] } });
    await user.click(await screen.findByRole('tab', { name: 'Order History' }));
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);
    const value = (column: string) => cells[headers.indexOf(column)];
    expect(value('Price')).toBe('110,000.00');
    expect(value('Filled')).toBe('0.00100');
    expect(value('Avg. price')).toBe('103,668.89');
    expect(value('Total')).toBe('103.66889 USDT');
    expect(value('Fee')).toBe('0.000001 BTC');
  });

  it('an open order shows what its fills cost so far, not its limit value', async () => {
    const partial: OrderHistoryRow = {
      ...order(1, 'buy', 'partially filled'),
      price: '110000',
      amount: '0.002',
      filled_amount: '0.001',
      average_price: '103668.89',
      account_balance: '213.66889',
      total: '103.66889',
      fee: '0.000001',
      fee_asset: 'BTC',
    };
    setup('/spot-trading?coin_pair_id=1', { '/order-history/42?status=open': { status: 200, body: [partial] } });
    const cancel = await screen.findByRole('button', { name: 'Cancel order o-1' });
    const row = cancel.closest('tr') as HTMLElement;
    expect(within(row).getByText('103.66889 USDT')).toBeTruthy();
    expect(within(row).getByText('103,668.89')).toBeTruthy();
    expect(within(row).queryByText(/213\.66889/)).toBeNull();
  });

  it('filters and pages the order history', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 23 }, (_, i) => order(i + 1, i % 2 === 0 ? 'buy' : 'sell'));
    setup('/spot-trading?coin_pair_id=1', { '/order-history/42?status=all': { status: 200, body: rows } });
    await user.click(await screen.findByRole('tab', { name: 'Order History' }));
    expect(await screen.findByText('Showing 1-10 of 23 orders')).toBeTruthy();
    expect(screen.getByText('Last 7 days')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getByText('Showing 21-23 of 23 orders')).toBeTruthy();
    const filters = within(screen.getByRole('group', { name: 'Side filter' }));
    await user.click(filters.getByRole('button', { name: 'Sell' }));
    expect(screen.getByText('Showing 1-10 of 11 orders')).toBeTruthy();
    await user.click(filters.getByRole('button', { name: 'Buy' }));
    expect(screen.getByText('Showing 1-10 of 12 orders')).toBeTruthy();
  });

  it('says when the history failed or is empty', async () => {
    const user = userEvent.setup();
    setup('/spot-trading?coin_pair_id=1', { '/order-history/42?status=all': { status: 500, body: { message: 'boom' } } });
    await user.click(await screen.findByRole('tab', { name: 'Order History' }));
    expect(await screen.findByText('Failed to load order history. Please try again later.')).toBeTruthy();
  });

  it('logs in on the private socket, subscribes, and reloads orders on a push', async () => {
    const { fetchMock } = setup('/spot-trading?coin_pair_id=1');
    await screen.findByRole('button', { name: 'Cancel order o-1' });
    const socket = FakeSocket.all[0];
    expect(socket?.url).toMatch(/\/ws\/private$/);
    act(() => socket?.open());
    expect(JSON.parse(socket?.sent[0] ?? '{}')).toEqual({ op: 'login', args: [{ token: 'token-1' }] });
    act(() => socket?.push({ event: 'login', code: '0' }));
    expect(socket?.sent.slice(1).map((text) => JSON.parse(text))).toEqual([
      { op: 'subscribe', args: [{ channel: 'orders' }] },
      { op: 'subscribe', args: [{ channel: 'fills' }] },
    ]);
    const before = callsTo(fetchMock, 'status=open').length;
    act(() => socket?.push({ arg: { channel: 'orders' }, data: [order(1, 'buy', 'filled')] }));
    await waitFor(() => expect(callsTo(fetchMock, 'status=open').length).toBe(before + 1));
  });
});

describe('spot trading page: phones', () => {
  it('hides the form behind a Buy/Sell bar that opens a bottom sheet', async () => {
    signInTestUser();
    const user = userEvent.setup();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    setup('/spot-trading?coin_pair_id=1');
    await screen.findByText('book BTC');
    expect(screen.queryByRole('form')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sell BTC' });
    expect(within(sheet).queryByRole('button', { name: 'Buy' })).toBeNull();
    await waitFor(() => expect(within(sheet).getByTestId('available-balance').textContent).toBe('2.00000 BTC'));
    expect(within(sheet).getByRole('button', { name: 'Sell BTC' })).toBeTruthy();
  });
});
