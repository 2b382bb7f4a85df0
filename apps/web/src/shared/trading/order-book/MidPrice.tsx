import { ArrowDown, ArrowUp } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatFixed } from '../../format/number';
import { formatPrice, priceDecimals } from '../../format/price';
import { lastPriceTrend } from './trades';
import type { Book, Trade } from './types';

/** The row between asks and bids: the last trade price coloured by direction, and the spread. */
export function MidPrice({ book, trades }: { book: Book; trades: Trade[] }) {
  const { t } = useLingui();
  const bestAsk = book.asks[0]?.price;
  const bestBid = book.bids[0]?.price;
  const last = trades[0]?.price;
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
