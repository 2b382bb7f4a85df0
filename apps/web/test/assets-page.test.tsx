import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AssetsPage from '../src/features/assets/AssetsPage';
import { renderAt, stubFetch, resetPageTest, signInTestUser } from './auth-test-utils';

afterEach(resetPageTest);

const part = (available: string, held: { reason: 'order' | 'withdrawal' | 'margin'; amount: string }[] = []) => ({
  available,
  held,
  total: String(held.reduce((sum, h) => sum + Number(h.amount), Number(available))),
});

/** 12 coins: C1..C12; odd ones hold spot balance (C3's partly in an order), even ones nothing in spot, C2 5 in futures. */
const assets = Array.from({ length: 12 }, (_, i) => {
  const n = i + 1;
  const spot = n === 3 ? part('2', [{ reason: 'order', amount: '1' }]) : part(n % 2 === 1 ? `${n}` : '0');
  const futures = part(n === 2 ? '5' : '0');
  const total = Number(spot.total) + Number(futures.total);
  return {
    symbol: `C${n}`,
    name: `Coin ${n}`,
    coin_id: n,
    logo_path: '',
    price: '2',
    funding: part('0'),
    spot,
    futures,
    earn: '0',
    total: String(total),
    value: String(total * 2),
  };
});
const totals = {
  funding: part('0'),
  spot: { available: '11900', held: [{ reason: 'order' as const, amount: '100' }], total: '12000' },
  futures: part('345.67'),
  earn: '0',
  total: '12345.67',
};
const balances = { assets, totals };

