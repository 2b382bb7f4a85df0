import { Trans, useLingui } from '@lingui/react/macro';
import { useStoredBook, type BookStore } from '../trading/bookStore';
import { formatBookPrice, formatSize } from '../trading/order-book/format';
import { depthData, depthPath, type DepthRow } from './depth';

/** The drawing's own units: the SVG stretches to the panel, so these only set the staircase's precision. */
const WIDTH = 1000;
const HEIGHT = 400;
const PRICE_DECIMALS = 2;
/** Levels a side: the most the book's feed carries, more than the order book lists. */
const DEPTH_LEVELS = 20;

interface DepthChartProps {
  symbol: string;
  store: BookStore;
}

/**
 * The depth view of the chart: the cumulative bids (left, green) and asks (right, red) of the book
 * the page's order book holds, with a table of the same levels for screen readers and the tests.
 */
export function DepthChart({ symbol, store }: DepthChartProps) {
  const { t } = useLingui();
  const book = useStoredBook(store, symbol);
  const data = book ? depthData(book, DEPTH_LEVELS) : null;
  if (!data) {
    return (
      <div className="price-chart__overlay" role="status">
        <Trans>Waiting for the order book...</Trans>
      </div>
    );
  }
  const mid = data.bids[0] && data.asks[0] ? (data.bids[0].price + data.asks[0].price) / 2 : undefined;
  const rows = (side: 'bid' | 'ask', list: readonly DepthRow[]) =>
    list.map((row) => (
      <tr key={`${side}-${row.price}`} data-side={side}>
        <td>{side === 'bid' ? t`Bid` : t`Ask`}</td>
        <td>{formatBookPrice(row.price, PRICE_DECIMALS)}</td>
        <td>{formatSize(row.amount)}</td>
        <td>{formatSize(row.total)}</td>
      </tr>
    ));
  return (
    <figure className="depth-chart" aria-label={t`Depth chart`}>
      <svg className="depth-chart__plot" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true">
        <path className="depth-chart__bids" d={depthPath(data.bids, data, WIDTH, HEIGHT)} />
        <path className="depth-chart__asks" d={depthPath(data.asks, data, WIDTH, HEIGHT)} />
      </svg>
      <figcaption className="depth-chart__axis">
        <span>{formatBookPrice(data.minPrice, PRICE_DECIMALS)}</span>
        {mid !== undefined && <span className="depth-chart__mid">{formatBookPrice(mid, PRICE_DECIMALS)}</span>}
        <span>{formatBookPrice(data.maxPrice, PRICE_DECIMALS)}</span>
      </figcaption>
      <div className="depth-chart__legend">
        <span className="up">
          <Trans>Bids {formatSize(data.bids.at(-1)?.total ?? 0)}</Trans>
        </span>
        <span className="down">
          <Trans>Asks {formatSize(data.asks.at(-1)?.total ?? 0)}</Trans>
        </span>
      </div>
      <table className="sr-only">
        <caption>{t`Depth levels`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Side`}</th>
            <th scope="col">{t`Price`}</th>
            <th scope="col">{t`Amount`}</th>
            <th scope="col">{t`Cumulative`}</th>
          </tr>
        </thead>
        <tbody>
          {rows('bid', data.bids)}
          {rows('ask', data.asks)}
        </tbody>
      </table>
    </figure>
  );
}
