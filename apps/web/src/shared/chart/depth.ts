import type { Book, BookLevel } from '../trading/order-book/types';

export interface DepthRow extends BookLevel {
  /** Amount of this level and every better one on its side. */
  total: number;
}

export interface DepthData {
  /** Best first: bids from the highest price down, asks from the lowest up. */
  bids: DepthRow[];
  asks: DepthRow[];
  minPrice: number;
  maxPrice: number;
  maxTotal: number;
}

function accumulate(levels: readonly BookLevel[], count: number): DepthRow[] {
  let total = 0;
  return levels
    .filter((level) => level.price > 0 && level.amount > 0)
    .slice(0, count)
    .map((level) => {
      total += level.amount;
      return { price: level.price, amount: level.amount, total };
    });
}

/** The cumulative bids and asks of the book's best `count` levels a side; null for an empty book. */
export function depthData(book: Book, count: number): DepthData | null {
  const bids = accumulate(book.bids, count);
  const asks = accumulate(book.asks, count);
  const prices = [...bids, ...asks].map((row) => row.price);
  if (prices.length === 0) return null;
  return {
    bids,
    asks,
    minPrice: Math.min(...prices),
    maxPrice: Math.max(...prices),
    maxTotal: Math.max(bids.at(-1)?.total ?? 0, asks.at(-1)?.total ?? 0),
  };
}

/**
 * An SVG path of one side's depth in a `width`×`height` box (y down): a staircase that holds each
 * level's cumulative amount from its price outwards to the next level's, closed along the bottom.
 */
export function depthPath(rows: readonly DepthRow[], data: DepthData, width: number, height: number): string {
  const first = rows[0];
  if (!first) return '';
  const span = data.maxPrice - data.minPrice;
  const x = (price: number) => (span > 0 ? ((price - data.minPrice) / span) * width : width / 2);
  const y = (total: number) => (data.maxTotal > 0 ? height - (total / data.maxTotal) * height : height);
  const round = (n: number) => Math.round(n * 100) / 100;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- SVG path data, not a text for people
  const parts = [`M${round(x(first.price))},${height}`];
  rows.forEach((row, i) => {
    parts.push(`V${round(y(row.total))}`);
    const next = rows[i + 1];
    if (next) parts.push(`H${round(x(next.price))}`);
  });
  parts.push(`V${height}Z`);
  return parts.join(' ');
}
