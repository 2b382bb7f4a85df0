import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { coinSchema, marketMessages } from '@exchange/contract';
import { normaliseCoin, type Coin } from '../src/shared/market/coin';
import type { CoinsResult } from '../src/shared/market/client';
import type { PublicSocket, PushHandler } from '../src/shared/market/publicSocket';
import { MarketOverview } from '../src/features/landing/markets/MarketOverview';

afterEach(cleanup);

const SYMBOLS = ['BTC', 'ETH', 'BNB', 'ADA', 'SOL', 'XRP', 'DOGE', 'DOT', 'LTC', 'TRX', 'LINK', 'AVAX'];
const coins: Coin[] = SYMBOLS.map((symbol, i) =>
  normaliseCoin(coinSchema.parse({ id: i + 1, symbol, name: `${symbol} coin`, price: 100 + i, price_change_24h: i % 2 ? -1.5 : 2 }), 0),
);

function fakeSocket() {
  const handlers = new Map<string, PushHandler>();
  const socket: PublicSocket = {
    subscribe: (channel, instId, handler) => {
      handlers.set(`${channel}:${instId}`, handler);
      return () => handlers.delete(`${channel}:${instId}`);
    },
    status: () => 'open',
    close: () => undefined,
  };
  const push = (channel: string, instId: string, data: Record<string, unknown>[]) => act(() => handlers.get(`${channel}:${instId}`)?.(data));
  return { socket, handlers, push };
}

function renderOverview(result: CoinsResult | Promise<CoinsResult>, socket = fakeSocket().socket) {
  const client = { fetchCoins: vi.fn(async () => result) };
  render(
    <MemoryRouter>
      <MarketOverview client={client} socket={socket} />
    </MemoryRouter>,
  );
  return client;
}

const table = () => within(screen.getByRole('table'));

describe('landing market overview', () => {
  it('shows the loading state first', () => {
    renderOverview(new Promise<CoinsResult>(() => undefined));
    expect(table().getByText(marketMessages.loadingCoins)).toBeTruthy();
  });

  it('shows the error state when coins cannot be fetched', async () => {
    renderOverview({ success: false, data: [], error: marketMessages.network });
    expect(await table().findByText('Failed to fetch coin data.')).toBeTruthy();
  });

  it('shows the empty state for an empty list', async () => {
    renderOverview({ success: false, data: [], error: marketMessages.emptyCoinList });
    expect(await table().findByText('No coins found.')).toBeTruthy();
  });

  it('lists the first 10 coins with Trade links to spot trading', async () => {
    renderOverview({ success: true, data: coins });
    await table().findByText('BTC');
    const rows = table().getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(table().queryByText('LINK')).toBeNull();
    expect(table().getByRole('link', { name: 'Trade ETH' }).getAttribute('href')).toBe('/spot-trading?coin_pair_id=2');
    const ethRow = within(rows[1] as HTMLElement);
    expect(ethRow.getByText('-1.50%').className).toContain('down');
    expect(within(rows[0] as HTMLElement).getByText('+2.00%').className).toContain('up');
  });

  it('shows the five ticker coins and moves them with live tickers', async () => {
    const live = fakeSocket();
    renderOverview({ success: true, data: coins }, live.socket);
    const ticker = within(await screen.findByRole('list', { name: 'Price ticker' }));
    expect(ticker.getAllByRole('listitem').map((item) => item.textContent?.slice(0, 8))).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'BNB/USDT',
      'ADA/USDT',
      'SOL/USDT',
    ]);
    // The ticker subscribes in an effect, which a busy machine may run after the list has shown.
    await vi.waitFor(() => expect(live.handlers.has('tickers:SOL-USDT')).toBe(true));
    live.push('tickers', 'BTC-USDT', [{ last: '70000', open24h: '56000' }]);
    expect(ticker.getByText('70,000.00')).toBeTruthy();
    expect(ticker.getByText('+25.00%')).toBeTruthy();
    expect(table().getByText('70,000.00')).toBeTruthy();
  });

  it('swaps a broken logo for a letter badge', async () => {
    renderOverview({ success: true, data: coins });
    await table().findByText('BTC');
    const rows = table().getAllByRole('row').slice(1);
    const img = (rows[0] as HTMLElement).querySelector('img');
    expect(img).not.toBeNull();
    fireEvent.error(img as HTMLImageElement);
    expect((rows[0] as HTMLElement).querySelector('img')).toBeNull();
    expect((rows[0] as HTMLElement).querySelector('.coin-logo--badge')?.textContent).toBe('B');
  });
});
