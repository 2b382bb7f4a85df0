import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../src/app/routes';
import { checkApi } from '../src/features/chart/ChartEmbedPage';

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
    expect(screen.getByRole('group', { name: 'Timeframe' }).textContent).toBe('1m5m15m1h4h1D');
    expect(screen.getByRole('button', { name: 'Check API' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
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
