import { X } from 'lucide-react';
import type { FuturesPositionRow } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { formatFixed } from '../../shared/format/number';

/** Tells the user a position of theirs was liquidated since the last poll (futuresMessages.liquidated, in the page's language). */
export function LiquidationNotice({ rows, onClose }: { rows: readonly FuturesPositionRow[]; onClose: () => void }) {
  const { t } = useLingui();
  if (rows.length === 0) return null;
  return (
    <div className="spot-notice spot-notice--error fut-liquidation" role="alert">
      <ul>
        {rows.map((row) => {
          const { symbol } = row;
          const price = formatFixed(row.close_price ?? row.mark_price ?? row.liquidation_price ?? '0', 2);
          return <li key={row.future_id}>{t`Your ${symbol} position was liquidated at ${price}`}</li>;
        })}
      </ul>
      <button type="button" className="spot-notice__close" aria-label={t`Close notification`} onClick={onClose}>
        <X size={14} aria-hidden />
      </button>
    </div>
  );
}
