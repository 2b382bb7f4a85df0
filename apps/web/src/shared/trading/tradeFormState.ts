/**
 * The state of a trade form (spot and futures), as a pure reducer: the limit price the user owns or
 * the default taken once from the live book, the text fields, the last check's problem and the order
 * being placed. Which fields a form has and what "busy" records are the form's own.
 */
export interface TradeFormState<Field extends string, Problem, Busy> {
  /** The user's own price (typed or picked from the book); null keeps the default from the book. */
  ownPrice: string | null;
  /** The default limit price taken from the live book, and what it was taken for (spot: the side). */
  bookPrice: { for: string; price: string } | null;
  fields: Record<Field, string>;
  error: Problem | null;
  /** What is being placed (spot: true; futures: the button's tone); null when nothing is. */
  submitting: Busy | null;
  /** The sequence number of the last order book pick seen, so each pick is applied once. */
  seenPick: number;
}

export type TradeFormAction<Field extends string, Problem, Busy> =
  | { type: 'field'; name: Field; value: string }
  | { type: 'price'; value: string }
  | { type: 'bookDefault'; for: string; price: string }
  | { type: 'pick'; seq: number; price: string; applies: boolean }
  | { type: 'checked'; problem: Problem | null }
  | { type: 'submit'; busy: Busy }
  | { type: 'placed'; clear: Field }
  | { type: 'settled' }
  | { type: 'clearError' };

export function initialTradeForm<Field extends string, Problem, Busy>(
  fields: Record<Field, string>,
  seenPick: number,
): TradeFormState<Field, Problem, Busy> {
  return { ownPrice: null, bookPrice: null, fields, error: null, submitting: null, seenPick };
}

export function tradeFormReducer<Field extends string, Problem, Busy>(
  state: TradeFormState<Field, Problem, Busy>,
  action: TradeFormAction<Field, Problem, Busy>,
): TradeFormState<Field, Problem, Busy> {
  switch (action.type) {
    case 'field':
      return { ...state, fields: { ...state.fields, [action.name]: action.value } };
    case 'price':
      return { ...state, ownPrice: action.value };
    case 'bookDefault':
      return { ...state, bookPrice: { for: action.for, price: action.price } };
    case 'pick':
      if (action.seq === state.seenPick) return state;
      return { ...state, seenPick: action.seq, ownPrice: action.applies ? action.price : state.ownPrice };
    case 'checked':
      return { ...state, error: action.problem };
    case 'submit':
      return { ...state, submitting: action.busy };
    case 'placed':
      return { ...state, fields: { ...state.fields, [action.clear]: '' } };
    case 'settled':
      return { ...state, submitting: null };
    case 'clearError':
      return { ...state, error: null };
  }
}

/** The default is taken from the book once for `target`, then left alone: the field never moves under the user. */
export function waitsForBook(state: TradeFormState<string, unknown, unknown>, target: string): boolean {
  return state.ownPrice === null && state.bookPrice?.for !== target;
}

/** The limit price shown: the user's own, else the book's default for `target`, else `fallback`. */
export function limitPriceOf(state: TradeFormState<string, unknown, unknown>, target: string, fallback: () => string): string {
  if (state.ownPrice !== null) return state.ownPrice;
  return state.bookPrice?.for === target ? state.bookPrice.price : fallback();
}
