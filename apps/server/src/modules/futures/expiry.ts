/** Delivery contracts expire at 08:00 UTC, as OKX's and Binance's quarterlies do. */
const EXPIRY_HOUR_UTC = 8;
const QUARTER_MONTHS = [2, 5, 8, 11];
/** The coins with a quarterly delivery contract (issue 14: BTC and ETH). */
export const EXPIRY_SYMBOLS = ['BTC', 'ETH'] as const;
/** The settlement price is the average index of this last stretch before expiry. */
export const SETTLEMENT_WINDOW_MS = 30 * 60_000;

/** 08:00 UTC on the last Friday of a month (month 0-11). */
function lastFriday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, EXPIRY_HOUR_UTC));
  const back = (last.getUTCDay() - 5 + 7) % 7;
  return last.getTime() - back * 86_400_000;
}

/** The first quarterly expiry (last Friday of March, June, September or December, 08:00 UTC) strictly after `afterMs`. */
export function quarterlyExpiry(afterMs: number): number {
  const d = new Date(afterMs);
  for (let i = 0; i < 6; i++) {
    const monthIndex = d.getUTCMonth() + i;
    const year = d.getUTCFullYear() + Math.floor(monthIndex / 12);
    const month = monthIndex % 12;
    if (!QUARTER_MONTHS.includes(month)) continue;
    const t = lastFriday(year, month);
    if (t > afterMs) return t;
  }
  throw new Error('no quarterly expiry within six months');
}

/** OKX's delivery id: BTC expiring 2026-12-25 → BTC-USDT-261225. */
export function expiryInstId(symbol: string, expiryMs: number): string {
  const d = new Date(expiryMs);
  const yy = String(d.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${symbol.toUpperCase()}-USDT-${yy}${mm}${dd}`;
}

/** Average of the index samples in the settlement window ending at `expiryMs`; the last index when none fell in it. */
export function settlementPrice(samples: readonly { ms: number; price: number }[], expiryMs: number, lastIndex: number): number {
  const inWindow = samples.filter((s) => s.ms > expiryMs - SETTLEMENT_WINDOW_MS && s.ms <= expiryMs);
  if (inWindow.length === 0) return lastIndex;
  return inWindow.reduce((sum, s) => sum + s.price, 0) / inWindow.length;
}
