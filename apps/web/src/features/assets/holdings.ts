import type { AssetBalance } from '@exchange/contract';
import { sumHeld, type HeldAmount } from '../../shared/wallet/held';

export interface Holding {
  asset: AssetBalance;
  /** Free to use, in every wallet together. */
  available: number;
  /** What orders, withdrawals, margin and Earn hold, by what holds it. */
  held: HeldAmount[];
  total: number;
  /** total × price, in USDT. */
  value: number;
}

function num(text: string): number {
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

/** The numbers the assets table shows for each coin; display only, so floats are fine here. */
export function toHoldings(assets: readonly AssetBalance[]): Holding[] {
  return assets.map((asset) => ({
    asset,
    available: num(asset.funding.available) + num(asset.spot.available) + num(asset.futures.available),
    held: sumHeld([asset.funding.held, asset.spot.held, asset.futures.held], asset.earn),
    total: num(asset.total),
    value: num(asset.value),
  }));
}

/**
 * Spec 2 §5: search matches name or symbol; Hide zero balance drops coins with nothing in them.
 * Spec 2 looks at the spot balance only; with Funding and Earn beside it the coin's total does.
 */
export function filterHoldings(holdings: Holding[], query: string, hideZero: boolean): Holding[] {
  const q = query.trim().toLowerCase();
  return holdings.filter((h) => {
    if (hideZero && h.total <= 0) return false;
    if (!q) return true;
    return h.asset.symbol.toLowerCase().includes(q) || h.asset.name.toLowerCase().includes(q);
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
  const slices: Omit<AllocationSlice, 'percent'>[] = held.slice(0, top).map((h) => ({ symbol: h.asset.symbol, value: h.value }));
  const rest = held.slice(top).reduce((total, h) => total + h.value, 0);
  if (rest > 0) slices.push({ symbol: null, value: rest });
  return slices.map((s) => ({ ...s, percent: (s.value / sum) * 100 }));
}
