import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { earnMessages, storageKeys, type EarnPosition, type EarnProduct } from '@exchange/contract';
import EarnLayout from '../src/features/earn/EarnLayout';
import EarnOverviewPage from '../src/features/earn/pages/EarnOverviewPage';
import MyEarningsPage from '../src/features/earn/pages/MyEarningsPage';
import SimpleEarnPage from '../src/features/earn/pages/SimpleEarnPage';

interface Answer {
  status: number;
  body: unknown;
}
type Route = (url: URL, init?: RequestInit) => Answer | undefined;

const product = (id: string, symbol: string, name: string, apr: string, days: number | null, min = '1'): EarnProduct => ({
  id,
  symbol,
  name,
  logo_path: '',
  apr,
  term: days === null ? 'flexible' : 'fixed',
  term_days: days,
  min_amount: min,
});

const PRODUCTS = [
  product('USDT-FLEX', 'USDT', 'Tether', '0.045', null),
  product('USDT-7D', 'USDT', 'Tether', '0.06', 7, '10'),
  product('BTC-FLEX', 'BTC', 'Bitcoin', '0.012', null, '0.0001'),
  product('ETH-FLEX', 'ETH', 'Ethereum', '0.021', null, '0.001'),
];

const position = (overrides: Partial<EarnPosition> = {}): EarnPosition => ({
  id: 'p-flex',
  product_id: 'USDT-FLEX',
  symbol: 'USDT',
  name: 'Tether',
  logo_path: '',
  term: 'flexible',
  term_days: null,
  apr: '0.045',
  principal: '100',
  interest: '0.02465752',
  source: 'spot',
  auto: false,
  status: 'active',
  subscribed_at: '2026-01-01T10:00:00.000Z',
  accrues_from: '2026-01-02T00:00:00.000Z',
  matures_at: null,
  redeemed_at: null,
  redeemable: true,
  ...overrides,
});

function serve(routes: Route[] = []) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    let answer: Answer | undefined;
    for (const route of routes) {
      answer = route(url, init);
      if (answer) break;
    }
    if (!answer && url.pathname === '/api/v1/earn/products') {
      const filter = url.searchParams.get('filter') ?? 'all';
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const body = PRODUCTS.filter((p) => (filter === 'all' || p.symbol === filter) && (p.symbol + p.name).toLowerCase().includes(search));
      answer = { status: 200, body };
    }
    if (!answer && url.pathname === '/api/v1/earn/balance') answer = { status: 200, body: { symbol: url.searchParams.get('symbol'), funding: '5', spot: '250' } };
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

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/earn',
        element: <EarnLayout />,
        children: [
          { index: true, element: <EarnOverviewPage /> },
          { path: 'simple-earn', element: <SimpleEarnPage /> },
          { path: 'my-earnings', element: <MyEarningsPage /> },
        ],
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Earn overview', () => {
  it('has the Earn bar, the hero with Auto-earn, three tiles, products by coin and the FAQ with the first item open', async () => {
    serve();
    renderAt('/earn');
    const nav = screen.getByRole('navigation', { name: 'Earn' });
    expect(within(nav).getByRole('link', { name: 'Earn overview' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'My earnings' }).getAttribute('href')).toBe('/earn/my-earnings');
    expect(within(nav).getByRole('button', { name: 'Structured Products' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'On-chain Earn' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Put your crypto to work' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate Auto-earn' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Structured Products/ }).getAttribute('href')).toBe('/earn/structured');
    expect(screen.getByRole('button', { name: 'What is Simple Earn?' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'When can I redeem?' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(earnMessages.loadingProducts)).toBeTruthy();
    const usdt = await screen.findByRole('link', { name: 'Subscribe to USDT' });
    expect(usdt.getAttribute('href')).toBe('/earn/simple-earn?search=USDT');
    const row = usdt.closest('tr') as HTMLElement;
    expect(within(row).getByText('4.50% – 6.00%')).toBeTruthy();
    expect(within(row).getByText('Flexible/Fixed')).toBeTruthy();
  });

  it('asks the server for the chosen filter and search, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const mock = serve();
    renderAt('/earn');
    await screen.findByRole('link', { name: 'Subscribe to BTC' });
    expect(screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent)).toEqual(['All products']);
    await user.click(screen.getByRole('button', { name: 'ETH' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Subscribe to BTC' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Subscribe to ETH' })).toBeTruthy();
    expect(new URL(String(calls(mock, '/api/v1/earn/products').at(-1)?.[0]), 'http://localhost').searchParams.get('filter')).toBe('ETH');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'doge');
    expect(await screen.findByText(earnMessages.noProducts)).toBeTruthy();
    expect(new URL(String(calls(mock, '/api/v1/earn/products').at(-1)?.[0]), 'http://localhost').searchParams.get('search')).toBe('doge');
  });

  it('shows a failure with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve([(url) => (url.pathname === '/api/v1/earn/products' && fail ? { status: 500, body: { message: 'down' } } : undefined)]);
    renderAt('/earn');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(earnMessages.productsFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Subscribe to USDT' })).toBeTruthy();
  });
});

