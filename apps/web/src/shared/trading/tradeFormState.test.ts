import { describe, expect, it } from 'vitest';
import { initialTradeForm, limitPriceOf, tradeFormReducer, waitsForBook, type TradeFormAction, type TradeFormState } from './tradeFormState';

type Field = 'amount' | 'stopPrice';
type State = TradeFormState<Field, string, boolean>;
const start = (): State => initialTradeForm<Field, string, boolean>({ amount: '', stopPrice: '' }, 3);
const run = (state: State, ...actions: TradeFormAction<Field, string, boolean>[]) => actions.reduce(tradeFormReducer<Field, string, boolean>, state);

describe('tradeFormReducer', () => {
  it('starts empty, waiting for the book, with the last pick already seen', () => {
    const state = start();
    expect(state).toEqual({ ownPrice: null, bookPrice: null, fields: { amount: '', stopPrice: '' }, error: null, submitting: null, seenPick: 3 });
    expect(waitsForBook(state, 'buy')).toBe(true);
  });

  it('takes the book default once per target and shows it only for that target', () => {
    const state = run(start(), { type: 'bookDefault', for: 'buy', price: '100.5' });
    expect(waitsForBook(state, 'buy')).toBe(false);
    expect(limitPriceOf(state, 'buy', () => '99')).toBe('100.5');
    expect(waitsForBook(state, 'sell')).toBe(true);
    expect(limitPriceOf(state, 'sell', () => '99')).toBe('99');
  });

  it('keeps a typed price over any default, and stops waiting for the book', () => {
    const state = run(start(), { type: 'bookDefault', for: 'buy', price: '100.5' }, { type: 'price', value: '101' });
    expect(limitPriceOf(state, 'buy', () => '99')).toBe('101');
    expect(limitPriceOf(state, 'sell', () => '99')).toBe('101');
    expect(waitsForBook(state, 'sell')).toBe(false);
  });

  it('applies each order book pick once, and only where it applies (not to a market order)', () => {
    const picked = run(start(), { type: 'pick', seq: 4, price: '102', applies: true });
    expect(picked.ownPrice).toBe('102');
    expect(picked.seenPick).toBe(4);
    const typedAfter = run(picked, { type: 'price', value: '103' }, { type: 'pick', seq: 4, price: '102', applies: true });
    expect(typedAfter.ownPrice).toBe('103');
    const market = run(start(), { type: 'pick', seq: 5, price: '102', applies: false });
    expect(market.ownPrice).toBeNull();
    expect(market.seenPick).toBe(5);
  });

  it('edits one field at a time and clears the amount once an order is placed', () => {
    const typed = run(start(), { type: 'field', name: 'amount', value: '1.5' }, { type: 'field', name: 'stopPrice', value: '90' });
    expect(typed.fields).toEqual({ amount: '1.5', stopPrice: '90' });
    expect(run(typed, { type: 'placed', clear: 'amount' }).fields).toEqual({ amount: '', stopPrice: '90' });
  });

  it('records the check, the order in flight and its end', () => {
    const refused = run(start(), { type: 'checked', problem: 'too much' });
    expect(refused.error).toBe('too much');
    expect(run(refused, { type: 'clearError' }).error).toBeNull();
    const busy = run(start(), { type: 'checked', problem: null }, { type: 'submit', busy: true });
    expect(busy.submitting).toBe(true);
    expect(run(busy, { type: 'settled' }).submitting).toBeNull();
  });

  it('returns the same state for a pick already seen, so React skips the render', () => {
    const state = start();
    expect(tradeFormReducer(state, { type: 'pick', seq: 3, price: '1', applies: true })).toBe(state);
  });
});
