import { Trans, useLingui } from '@lingui/react/macro';
import { formatPrice } from '../../format/price';
import { formatSize, formatTradeTime } from './format';
import type { Trade } from './types';

/** The latest trades; `emptyText` replaces the spot wording while there are none. */
export function TradesList({ trades, emptyText }: { trades: Trade[]; emptyText?: string }) {
  const { t } = useLingui();
  if (trades.length === 0)
    return (
      <p className="ob-empty">{emptyText ?? <Trans>No trades yet.</Trans>}</p>
    );
  return (
    <div className="ob-table">
      <div className="ob-row ob-row--head" aria-hidden="true">
        <span>
          <Trans>Price (USDT)</Trans>
        </span>
        <span>
          <Trans>Amount</Trans>
        </span>
        <span>
          <Trans>Time</Trans>
        </span>
      </div>
      <ol className="ob-side" aria-label={t`Recent trades`}>
        {trades.map((trade) => (
          <li key={trade.id} className="ob-row">
            <span className={`ob-price ob-price--${trade.side}`}>{formatPrice(trade.price)}</span>
            <span className="ob-num">{formatSize(trade.amount)}</span>
            <span className="ob-num">{formatTradeTime(trade.ts)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
