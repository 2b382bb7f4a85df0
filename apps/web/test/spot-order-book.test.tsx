import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { spotMessages } from '@exchange/contract';
import { OrderBook } from '../src/shared/trading/order-book/OrderBook';
import { FakeSocket, defaultRestBook, jsonResponse, rawLevels, restBook } from './spot-order-book-test-utils';

type FetchReply = () => Response | Promise<Response>;

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL) => Promise<Response>>>;
let reply: FetchReply;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
  reply = () => jsonResponse(defaultRestBook());
  fetchMock = vi.fn(async () => reply());
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function rowsOf(name: 'Asks' | 'Bids' | 'Recent trades') {
  return within(screen.getByRole('list', { name })).getAllByRole('listitem');
}

function cells(row: HTMLElement): string[] {
  return [...row.children].filter((child) => !child.classList.contains('ob-bar')).map((child) => child.textContent ?? '');
}

function pill() {
  return screen.getByRole('status', { name: '' }).textContent;
}

async function mountLive(onPriceClick?: (price: string) => void) {
  render(<OrderBook symbol="BTC" pricePrecisionDefault={2} onPriceClick={onPriceClick} />);
  await act(async () => FakeSocket.latest().open());
  await advance(100);
}

describe('OrderBook', () => {
  it('renders 8 asks and 8 bids with cumulative totals from the REST answer', async () => {
    await mountLive();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v5/market/books?instId=BTC-USDT&sz=20');
    const asks = rowsOf('Asks');
    const bids = rowsOf('Bids');
    expect(asks).toHaveLength(8);
    expect(bids).toHaveLength(8);
    // Asks run from the 8th level down to the best one next to the middle.
    expect(cells(asks[0] as HTMLElement)).toEqual(['100.80', '1.00000', '8.00000']);
    expect(cells(asks[7] as HTMLElement)).toEqual(['100.10', '1.00000', '1.00000']);
    expect(cells(bids[0] as HTMLElement)).toEqual(['99.90', '1.00000', '1.00000']);
    expect(cells(bids[7] as HTMLElement)).toEqual(['99.20', '1.00000', '8.00000']);
    const bar = (asks[0] as HTMLElement).querySelector<HTMLElement>('.ob-bar');
    expect(bar?.style.width).toBe('95%');
    expect(pill()).toContain('Live');
  });

  it('takes one Tab stop per side of prices and one for the decimals; the arrow keys move within them', async () => {
    await mountLive(() => undefined);
    const stops = (root: HTMLElement) => [...root.querySelectorAll('button')].filter((button) => button.tabIndex === 0);
    const asks = screen.getByRole('list', { name: 'Asks' });
    const prices = within(asks).getAllByRole('button');
    expect(stops(asks)).toEqual([prices[0]]);
    prices[0]?.focus();
    fireEvent.keyDown(prices[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(prices[1]);
    expect(stops(asks)).toEqual([prices[1]]);
    fireEvent.keyDown(prices[1] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(prices[7]);
    expect(stops(screen.getByRole('list', { name: 'Bids' }))).toHaveLength(1);

    const decimals = screen.getByRole('toolbar', { name: 'Price decimals' });
    expect(stops(decimals).map((button) => button.textContent)).toEqual(['2']);
    const tabs = screen.getByRole('tablist');
    const book = within(tabs).getByRole('tab', { name: 'Order Book' });
    expect(stops(tabs)).toEqual([book]);
    book.focus();
    fireEvent.keyDown(book, { key: 'ArrowRight' });
    expect(within(tabs).getByRole('tab', { name: 'Trades' }).getAttribute('aria-selected')).toBe('true');
  });

  it('draws the first book as soon as it arrives, before the socket opens and without the UI throttle', async () => {
    render(<OrderBook symbol="BTC" pricePrecisionDefault={2} />);
    await advance(0);
    expect(rowsOf('Asks')).toHaveLength(8);
    expect(rowsOf('Bids')).toHaveLength(8);
  });

  it('regroups prices when another decimals button is chosen', async () => {
    await mountLive();
    fireEvent.click(screen.getByRole('button', { name: '0' }));
    expect(screen.getByRole('button', { name: '0' }).getAttribute('aria-pressed')).toBe('true');
    const asks = rowsOf('Asks');
    expect(asks.map((row) => cells(row))).toEqual([
      ['102', '10.00000', '20.00000'],
      ['101', '10.00000', '10.00000'],
    ]);
    expect(rowsOf('Bids').map((row) => cells(row)[0])).toEqual(['99', '98']);
  });

  it('applies a books5 push to the top level after the 100 ms throttle', async () => {
    await mountLive();
    await act(async () =>
      FakeSocket.latest().push('books5', 'BTC-USDT', [
        { asks: rawLevels(100.05, 0.05, 5, '3'), bids: rawLevels(99.95, -0.05, 5, '2'), ts: '1' },
      ]),
    );
    await advance(99);
    expect(cells(rowsOf('Asks').at(-1) as HTMLElement)[0]).toBe('100.10');
    await advance(1);
    expect(cells(rowsOf('Asks').at(-1) as HTMLElement)).toEqual(['100.05', '3.00000', '3.00000']);
    expect(cells(rowsOf('Bids')[0] as HTMLElement)).toEqual(['99.95', '2.00000', '2.00000']);
    // Levels beyond books5 still come from the REST snapshot.
    expect(rowsOf('Asks')).toHaveLength(8);
  });

  it('keeps the keyboard focus on the same row when a push replaces the focused price', async () => {
    await mountLive(() => undefined);
    const best = screen.getByRole('button', { name: 'Use price 99.90' });
    best.focus();
    await act(async () =>
      FakeSocket.latest().push('books5', 'BTC-USDT', [{ asks: rawLevels(100.05, 0.05, 5), bids: rawLevels(99.95, -0.05, 5), ts: '1' }]),
    );
    await advance(100);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Use price 99.95' }));
  });

  it('passes the clicked price to onPriceClick', async () => {
    const onPriceClick = vi.fn();
    await mountLive(onPriceClick);
    fireEvent.click(screen.getByRole('button', { name: 'Use price 99.90' }));
    expect(onPriceClick).toHaveBeenCalledWith('99.90');
  });

  it('reconnects with backoff and falls back to REST polling after 5 failed attempts', async () => {
    render(<OrderBook symbol="BTC" />);
    expect(pill()).toContain('Connecting...');
    const delays = [1000, 2000, 4000, 8000, 10_000];
    for (const [index, delay] of delays.entries()) {
      await act(async () => FakeSocket.latest().drop());
      expect(pill()).toContain(`Reconnecting (Attempt ${index + 1})...`);
      const created = FakeSocket.instances.length;
      await advance(delay - 1);
      expect(FakeSocket.instances).toHaveLength(created);
      await advance(1);
      expect(FakeSocket.instances).toHaveLength(created + 1);
    }
    await act(async () => FakeSocket.latest().drop());
    expect(pill()).toContain('Live (REST)');
    const calls = fetchMock.mock.calls.length;
    await advance(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(calls + 1);
    expect(FakeSocket.instances).toHaveLength(6);
    expect(rowsOf('Bids')).toHaveLength(8);
  });

  it('shows the failure card once everything failed and recovers with Retry Connection', async () => {
    FakeSocket.refuse = true;
    reply = () => {
      throw new TypeError('Failed to fetch');
    };
    render(<OrderBook symbol="BTC" />);
    await advance(2000 + 4000 + 8000);
    const card = screen.getByRole('alert');
    expect(card.textContent).toContain(spotMessages.connectFailed);
    expect(card.textContent).toContain('connection to the exchange failed');
    expect(pill()).toContain('Error');
    await advance(20_000);
    expect(pill()).toContain('Failed');

    FakeSocket.refuse = false;
    reply = () => jsonResponse(defaultRestBook());
    fireEvent.click(screen.getByRole('button', { name: 'Retry Connection' }));
    expect(pill()).toContain('Connecting...');
    await act(async () => FakeSocket.latest().open());
    await advance(100);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(rowsOf('Asks')).toHaveLength(8);
  });

  it('lists pushed trades newest first on the Trades tab', async () => {
    await mountLive();
    await act(async () =>
      FakeSocket.latest().push('trades', 'BTC-USDT', [
        { instId: 'BTC-USDT', tradeId: '1', px: '100.1', sz: '0.5', side: 'buy', ts: String(new Date(2026, 0, 1, 9, 5, 7).getTime()) },
        { instId: 'BTC-USDT', tradeId: '2', px: '99.9', sz: '0.25', side: 'sell', ts: String(new Date(2026, 0, 1, 9, 5, 8).getTime()) },
      ]),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Trades' }));
    await advance(100);
    const rows = rowsOf('Recent trades');
    expect(rows.map((row) => cells(row))).toEqual([
      ['99.90', '0.25000', '09:05:08'],
      ['100.10', '0.50000', '09:05:07'],
    ]);
    expect(rows[0]?.querySelector('.ob-price--sell')).not.toBeNull();
    expect(rows[1]?.querySelector('.ob-price--buy')).not.toBeNull();
  });

  it('says so when the book is empty', async () => {
    reply = () => jsonResponse(restBook([], []));
    await mountLive();
    expect(screen.getByText(spotMessages.noBookData)).toBeTruthy();
  });
});
