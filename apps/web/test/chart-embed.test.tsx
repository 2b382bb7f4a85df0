import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../src/app/routes';
import { checkApi } from '../src/features/chart/ChartEmbedPage';
import { embedSymbol } from '../src/features/chart/embedSymbol';
import { normaliseCoin } from '../src/shared/market/coin';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('embedded chart route', () => {
  it('renders the chart for ?symbol= without header and footer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ s: 'no_data' }), { status: 200 })));
    const router = createMemoryRouter(routes, { initialEntries: ['/tradingviewEmbed?symbol=SOLUSDT'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('SOL/USDT');
    expect(screen.getByRole('group', { name: 'Timeframe' }).textContent).toBe('1m5m15m1h4h1D1W');
    expect(screen.getByRole('button', { name: 'Check API' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

describe('embedded chart coin (issue 13, defect 7)', () => {
  const coins = [normaliseCoin({ id: 1, symbol: 'BTC' }, 0), normaliseCoin({ id: 2, symbol: 'ETH' }, 0)];

  it('reads a numeric coin_pair_id as the pair id of the coin list, as the spot page and the API do', () => {
    expect(embedSymbol(null, '2', coins)).toBe('ETH');
    expect(embedSymbol(null, '1', coins)).toBe('BTC');
    expect(embedSymbol(null, '2', null)).toBeNull();
    expect(embedSymbol(null, '999', coins)).toBe('BTC');
    expect(embedSymbol(null, '2', [])).toBe('BTC');
  });

  it('still takes a symbol from ?symbol= or a symbol-like coin_pair_id, BTC by default', () => {
    expect(embedSymbol('SOLUSDT', '2', coins)).toBe('SOL');
    expect(embedSymbol(null, 'ETH/USDT', null)).toBe('ETH');
    expect(embedSymbol(null, null, null)).toBe('BTC');
  });

  it('draws ETH for /tradingviewEmbed?coin_pair_id=2', async () => {
    const coinList = [
      { id: 1, coin_pair: 1, symbol: 'BTC', name: 'Bitcoin', price: 100 },
      { id: 2, coin_pair: 2, symbol: 'ETH', name: 'Ethereum', price: 10 },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify(String(url).includes('/api/v1/coins') ? coinList : { s: 'no_data' }), { status: 200 })),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/tradingviewEmbed?coin_pair_id=2'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('ETH/USDT');
  });
});

describe('embedded chart Check API', () => {
  it('alerts the status field of GET /api/v1/status, sent with the apikey', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify({ status: 'ok', version: '1' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const alert = vi.fn();
    await checkApi(alert);
    expect(alert).toHaveBeenCalledWith('ok');
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/v1\/status\?apikey=/);
  });

  it('alerts API Check Failed with the message on an error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 503, statusText: 'Service Unavailable' })));
    const alert = vi.fn();
    await checkApi(alert);
    expect(alert).toHaveBeenCalledWith('API Check Failed: API Error: 503 Service Unavailable');
  });
});
