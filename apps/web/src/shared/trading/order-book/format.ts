import { formatAmount, formatCompact, formatFixed } from '../../format/number';

/** Above this, five decimals no longer fit the narrow column, so sizes go compact (1.2M). */
const COMPACT_FROM = 100_000;

export function formatSize(value: number): string {
  return value >= COMPACT_FROM ? formatCompact(value) : formatAmount(value);
}

export function formatBookPrice(price: number, decimals: number): string {
  return formatFixed(price, decimals);
}

/** The price handed to onPriceClick: plain digits, ready for an order form input. */
export function priceForInput(price: number, decimals: number): string {
  return price.toFixed(decimals);
}

/** HH:MM:SS in local time. */
export function formatTradeTime(ts: number): string {
  const date = new Date(ts);
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}
