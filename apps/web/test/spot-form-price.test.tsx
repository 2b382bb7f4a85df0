import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { createBookTopStore, topOfBook } from '../src/shared/trading/bookTop';
import { defaultLimitPrice, priceText } from '../src/shared/trading/defaultPrice';
import { TradeForm } from '../src/features/spot/form/TradeForm';

afterEach(cleanup);

describe('the limit price default (issue 13, defect 2)', () => {
  const top = { bid: 103_620.5, ask: 103_631.08 };

  it('starts a buy at the best ask and a sell at the best bid, on the coin tick', () => {
    expect(defaultLimitPrice('buy', top, 103_441.36, '0.01')).toBe('103631.08');
    expect(defaultLimitPrice('sell', top, 103_441.36, '0.01')).toBe('103620.50');
    expect(defaultLimitPrice('buy', { bid: 0.7702, ask: 0.7703 }, 0.77, '0.0001')).toBe('0.7703');
  });

  it('uses the other side of the book when one side is empty, and the last price before the book arrives', () => {
    expect(defaultLimitPrice('buy', { bid: 100, ask: null }, 90, '0.01')).toBe('100.00');
    expect(defaultLimitPrice('sell', { bid: null, ask: 101 }, 90, '0.01')).toBe('101.00');
    expect(defaultLimitPrice('buy', null, 103_441.36, '0.01')).toBe('103441.36');
    expect(defaultLimitPrice('buy', null, 0, '0.01')).toBe('');
    expect(priceText(0.770312, null)).toBe('0.770312');
  });

  it('reads the top of a book, and holds one symbol at a time', () => {
    expect(topOfBook({ asks: [{ price: 2, amount: 1 }], bids: [] })).toEqual({ bid: null, ask: 2 });
    expect(topOfBook(null)).toBeNull();
    const store = createBookTopStore();
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.set('BTC', top);
    store.set('BTC', { ...top });
    expect(calls).toBe(1);
    expect(store.get('BTC')).toEqual(top);
    expect(store.get('ETH')).toBeNull();
  });
});

describe('the trade form price field', () => {
  function setup(lastPrice = 103_441.36) {
    const store = createBookTopStore();
    render(
      <MemoryRouter>
        <TradeForm
          symbol="BTC"
          coinPairId={1}
          lastPrice={lastPrice}
          tickSize="0.01"
          lotSize="0.00001"
          bookTop={store}
          uid={42}
          signedIn
          balances={{ usdt: '1000', crypto: '1' }}
        />
      </MemoryRouter>,
    );
    const price = () => (screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement).value;
    return { store, price };
  }

  it('shows the last price until the book arrives, then the best ask; later ticks leave it alone', () => {
    const { store, price } = setup();
    expect(price()).toBe('103441.36');
    act(() => store.set('BTC', { bid: 103_620.5, ask: 103_631.08 }));
    expect(price()).toBe('103631.08');
    act(() => store.set('BTC', { bid: 103_700, ask: 103_710 }));
    expect(price()).toBe('103631.08');
  });

  it('a switch to Sell starts at the best bid then; a typed price is never replaced', async () => {
    const user = userEvent.setup();
    const { store, price } = setup();
    act(() => store.set('BTC', { bid: 103_620.5, ask: 103_631.08 }));
    act(() => store.set('BTC', { bid: 103_600, ask: 103_610 }));
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(price()).toBe('103600.00');
    await user.clear(screen.getByRole('textbox', { name: 'Price' }));
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '99000');
    act(() => store.set('BTC', { bid: 103_500, ask: 103_510 }));
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(price()).toBe('99000');
  });

  it('ignores the book of another coin', () => {
    const { store, price } = setup();
    act(() => store.set('ETH', { bid: 2_600, ask: 2_601 }));
    expect(price()).toBe('103441.36');
  });
});
