import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { coinSchema, marketMessages } from '@exchange/contract';
import { normaliseCoin, type Coin } from '../src/shared/market/coin';
import type { CoinsResult } from '../src/shared/market/client';
import CoinSearch from '../src/features/coin-search/CoinSearch';
import { HeaderCoinSearch } from '../src/features/coin-search/HeaderCoinSearch';

afterEach(cleanup);

const named: Coin[] = [
  ['BTC', 'Bitcoin'],
  ['ETH', 'Ethereum'],
  ['SOL', 'Solana'],
  ['ETC', 'Ethereum Classic'],
].map(([symbol, name], i) => normaliseCoin(coinSchema.parse({ id: i + 1, symbol, name, price: 1.5, price_change_24h: 1 }), 0));
const many: Coin[] = Array.from({ length: 30 }, (_, i) =>
  normaliseCoin(coinSchema.parse({ id: 100 + i, symbol: `TOK${i}`, name: `Token ${i}`, price: 0.123456789 }), 0),
);

function setup(result: CoinsResult = { success: true, data: [...named, ...many] }) {
  const client = { fetchCoins: vi.fn(async () => result) };
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <div>
            <p>outside</p>
            <CoinSearch client={client} />
          </div>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, client, input: screen.getByRole('combobox', { name: 'Search coins' }) };
}

const options = () => within(screen.getByRole('listbox', { hidden: true })).queryAllByRole('option', { hidden: true });

describe('header coin search', () => {
  it('shows the start-typing hint when focused and empty, without fetching before use', async () => {
    const user = userEvent.setup();
    const { input, client } = setup();
    expect(client.fetchCoins).not.toHaveBeenCalled();
    await user.click(input);
    expect(screen.getByText(marketMessages.startTyping)).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Spot' }).getAttribute('aria-selected')).toBe('true');
  });

  it('matches symbol or name and caps results at 20', async () => {
    const user = userEvent.setup();
    const { input } = setup();
    await user.type(input, 'tok');
    expect(await screen.findByText('TOK0')).toBeTruthy();
    expect(options()).toHaveLength(20);
    await user.clear(input);
    await user.type(input, 'ethereum');
    expect(options().map((option) => option.querySelector('.coin-search-option__pair')?.textContent)).toEqual(['ETH/USDT', 'ETC/USDT']);
    expect(within(options()[0] as HTMLElement).getByText('1.50')).toBeTruthy();
    expect(within(options()[0] as HTMLElement).getByText('+1.00%')).toBeTruthy();
  });

  it('says nothing matched and offers BTC, ETH and SOL', async () => {
    const user = userEvent.setup();
    const { input } = setup();
    await user.type(input, 'qqq');
    expect(await screen.findByText('No coins found matching "qqq"')).toBeTruthy();
    expect(options().map((option) => option.querySelector('.coin-search-option__pair')?.textContent)).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'SOL/USDT',
    ]);
  });

  it('navigates with arrows and Enter, then clears the query', async () => {
    const user = userEvent.setup();
    const { input, router } = setup();
    await user.type(input, 'eth');
    await screen.findByText('Ethereum');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname + router.state.location.search).toBe('/spot-trading?coin_pair_id=4');
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('goes to futures from the Futures tab', async () => {
    const user = userEvent.setup();
    const { input, router } = setup();
    await user.type(input, 'sol');
    await user.click(screen.getByRole('tab', { name: 'Futures' }));
    await user.click(await screen.findByText('Solana'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/future-trading?coin_pair_id=3');
  });

  it('closes on an outside click and on Escape', async () => {
    const user = userEvent.setup();
    const { input } = setup();
    await user.type(input, 'btc');
    await screen.findByText('Bitcoin');
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByText('Bitcoin')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.type(input, 'x');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows loading, then the error message', async () => {
    const user = userEvent.setup();
    let resolve: (result: CoinsResult) => void = () => undefined;
    const client = { fetchCoins: vi.fn(() => new Promise<CoinsResult>((done) => (resolve = done))) };
    const router = createMemoryRouter([{ path: '*', element: <CoinSearch client={client} /> }]);
    render(<RouterProvider router={router} />);
    await user.type(screen.getByRole('combobox'), 'b');
    expect(screen.getByText(marketMessages.loadingCoins)).toBeTruthy();
    resolve({ success: false, data: [], error: marketMessages.network });
    expect(await screen.findByText(marketMessages.fetchCoinsFailed)).toBeTruthy();
  });
});

describe('header coin search slot', () => {
  function renderSlot() {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <div>
              <HeaderCoinSearch />
              <button type="button">next</button>
            </div>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    return screen.getByRole('combobox', { name: 'Search coins' });
  }
  /** The loaded search's input; the look-alike has no aria-autocomplete. */
  const loadedInput = () => waitFor(() => expect(document.querySelector('input[aria-autocomplete="list"]')).not.toBeNull());

  function focusPlaceholder(placeholder: HTMLElement) {
    placeholder.focus();
    fireEvent.focusIn(placeholder);
  }

  it('does not pull focus back when the search finishes loading after the user tabbed on', async () => {
    const placeholder = renderSlot();
    focusPlaceholder(placeholder);
    const next = screen.getByRole('button', { name: 'next' });
    next.focus();
    fireEvent.focusOut(placeholder, { relatedTarget: next });
    await loadedInput();
    expect(document.activeElement).toBe(next);
  });

  it('does not take focus when a hover loads the search', async () => {
    const placeholder = renderSlot();
    fireEvent.pointerEnter(placeholder.closest('.coin-search') as HTMLElement);
    await loadedInput();
    expect(document.activeElement).toBe(document.body);
  });

  it('hands the focus and what was typed to the loaded search', async () => {
    const placeholder = renderSlot();
    focusPlaceholder(placeholder);
    fireEvent.change(placeholder, { target: { value: 'bt' } });
    await loadedInput();
    const input = document.querySelector<HTMLInputElement>('input[aria-autocomplete="list"]');
    // The loaded input takes the focus in its effect, which may run after the commit that showed it.
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input?.value).toBe('bt');
  });
});
