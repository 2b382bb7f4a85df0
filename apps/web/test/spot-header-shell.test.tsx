import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { coinListItemSchema, fillSpotHeaderShell, type CoinListItem } from '@exchange/contract';
import { routes } from '../src/app/routes';
import { SPOT_SHELL } from '../scripts/route-html';

// The page's code is compiled on its first import (the macros' Babel pass), which on the loaded
// shared machine took longer than a find waits; compiled here, the route's lazy import finds it ready.
beforeAll(() => import('../src/features/spot/SpotTradingPage'), 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const template = readFileSync(path.join(import.meta.dirname, '..', SPOT_SHELL), 'utf8');

const item = (id: number, symbol: string, price: number, change: number, tradable = true): CoinListItem =>
  coinListItemSchema.parse({
    id,
    coin_pair: id,
    coin_id: id,
    symbol,
    name: `${symbol} coin`,
    pair_name: 'USDT',
    price,
    price_change_24h: change,
    volume_24h: 393_845_059.93,
    market_cap: 1_000_000,
    '24_high': price * 1.03,
    '24_low': price * 0.97,
    logo_path: `/api/v1/coin-icons/${symbol.toLowerCase()}.svg`,
    is_tradable: tradable,
    last_updated: '2026-11-27T08:52:44.789Z',
    tick_size: '0.01',
    lot_size: '0.00001',
  });

/** As GET /api/v1/coins sends it: BTC first; the tenth coin is past the 8 default favourites. */
const coins = [
  item(1, 'BTC', 103_468.95, -2.06),
  item(2, 'ETH', 2600, 1.5),
  ...['BNB', 'ADA', 'SOL', 'XRP', 'DOGE', 'DOT', 'LTC'].map((symbol, i) => item(i + 3, symbol, 10 + i, 0.25)),
  item(10, 'PEPE', 0.00001234, 4.2),
];

const drawn = (coinPairId: number) => {
  const coin = coins.find((c) => c.id === coinPairId)!;
  const favourite = coins.slice(0, 8).some((c) => c.id === coinPairId);
  return new DOMParser().parseFromString(fillSpotHeaderShell(template, coin, favourite), 'text/html');
};

const ancestry = (element: Element | null): string[] => {
  const chain: string[] = [];
  for (let node = element; node && node.tagName !== 'BODY' && !node.classList.contains('app-shell'); node = node.parentElement) {
    chain.push(`${node.tagName}#${node.id}.${node.className}`);
  }
  return chain;
};

/** The spot page as a first visitor's browser runs it; requests other than the coin list never answer. */
function openSpotPage(url: string) {
  const fetchMock = vi.fn((input: RequestInfo | URL) =>
    String(input).includes('/api/v1/coins')
      ? Promise.resolve(new Response(JSON.stringify(coins), { status: 200, headers: { 'content-type': 'application/json' } }))
      : new Promise<Response>(() => {}),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />);
  return fetchMock;
}

describe('the spot header the server draws ahead of the app', () => {
  it.each([
    ['BTC, falling, a default favourite', 1],
    ['a coin past the default favourites, with an 8-decimal price', 10],
  ])('is the app’s own header for %s, in the same place of the page', async (_name, id) => {
    openSpotPage(`/spot-trading?coin_pair_id=${id}`);
    const { symbol } = coins.find((c) => c.id === id)!;
    const heading = await screen.findByRole('heading', { level: 1, name: `${symbol}/USDT` });
    const header = heading.closest('.spot-header');
    const shell = drawn(id).querySelector('.spot-header');
    // The toolbar's tab stop is set in an effect, which a busy machine runs after the heading shows.
    await waitFor(() => expect(shell?.outerHTML).toBe(header?.outerHTML));
    expect(ancestry(shell)).toEqual(ancestry(header));
  });
});