const coinRows = () =>
  within(screen.getByRole('table', { name: 'Coins' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('strong')?.textContent);

describe('assets page', () => {
  beforeEach(signInTestUser);

  it('shows the trading value and the coin rows of the wallet answer, 10 per page', async () => {
    const fetchMock = stubFetch({ '/balances/42': { status: 200, body: balances } });
    renderAt('/assets', '/assets', <AssetsPage />);
    await screen.findByText('Coin 1');
    expect(screen.getByRole('tab', { name: 'Trading' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('account-total').textContent).toContain('12,345.67');
    const summary = screen.getByRole('table', { name: 'Balance by wallet (USDT)' });
    const spotRow = within(summary).getByTestId('wallet-row-spot');
    expect(spotRow.querySelector('[data-part="available"]')?.textContent).toBe('11,900.00');
    expect(spotRow.querySelector('[data-part="held"]')?.textContent).toBe('In orders 100.00');
    expect(spotRow.querySelector('[data-part="total"]')?.textContent).toBe('12,000.00');
    expect(within(summary).getByTestId('wallet-row-total').textContent).toContain('12,345.67');
    expect(coinRows()).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10']);
    const c2 = screen.getByText('C2').closest('tr') as HTMLElement;
    expect([...c2.querySelectorAll('td.num')].map((td) => td.textContent)).toEqual([
      '5.00000000',
      '—',
      '5.00000000',
      '10.00',
    ]);
    const c3 = screen.getByText('C3').closest('tr') as HTMLElement;
    expect([...c3.querySelectorAll('td.num')].map((td) => td.textContent)).toEqual(['2.00000000', 'In orders 1.00000000', '3.00000000', '6.00']);
    expect(screen.getByText('Showing 1-10 of 12 coins')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/^\/api\/v1\/balances\/42\?apikey=/);
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('pages through the coins with the page buttons', async () => {
    const user = userEvent.setup();
    stubFetch({ '/balances/42': { status: 200, body: balances } });
    renderAt('/assets', '/assets', <AssetsPage />);
    await screen.findByText('Coin 1');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(coinRows()).toEqual(['C11', 'C12']);
    expect(screen.getByText('Showing 11-12 of 12 coins')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('hides coins with nothing in any wallet and searches by name or symbol', async () => {
    const user = userEvent.setup();
    stubFetch({ '/balances/42': { status: 200, body: balances } });
    renderAt('/assets', '/assets', <AssetsPage />);
    await screen.findByText('Coin 1');
    await user.click(screen.getByLabelText('Hide zero balance'));
    expect(coinRows()).toEqual(['C1', 'C2', 'C3', 'C5', 'C7', 'C9', 'C11']);
    await user.type(screen.getByPlaceholderText('Search coin'), 'coin 11');
    expect(coinRows()).toEqual(['C11']);
    await user.clear(screen.getByPlaceholderText('Search coin'));
    await user.type(screen.getByPlaceholderText('Search coin'), 'zzz');
    expect(screen.getByText('No coins found matching the search term')).toBeTruthy();
  });

  it('is one Tab stop for its tabs, switched with the arrow keys', async () => {
    stubFetch({ '/balances/42': { status: 200, body: balances } });
    const user = userEvent.setup();
    renderAt('/assets', '/assets', <AssetsPage />);
    await screen.findByText('Coin 1');
    const trading = screen.getByRole('tab', { name: 'Trading' });
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect([overview.tabIndex, trading.tabIndex]).toEqual([-1, 0]);
    trading.focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(overview);
    expect(overview.getAttribute('aria-selected')).toBe('true');
  });

  it('shows the estimated total, the actions and the newest 6 balance changes on the Overview tab', async () => {
    const user = userEvent.setup();
    const at = (day: number) => new Date(2026, 0, day).toISOString();
    const leg = (id: string, kind: string, asset: string, wallet: string, amount: string, day: number) => ({
      id,
      kind,
      asset,
      wallet,
      amount,
      created_at: at(day),
    });
    const ledger = [
      leg('t9', 'spot_fill', 'BTC', 'spot', '0.01', 20),
      leg('t9', 'spot_fill', 'USDT', 'spot', '-650.5', 20),
      leg('x8', 'transfer', 'USDT', 'futures', '2500', 19),
      leg('x8', 'transfer', 'USDT', 'spot', '-2500', 19),
      ...Array.from({ length: 3 }, (_, i) => [
        leg(`x${i}`, 'transfer', 'USDT', 'spot', '1', 10 - i),
        leg(`x${i}`, 'transfer', 'USDT', 'futures', '-1', 10 - i),
      ]).flat(),
      leg('g1', 'demo_grant', 'USDT', 'spot', '10000', 1),
    ];
    const fetchMock = stubFetch({
      '/balances/42': { status: 200, body: balances },
      '/ledger-history/42': { status: 200, body: ledger },
    });
    renderAt('/assets', '/assets', <AssetsPage />);
    await screen.findByText('Coin 1');
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByTestId('estimated-total').textContent).toContain('12,345.67');
    expect(screen.getByText('≈ $12,345.67')).toBeTruthy();
    for (const [name, href] of [['Deposit', '/deposit'], ['Convert', '/conversion'], ['Withdraw', '/withdraw'], ['Transfer', '/transfer']]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const recent = await screen.findByRole('region', { name: 'Recent Transactions' });
    await within(recent).findByText('BTC');
    const cells = within(recent)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent));
    expect(cells).toEqual([
      ['Spot trade', 'BTC', '+0.01000000', 'Spot'],
      ['Spot trade', 'USDT', '-650.50000000', 'Spot'],
      ['Transfer', 'USDT', '2,500.00000000', 'Spot → Futures'],
      ['Transfer', 'USDT', '1.00000000', 'Futures → Spot'],
      ['Transfer', 'USDT', '1.00000000', 'Futures → Spot'],
      ['Transfer', 'USDT', '1.00000000', 'Futures → Spot'],
    ]);
    expect(within(recent).queryByText('Demo grant')).toBeNull();
    expect(within(recent).getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/assets/history');
    expect(screen.getByRole('img', { name: 'Allocation of holdings' })).toBeTruthy();
    const ledgerCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/ledger-history/42'));
    expect(String(ledgerCall?.[0])).toMatch(/^\/api\/v1\/ledger-history\/42\?limit=20&apikey=/);
  });

  it('lists the demo grant with a transfer as one row per transfer', async () => {
    const user = userEvent.setup();
    stubFetch({
      '/balances/42': { status: 200, body: balances },
      '/ledger-history/42': {
        status: 200,
        body: [
          { id: 'x1', kind: 'transfer', asset: 'USDT', wallet: 'spot', amount: '-2500', created_at: '2026-01-02T10:00:00.000Z' },
          { id: 'x1', kind: 'transfer', asset: 'USDT', wallet: 'futures', amount: '2500', created_at: '2026-01-02T10:00:00.000Z' },
          { id: 'g1', kind: 'demo_grant', asset: 'USDT', wallet: 'spot', amount: '10000', created_at: '2026-01-01T10:00:00.000Z' },
        ],
      },
    });
    renderAt('/assets', '/assets', <AssetsPage />);
    await screen.findByText('Coin 1');
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    const recent = screen.getByRole('region', { name: 'Recent Transactions' });
    const grant = (await within(recent).findByText('Demo grant')).closest('tr') as HTMLElement;
    expect(within(grant).getByText('+10,000.00000000')).toBeTruthy();
    expect(within(grant).getByText('USDT')).toBeTruthy();
    expect(within(grant).getByText('Spot')).toBeTruthy();
    const rows = within(recent).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Transfer');
    expect(rows[0]?.textContent).toContain('Spot → Futures');
    expect(rows[0]?.textContent).toContain('2,500.00000000');
  });

  it('shows the empty recent transactions state', async () => {
    const user = userEvent.setup();
    stubFetch({
      '/balances/42': { status: 200, body: balances },
      '/ledger-history/42': { status: 200, body: [] },
    });
    renderAt('/assets', '/assets', <AssetsPage />);
    await screen.findByText('Coin 1');
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(await screen.findByText('No records found')).toBeTruthy();
    expect(screen.getByText('Get started with your first transaction')).toBeTruthy();
  });

  it('offers Retry after failed recent transactions', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubFetch({
      '/balances/42': { status: 200, body: balances },
      '/ledger-history/42': () => (++calls === 1 ? { status: 500, body: { message: 'boom' } } : { status: 200, body: [] }),
    });
    renderAt('/assets', '/assets', <AssetsPage />);
    await screen.findByText('Coin 1');
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(await screen.findByText('Failed to load recent transactions.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No records found')).toBeTruthy();
  });

  it('offers Retry after a failed wallet call', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubFetch({
      '/balances/42': () => (++calls === 1 ? { status: 500, body: { message: 'boom' } } : { status: 200, body: balances }),
    });
    renderAt('/assets', '/assets', <AssetsPage />);
    expect(await screen.findByText('Failed to load wallet data.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Coin 1')).toBeTruthy();
  });
});

describe('assets page, anonymous', () => {
  it('asks an anonymous visitor to log in and calls nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({});
    renderAt('/assets', '/assets', <AssetsPage />);
    expect(screen.getByText('Log in to view your assets')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
