import type { WalletEntry } from '@exchange/contract';

export interface Holding {
  entry: WalletEntry;
  spot: number;
  futures: number;
  total: number;
  /** total × price, in USDT. */
  value: number;
}

function num(text: string): number {
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

/** The numbers the assets table shows for each wallet row; display only, so floats are fine here. */
export function toHoldings(entries: WalletEntry[]): Holding[] {
  return entries.map((entry) => {
    const spot = num(entry.spot_wallet);
    const futures = num(entry.future_wallet);
    const total = spot + futures;
    return { entry, spot, futures, total, value: total * num(entry.price) };
  });
}

/** Spec 2 §5: search matches name or symbol; Hide zero balance drops coins whose spot balance is 0 or less. */
export function filterHoldings(holdings: Holding[], query: string, hideZero: boolean): Holding[] {
  const q = query.trim().toLowerCase();
  return holdings.filter((h) => {
    if (hideZero && h.spot <= 0) return false;
    if (!q) return true;
    return h.entry.crypto_symbol.toLowerCase().includes(q) || h.entry.crypto_name.toLowerCase().includes(q);
  });
}

export interface AllocationSlice {
  /** The coin, or null for the slice of all the others. */
  symbol: string | null;
  value: number;
  percent: number;
}

/** Shares of the total USDT value: the largest `top` coins, the rest grouped as Others. */
export function allocation(holdings: Holding[], top = 5): AllocationSlice[] {
  const held = holdings.filter((h) => h.value > 0).sort((a, b) => b.value - a.value);
  const sum = held.reduce((total, h) => total + h.value, 0);
  if (sum <= 0) return [];
  const slices: Omit<AllocationSlice, 'percent'>[] = held.slice(0, top).map((h) => ({ symbol: h.entry.crypto_symbol, value: h.value }));
  const rest = held.slice(top).reduce((total, h) => total + h.value, 0);
  if (rest > 0) slices.push({ symbol: null, value: rest });
  return slices.map((s) => ({ ...s, percent: (s.value / sum) * 100 }));
}
