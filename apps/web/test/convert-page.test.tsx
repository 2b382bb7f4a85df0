import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { convertMessages as m, storageKeys } from '@exchange/contract';
import ConversionPage from '../src/features/convert/ConversionPage';
import { renderAt } from './auth-test-utils';

vi.mock('../src/shared/tour', () => ({ GuidedTour: () => null }));

const RATE = 0.00002;

interface Answer {
  status: number;
  body: unknown;
}
type Route = (url: URL, init?: RequestInit) => Answer | undefined | Promise<Answer | undefined>;

const currencies = [
  { id: 1, symbol: 'USDT', name: 'Tether', image_path: '', price: '1' },
  { id: 2, symbol: 'BTC', name: 'Bitcoin', image_path: '', price: '50000' },
  { id: 3, symbol: 'ETH', name: 'Ethereum', image_path: '', price: '2500' },
  { id: 4, symbol: 'USDC', name: 'USD Coin', image_path: '', price: '1' },
];

let quoteCount = 0;
function quote(url: URL): Answer {
  quoteCount += 1;
  const amount = url.searchParams.get('amount') ?? '0';
  const from = url.searchParams.get('from') ?? '';
  const rate = from === 'USDT' ? RATE : 1 / RATE;
  return {
    status: 200,
    body: {
      quote_id: `q${quoteCount}`,
      convert_from: from,
      convert_to: url.searchParams.get('to'),
      amount,
      converted_amount: (Number(amount) * rate).toFixed(8),
      rate: rate.toFixed(8),
      inverse_rate: (1 / rate).toFixed(8),
      expires_at: Date.now() + 10_000,
      ttl_ms: 10_000,
    },
  };
}

const record = (id: string, amount: string) => ({
  id,
  created_at: '2026-01-05T10:00:00.000Z',
  convert_from: 'USDT',
  convert_to: 'BTC',
  amount,
  converted_amount: (Number(amount) * RATE).toFixed(8),
  rate: String(RATE),
});

