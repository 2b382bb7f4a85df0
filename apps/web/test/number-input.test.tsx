import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { useState } from 'react';
import { activateLocale } from '../src/shared/i18n/i18n';
import { NumberInput } from '../src/shared/ui/NumberInput';
import { TradeForm } from '../src/features/spot/form/TradeForm';

const placeOrder = vi.hoisted(() => vi.fn(() => Promise.resolve({ success: true, order_id: '1', message: 'ok' })));
vi.mock('../src/features/spot/api/spotApi', () => ({ placeOrder }));

afterEach(async () => {
  cleanup();
  placeOrder.mockClear();
  await activateLocale('en');
});

/** A field whose plain value is shown beside it, and can be set from outside like a slider sets it. */
function Field({ start = '' }: { start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <NumberInput aria-label="Amount" value={value} onValueChange={setValue} />
      <output data-testid="plain">{value}</output>
      <button type="button" onClick={() => setValue('0.25')}>
        Quarter
      </button>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
const plain = () => screen.getByTestId('plain').textContent;

describe('the number field', () => {
  it('in Spanish reads the comma and the dot, and writes what it read with a comma when left', async () => {
    await activateLocale('es');
    const user = userEvent.setup();
    render(<Field />);
    await user.type(field(), '0,01');
    expect(field().value).toBe('0,01');
    expect(plain()).toBe('0.01');
    await user.clear(field());
    await user.type(field(), '2.5');
    expect(plain()).toBe('2.5');
    expect(field().value).toBe('2.5');
    await user.tab();
    expect(field().value).toBe('2,5');
    expect(field()).toHaveProperty('inputMode', 'decimal');
  });

  it('shows a value set from outside in the language, and a placeholder too', async () => {
    await activateLocale('es');
    const user = userEvent.setup();
    render(<Field start="1234.5" />);
    expect(field().value).toBe('1234,5');
    await user.click(screen.getByRole('button', { name: 'Quarter' }));
    expect(field().value).toBe('0,25');
  });

  it('refuses what it cannot read, saying why, and gives the form no number', async () => {
    await activateLocale('es');
    const user = userEvent.setup();
    render(<Field start="5" />);
    await user.clear(field());
    await user.type(field(), '1.000');
    expect(plain()).toBe('');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('1.000 puede ser un decimal o un número entero: escribe 1,000 o 1000');
    expect(field().getAttribute('aria-describedby')).toBe(alert.id);
    // The refused text stays as typed, for the trader to correct, even after leaving the field.
    await user.tab();
    expect(field().value).toBe('1.000');
    await user.clear(field());
    await user.type(field(), '1,5');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(plain()).toBe('1.5');
  });

  it('in English reads the comma only between thousands', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.type(field(), '1,234.5');
    expect(plain()).toBe('1234.5');
    await user.clear(field());
    await user.type(field(), '0,01');
    expect(plain()).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('Cannot read this number: write decimals with a dot, like 0.01');
  });
});

describe('the spot form in Spanish (issue 40: "0,01" became a 100× order)', () => {
  it('places 0.01 BTC for "0,01", with the slider and the total following it', async () => {
    await activateLocale('es');
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <TradeForm symbol="BTC" coinPairId={1} lastPrice={100_000} tickSize="0.01" lotSize="0.00001" uid={42} signedIn balances={{ usdt: '10000', crypto: '0' }} />
      </MemoryRouter>,
    );
    const price = screen.getByRole('textbox', { name: 'Precio' }) as HTMLInputElement;
    expect(price.value).toBe('100000,00');
    await user.type(screen.getByRole('textbox', { name: 'Cantidad' }), '0,01');
    expect((screen.getByRole('slider') as HTMLInputElement).value).toBe('10');
    expect(screen.getByTestId('order-total').textContent).toBe('1.000,00000 USDT');
    await user.click(screen.getByRole('button', { name: 'Comprar BTC' }));
    await screen.findByText('¡Orden de compra colocada correctamente!');
    expect(placeOrder).toHaveBeenCalledTimes(1);
    expect(placeOrder.mock.calls[0]).toEqual([expect.objectContaining({ amount: '0.01', price: '100000.00' }), expect.any(String)]);
  });
});
