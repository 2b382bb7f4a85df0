import { ArrowDown, ArrowUp } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatFixed } from '../../format/number';
import { formatPrice, priceDecimals } from '../../format/price';
import { lastPriceTrend } from './trades';
import type { Book, Trade } from './types';

/**
 * The row between asks and bids: the last trade price coloured by direction, and the spread. Before
 * the feed has brought a trade, the instrument's last price when the page knows it (a contract's,
 * so the futures page's middle is its last trade as in the header), else the mid of the touch.
 */
export function MidPrice({ book, trades, lastPrice }: { book: Book; trades: Trade[]; lastPrice?: number | null }) {
  const { t } = useLingui();
  const bestAsk = book.asks[0]?.price;
  const bestBid = book.bids[0]?.price;
  const last = trades[0]?.price ?? (lastPrice !== undefined && lastPrice !== null && lastPrice > 0 ? lastPrice : undefined);
  const trend = lastPriceTrend(trades);
  const spread = bestAsk !== undefined && bestBid !== undefined ? bestAsk - bestBid : undefined;
  const mid = bestAsk !== undefined && bestBid !== undefined ? (bestAsk + bestBid) / 2 : (bestAsk ?? bestBid);
  const lastText = last === undefined ? '' : formatPrice(last);
  const spreadText = spread === undefined || bestAsk === undefined ? '' : formatFixed(spread, priceDecimals(bestAsk));
  return (
    <div className="ob-mid">
      {last !== undefined ? (
        <span className={`ob-last ob-last--${trend}`} aria-label={t`Last price ${lastText}`}>
          {lastText}
          {trend === 'up' ? <ArrowUp size={14} aria-hidden="true" /> : <ArrowDown size={14} aria-hidden="true" />}
        </span>
      ) : (
        mid !== undefined && <span className="ob-last">{formatPrice(mid)}</span>
      )}
      {spread !== undefined && bestAsk !== undefined && (
        <span className="ob-spread">
          <Trans>Spread {spreadText}</Trans>
        </span>
      )}
    </div>
  );
}