/** Fake server: the default answers, overridden by `routes` tried first. */
function serve(routes: Route[] = [], balances: Record<string, string> = { USDT: '10000', BTC: '0' }) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    let answer: Answer | undefined;
    for (const route of routes) {
      answer = await route(url, init);
      if (answer) break;
    }
    if (!answer) {
      if (url.pathname === '/api/v1/coin-conversions') answer = { status: 200, body: currencies };
      else if (url.pathname === '/api/v1/convert/quote') answer = quote(url);
      else if (url.pathname === '/api/v1/coin-balance/42') {
        const symbol = url.searchParams.get('symbol') ?? '';
        answer = { status: 200, body: { spot_wallet: balances[symbol] ?? '0', future_wallet: '0', price: '1' } };
      } else if (url.pathname === '/api/v1/conversions' && (init?.method ?? 'GET') === 'GET') answer = { status: 200, body: [] };
    }
    if (!answer) throw new TypeError(`Unexpected fetch ${init?.method ?? 'GET'} ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const calls = (mock: ReturnType<typeof serve>, path: string, method = 'GET') =>
  mock.mock.calls.filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method);

function signIn() {
  localStorage.setItem(storageKeys.authToken, 'token-1');
  localStorage.setItem(storageKeys.userId, 'user-1');
  localStorage.setItem(storageKeys.uid, '42');
}

const render = () => renderAt('/conversion', '/conversion', <ConversionPage />);
const fromBox = () => screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
const toBox = () => screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement;
const convertButton = () => screen.getByRole('button', { name: 'Convert' });
const preview = () => screen.getByRole('dialog', { name: 'Confirm conversion' });
const confirmButton = () => within(preview()).getByRole('button', { name: 'Confirm' });
const available = () => screen.getByTestId('convert-available').textContent;

beforeEach(() => {
  quoteCount = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('conversion page, visitor', () => {
  it('offers Login to Convert, going to /login, and still shows the live rate', async () => {
    const user = userEvent.setup();
    serve();
    render();
    const login = await screen.findByRole('link', { name: m.loginToConvert });
    expect(screen.queryByRole('button', { name: 'Conversion history' })).toBeNull();
    await user.type(fromBox(), '100');
    await waitFor(() => expect(toBox().value).toBe('0.002'));
    expect(screen.getByTestId('convert-rate').textContent).toBe('1 USDT = 0.00002 BTC');
    await user.click(login);
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});

describe('conversion page, signed in', () => {
  beforeEach(signIn);

  it('links the two boxes through the quote and shows the From balance and the countdown', async () => {
    const user = userEvent.setup();
    const mock = serve();
    render();
    await waitFor(() => expect(available()).toBe('Available: 10,000.00000000 USDT'));
    expect(convertButton()).toHaveProperty('disabled', true);
    // A letter is refused with the reason, never dropped: "1a00" is not silently 100.
    await user.type(fromBox(), '1a00');
    expect(fromBox().value).toBe('1a00');
    expect(screen.getByText('Type only digits and a decimal separator, like 0.01')).toBeTruthy();
    await user.clear(fromBox());
    await user.type(fromBox(), '100');
    expect(fromBox().value).toBe('100');
    await waitFor(() => expect(toBox().value).toBe('0.002'));
    expect(await screen.findByText(/^Quote refreshes in \d+s$/)).toBeTruthy();
    expect(convertButton()).toHaveProperty('disabled', false);
    const asked = calls(mock, '/api/v1/convert/quote').map(([input]) => new URL(String(input), 'http://localhost').searchParams.get('amount'));
    expect(asked.at(-1)).toBe('100');

    await user.clear(toBox());
    await user.type(toBox(), '0.004');
    expect(fromBox().value).toBe('200');
    expect(toBox().value).toBe('0.004');
  });

  it('flags a From amount over the balance, and a To amount that needs more than it', async () => {
    const user = userEvent.setup();
    serve();
    render();
    await waitFor(() => expect(available()).toContain('10,000'));
    await user.type(fromBox(), '10000.5');
    expect((await screen.findByRole('alert')).textContent).toBe(m.exceedsBalance);
    expect(convertButton()).toHaveProperty('disabled', true);
    await user.clear(fromBox());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.type(toBox(), '1');
    expect(fromBox().value).toBe('50000');
    expect(screen.getByRole('alert').textContent).toBe(m.requiredExceedsBalance);
    expect(convertButton()).toHaveProperty('disabled', true);
  });

  it('says when an amount is not above zero', async () => {
    const user = userEvent.setup();
    serve();
    render();
    await waitFor(() => expect(available()).toContain('10,000'));
    await user.type(fromBox(), '0');
    await user.click(convertButton());
    expect(screen.getByRole('alert').textContent).toBe(m.invalidAmount);
  });

  it('converts at the quote, shows the banner for 5 s, then reads the balances again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    let converted = false;
    const mock = serve([
      (url, init) => {
        if (url.pathname !== '/api/v1/conversions' || init?.method !== 'POST') return undefined;
        converted = true;
        return { status: 201, body: { success: true, message: 'Your conversion submitted: 100 USDT converted to 0.002 BTC', conversion: record('c1', '100') } };
      },
      (url) => {
        if (url.pathname !== '/api/v1/coin-balance/42' || !converted) return undefined;
        const spot = url.searchParams.get('symbol') === 'USDT' ? '9900' : '0.002';
        return { status: 200, body: { spot_wallet: spot, future_wallet: '0', price: '1' } };
      },
    ]);
    render();
    await waitFor(() => expect(available()).toContain('10,000'));
    await user.type(fromBox(), '100');
    await waitFor(() => expect(convertButton()).toHaveProperty('disabled', false));
    await user.click(convertButton());
    expect(calls(mock, '/api/v1/conversions', 'POST')).toHaveLength(0);
    expect(within(preview()).getByTestId('convert-preview-pay').textContent).toBe('100 USDT');
    expect(within(preview()).getByTestId('convert-preview-receive').textContent).toBe('0.002 BTC');
    await user.click(confirmButton());
    expect((await screen.findByText(m.success)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Well inside the banner's 5 s, with room for the real time the checks below take.
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByText(m.success)).toBeTruthy();
    const body = JSON.parse(String(calls(mock, '/api/v1/conversions', 'POST')[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ uid: 42, convert_from: 'USDT', convert_to: 'BTC', amount: '100', converted_amount: '0.00200000' });
    expect(body.quote_id).toMatch(/^q\d+$/);
    await waitFor(() => expect(available()).toBe('Available: 9,900.00000000 USDT'));
    expect(screen.getByTestId('convert-held').textContent).toBe('Balance: 0.00200000 BTC');
    expect(fromBox().value).toBe('');
    const readsBefore = calls(mock, '/api/v1/coin-balance/42').length;
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(screen.queryByText(m.success)).toBeNull();
    await waitFor(() => expect(calls(mock, '/api/v1/coin-balance/42').length).toBeGreaterThan(readsBefore));
  });

  it('asks for a new quote when the server says the quote expired, and says so', async () => {
    const user = userEvent.setup();
    const mock = serve([
      (url, init) =>
        url.pathname === '/api/v1/conversions' && init?.method === 'POST' ? { status: 409, body: { message: m.quoteExpired } } : undefined,
    ]);
    render();
    await waitFor(() => expect(available()).toContain('10,000'));
    await user.type(fromBox(), '100');
    await waitFor(() => expect(convertButton()).toHaveProperty('disabled', false));
    const quotesBefore = calls(mock, '/api/v1/convert/quote').length;
    await user.click(convertButton());
    await user.click(confirmButton());
    expect((await within(preview()).findByText(m.quoteExpired)).getAttribute('role')).toBe('status');
    await waitFor(() => expect(calls(mock, '/api/v1/convert/quote').length).toBe(quotesBefore + 1));
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
    await user.click(within(preview()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(m.quoteExpired).getAttribute('role')).toBe('status');
    expect(fromBox().value).toBe('100');
  });

  it('shows any other refusal as the server words it and keeps Convert off until the amount changes', async () => {
    const user = userEvent.setup();
    serve([(url, init) => (url.pathname === '/api/v1/conversions' && init?.method === 'POST' ? { status: 400, body: { message: m.tooSmall } } : undefined)]);
    render();
    await waitFor(() => expect(available()).toContain('10,000'));
    await user.type(fromBox(), '100');
    await waitFor(() => expect(convertButton()).toHaveProperty('disabled', false));
    await user.click(convertButton());
    await user.click(confirmButton());
    expect((await within(preview()).findByRole('alert')).textContent).toBe(m.tooSmall);
    await user.click(within(preview()).getByRole('button', { name: 'Cancel' }));
    expect(convertButton()).toHaveProperty('disabled', true);
    await user.type(fromBox(), '0');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('previews the quote with its countdown, renews it when it expires and converts at the new one (issue 40)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const mock = serve([
      (url, init) =>
        url.pathname === '/api/v1/conversions' && init?.method === 'POST'
          ? { status: 201, body: { success: true, message: 'Your conversion submitted', conversion: record('c1', '100') } }
          : undefined,
    ]);
    render();
    await waitFor(() => expect(available()).toContain('10,000'));
    await user.type(fromBox(), '100');
    await waitFor(() => expect(convertButton()).toHaveProperty('disabled', false));
    await user.click(convertButton());
    const countdown = within(preview()).getByTestId('convert-preview-countdown');
    expect(countdown.textContent).toMatch(/^Quote expires in (10|9)s$/);
    expect(within(preview()).getByText('No fee')).toBeTruthy();
    expect(within(preview()).getByTestId('convert-preview-rate').textContent).toBe('1 USDT = 0.00002 BTC');
    const first = calls(mock, '/api/v1/convert/quote').length;
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() => expect(calls(mock, '/api/v1/convert/quote').length).toBe(first + 1));
    expect(await within(preview()).findByText(/^The quote expired and was renewed at the current rate/)).toBeTruthy();
    expect(within(preview()).getByTestId('convert-preview-countdown').textContent).toMatch(/^Quote expires in (10|9)s$/);
    await user.click(confirmButton());
    expect(await screen.findByText(m.success)).toBeTruthy();
    const body = JSON.parse(String(calls(mock, '/api/v1/conversions', 'POST')[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body.quote_id).toBe(`q${quoteCount}`);
  });

  it('shows a quote error and keeps Convert off', async () => {
    const user = userEvent.setup();
    serve([(url) => (url.pathname === '/api/v1/convert/quote' ? { status: 400, body: { message: m.noLiquidity } } : undefined)]);
    render();
    await waitFor(() => expect(available()).toContain('10,000'));
    await user.type(fromBox(), '100');
    expect((await screen.findByRole('alert')).textContent).toBe(m.noLiquidity);
    expect(convertButton()).toHaveProperty('disabled', true);
  });

  it('swaps to coin → USDT, with a searchable picker and the Stablecoins filter', async () => {
    const user = userEvent.setup();
    serve([], { USDT: '10000', BTC: '1.5' });
    render();
    await waitFor(() => expect(available()).toContain('10,000'));
    await user.click(screen.getByRole('button', { name: 'Swap currencies' }));
    await waitFor(() => expect(available()).toBe('Available: 1.50000000 BTC'));
    await user.type(fromBox(), '0.5');
    await waitFor(() => expect(toBox().value).toBe('25000'));

    await user.click(screen.getByRole('button', { name: 'From BTC' }));
    const search = screen.getByRole('combobox');
    expect(within(screen.getByRole('listbox')).queryByText('USDT')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stablecoins' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['UUSDCUSD Coin']);
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.type(search, 'ether');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'From ETH' })).toBeTruthy();
    await waitFor(() => expect(available()).toBe('Available: 0.00000000 ETH'));
  });

  it('lists the history newest first, with its loading, empty and error states', async () => {
    const user = userEvent.setup();
    let answer: Answer = { status: 200, body: [record('c2', '50'), record('c1', '100')] };
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve([
      async (url, init) => {
        if (url.pathname !== '/api/v1/conversions' || init?.method === 'POST') return undefined;
        await gate;
        return answer;
      },
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'Conversion history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversion history' });
    expect(within(dialog).getByRole('status', { name: 'Loading conversion history' })).toBeTruthy();
    release();
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['50.00000000 USDT', '100.00000000 USDT']);
    await user.keyboard('{Escape}');

    answer = { status: 200, body: [] };
    await user.click(screen.getByRole('button', { name: 'Conversion history' }));
    expect(await screen.findByText(m.historyEmpty)).toBeTruthy();
    await user.keyboard('{Escape}');

    answer = { status: 500, body: { message: 'down' } };
    await user.click(screen.getByRole('button', { name: 'Conversion history' }));
    expect((await screen.findByRole('alert')).textContent).toContain(m.historyFailed);
  });

  it('falls back to the built-in currencies when they cannot be loaded', async () => {
    serve([(url) => (url.pathname === '/api/v1/coin-conversions' ? { status: 500, body: {} } : undefined)]);
    render();
    expect(await screen.findByText(m.currenciesFailed)).toBeTruthy();
    expect(screen.getByTestId('convert-rate').textContent).toBe('1 USDT = 0.0000153846 BTC');
  });
});