describe('Simple Earn and the Subscribe dialog', () => {
  it('refuses below the minimum and above the balance, then subscribes once with an Idempotency-Key', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve([
      (url, init) =>
        url.pathname === '/api/v1/earn/subscriptions' && init?.method === 'POST'
          ? { status: 201, body: { message: earnMessages.subscribed, position: position() } }
          : undefined,
    ]);
    renderAt('/earn/simple-earn?search=tether');
    expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('tether');
    await user.click(await screen.findByRole('button', { name: 'Subscribe to USDT 7 days' }));
    const dialog = screen.getByRole('dialog', { name: 'Subscribe USDT 7 days' });
    await within(dialog).findByText('250.00000000 USDT');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '5');
    expect(within(dialog).getByRole('alert').textContent).toBe('The minimum subscription is 10 USDT');
    await user.clear(amount);
    await user.type(amount, '300');
    expect(within(dialog).getByRole('alert').textContent).toBe(earnMessages.insufficientBalance);
    expect((within(dialog).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, '100');
    expect(within(dialog).getByText('0.01643835 USDT')).toBeTruthy();
    expect(within(dialog).getByText('0.11506845 USDT')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(earnMessages.subscribed)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [sent] = calls(mock, '/api/v1/earn/subscriptions', 'POST');
    const init = sent?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toMatchObject({ uid: 42, product_id: 'USDT-7D', amount: '100', source: 'spot' });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows ten products, then more on View more', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => product(`C${i}-FLEX`, `C${i}`, `Coin ${i}`, '0.01', null));
    serve([(url) => (url.pathname === '/api/v1/earn/products' ? { status: 200, body: many } : undefined)]);
    renderAt('/earn/simple-earn');
    await screen.findByRole('button', { name: 'Subscribe to C0 Flexible' });
    expect(screen.getAllByRole('button', { name: /^Subscribe to / })).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'View more' }));
    expect(screen.getAllByRole('button', { name: /^Subscribe to / })).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'View more' })).toBeNull();
  });
});

describe('My earnings', () => {
  it('asks a visitor to log in', async () => {
    serve();
    renderAt('/earn/my-earnings');
    expect(await screen.findByRole('heading', { name: 'Log in to see your earnings' })).toBeTruthy();
  });

  it('lists positions; a fixed one cannot be redeemed before maturity, a flexible one is redeemed in part at once', async () => {
    signIn();
    const user = userEvent.setup();
    let redeemed = false;
    const fixed = position({ id: 'p-fixed', product_id: 'USDT-7D', term: 'fixed', term_days: 7, apr: '0.06', principal: '50', interest: '0', matures_at: '2026-01-09T00:00:00.000Z', redeemable: false });
    const mock = serve([
      (url) =>
        url.pathname === '/api/v1/earn/positions'
          ? { status: 200, body: redeemed ? [fixed, position({ status: 'redeemed', redeemable: false, redeemed_at: '2026-01-05T00:00:00.000Z' })] : [fixed, position()] }
          : undefined,
      (url) =>
        url.pathname === '/api/v1/earn/earnings'
          ? { status: 200, body: { totals: [{ symbol: 'USDT', principal: redeemed ? '50' : '150', interest: '0.02465752' }], payments: [{ day: '2026-01-03', position_id: 'p-flex', product_id: 'USDT-FLEX', symbol: 'USDT', principal: '100', apr: '0.045', amount: '0.01232876' }] } }
          : undefined,
      (url, init) => {
        if (url.pathname !== '/api/v1/earn/positions/p-flex/redeem' || init?.method !== 'POST') return undefined;
        redeemed = true;
        return { status: 200, body: { message: earnMessages.redeemed, position: position({ status: 'redeemed' }) } };
      },
    ]);
    renderAt('/earn/my-earnings');
    const rows = await screen.findAllByTestId('earn-position');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Matures');
    expect(screen.getByText('+0.01232876')).toBeTruthy();

    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Redeem USDT' }));
    let dialog = screen.getByRole('dialog', { name: 'Redeem USDT' });
    expect(within(dialog).getByRole('alert').textContent).toMatch(/^This fixed-term position can be redeemed at maturity, from /);
    expect((within(dialog).getByRole('button', { name: 'Confirm redemption' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');

    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Redeem USDT' }));
    dialog = screen.getByRole('dialog', { name: 'Redeem USDT' });
    expect(within(dialog).getByText('Spot wallet')).toBeTruthy();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to redeem' });
    expect((amount as HTMLInputElement).value).toBe('100');
    await user.clear(amount);
    await user.type(amount, '100.5');
    expect(within(dialog).getByRole('alert').textContent).toBe(earnMessages.redeemOverPrincipal);
    expect((within(dialog).getByRole('button', { name: 'Confirm redemption' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm redemption' }));
    expect(await screen.findByText(earnMessages.redeemed)).toBeTruthy();
    expect(JSON.parse(String((calls(mock, '/api/v1/earn/positions/p-flex/redeem', 'POST')[0]?.[1] as RequestInit).body))).toMatchObject({ uid: 42, amount: '40' });
    const redeemedRegion = await screen.findByRole('region', { name: 'Redeemed' });
    expect(within(redeemedRegion).getByText('Redeemed', { selector: 'td' })).toBeTruthy();
  });
});
