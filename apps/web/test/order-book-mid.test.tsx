import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MidPrice } from '../src/shared/trading/order-book/MidPrice';
import type { Book, Trade } from '../src/shared/trading/order-book/types';

const book: Book = { asks: [{ price: 60010, amount: 1 }], bids: [{ price: 59990, amount: 1 }] };

function renderMid(trades: Trade[], lastPrice?: number | null) {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  return render(
    <I18nProvider i18n={i18n}>
      <MidPrice book={book} trades={trades} lastPrice={lastPrice} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('the order book’s middle', () => {
  it('shows the instrument’s last price until the feed brings a trade, then the feed’s last trade', () => {
    const view = renderMid([], 60123.5);
    expect(screen.getByLabelText('Last price 60,123.50')).toBeTruthy();
    view.unmount();
    renderMid([{ id: '1', price: 60005, amount: 0.1, side: 'buy', ts: 1 }], 60123.5);
    expect(screen.getByLabelText('Last price 60,005.00')).toBeTruthy();
  });

  it('shows the mid of the touch when no last price is known', () => {
    const { container } = renderMid([], null);
    expect(container.querySelector('.ob-last')?.textContent).toBe('60,000.00');
  });
});
