import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { coinSchema, marketMessages } from '@exchange/contract';
import { normaliseCoin, type Coin } from '../src/shared/market/coin';
import type { CoinsResult } from '../src/shared/market/client';
import type { PublicSocket, PushHandler } from '../src/shared/market/publicSocket';
import MarketsPage from '../src/features/markets/MarketsPage';

afterEach(cleanup);

const coins: Coin[] = [
  ['BTC', 'Bitcoin', 65000, 1.2],
  ['ETH', 'Ethereum', 2500, -0.5],
  ['SOL', 'Solana', 150, 3],
  ['LINK', 'Chainlink', 14, -2],
].map(([symbol, name, price, change], i) =>
  normaliseCoin(coinSchema.parse({ id: i + 1, symbol, name, price, price_change_24h: change }), 0),
);

function setup(result: CoinsResult = { success: true, data: coins }) {
  const handlers = new Map<string, PushHandler>();
  const socket: PublicSocket = {
    subscribe: (channel, instId, handler) => {
      handlers.set(`${channel}:${instId}`, handler);
      return () => handlers.delete(`${channel}:${instId}`);
    },
    status: () => 'open',
    close: () => undefined,
  };
  const client = { fetchCoins: vi.fn(async () => result) };
  const router = createMemoryRouter(
    [
      { path: '/market', element: <MarketsPage client={client} socket={socket} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/market'] },
  );
  render(<RouterProvider router={router} />);
  return { router, handlers, client };
}

const symbolsShown = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('strong')?.textContent);

describe('markets page', () => {
  it('lists coins under the Crypto tab with Trade and Convert actions', async () => {
    setup();
    await screen.findByText('Bitcoin');
    expect(screen.getByRole('tab', { name: 'Crypto' }).getAttribute('aria-selected')).toBe('true');
    expect(symbolsShown()).toEqual(['BTC', 'ETH', 'SOL', 'LINK']);
    expect(screen.getByRole('link', { name: 'Trade SOL' }).getAttribute('href')).toBe('/spot-trading?coin_pair_id=3');
    expect(screen.getByRole('link', { name: 'Convert SOL' }).getAttribute('href')).toBe('/conversion');
    expect(screen.getByText('65,000.00')).toBeTruthy();
  });

  it('shows prices as the landing page and search do (spec 3 §9), not padded to a size tier', async () => {
    const listed = [
      ['BNB', 'BNB', 648.24],
      ['ADA', 'Cardano', '0.770300'],
      ['SHIB', 'Shiba Inu', 0.00001234],
    ].map(([symbol, name, price], i) => normaliseCoin(coinSchema.parse({ id: i + 1, symbol, name, price, price_change_24h: 0 }), 0));
    setup({ success: true, data: listed });
    await screen.findByText('Cardano');
    const prices = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('.markets-row__price')?.textContent);
    expect(prices).toEqual(['648.24', '0.7703', '0.00001234']);
  });

  it('filters by symbol or name, case-insensitively', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByText('Bitcoin');
    const box = screen.getByPlaceholderText('Search coin name or symbol');
    await user.type(box, 'sol');
    expect(symbolsShown()).toEqual(['SOL']);
    await user.clear(box);
    await user.type(box, 'chain');
    expect(symbolsShown()).toEqual(['LINK']);
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(screen.getByText(marketMessages.noCoinsMatching('zzz'))).toBeTruthy();
  });

  it('sorts by a column header', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByText('Bitcoin');
    await user.click(screen.getByRole('button', { name: '24H Change' }));
    expect(symbolsShown()).toEqual(['SOL', 'BTC', 'ETH', 'LINK']);
    await user.click(screen.getByRole('button', { name: 'Pair' }));
    expect(symbolsShown()).toEqual(['BTC', 'ETH', 'LINK', 'SOL']);
  });

  it('takes live prices from the tickers channel and flashes the cell', async () => {
    const { handlers } = setup();
    await screen.findByText('Bitcoin');
    // The rows subscribe in an effect, which a busy machine may run after the list has shown.
    await vi.waitFor(() => expect([...handlers.keys()].sort()).toEqual(['tickers:BTC-USDT', 'tickers:ETH-USDT', 'tickers:LINK-USDT', 'tickers:SOL-USDT']));
    act(() => handlers.get('tickers:ETH-USDT')?.([{ last: '2600', open24h: '2500' }]));
    const cell = screen.getByText('2,600.00');
    expect(cell.getAttribute('data-flash')).toBe('up');
    expect(screen.getByText('+4.00%')).toBeTruthy();
  });

  it('opens the spot page when a row is tapped', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    await user.click(await screen.findByText('Ethereum'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/spot-trading?coin_pair_id=2');
  });

  it('shows the error state with a retry', async () => {
    setup({ success: false, data: [], error: marketMessages.network });
    expect(await screen.findByText('Failed to fetch coin data.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
