import { useLingui } from '@lingui/react/macro';
import type { DepthLevel } from './depth';
import { formatBookPrice, formatSize, priceForInput } from './format';
import type { BookSide as Side } from './types';
import { useRovingFocus } from '../../ui/useRovingFocus';

interface BookSideProps {
  side: Side;
  /** Best level first; asks are drawn reversed so the best ask sits next to the middle. */
  rows: DepthLevel[];
  decimals: number;
  onPriceClick?: (price: string) => void;
}

export function BookSide({ side, rows, decimals, onPriceClick }: BookSideProps) {
  const { t } = useLingui();
  const shown = side === 'ask' ? [...rows].reverse() : rows;
  // One Tab stop per side; the arrows move between its prices.
  const roving = useRovingFocus<HTMLOListElement>({ orientation: 'vertical' });
  return (
    <ol className={`ob-side ob-side--${side}`} aria-label={side === 'ask' ? t`Asks` : t`Bids`} {...roving}>
      {shown.map((row, index) => {
        const price = formatBookPrice(row.price, decimals);
        return (
          // Keyed by place, not price: levels change with every update, and a price button that keeps
          // its place keeps the keyboard focus instead of dropping it to the page.
          <li key={index} className="ob-row">
            <span className="ob-bar" style={{ width: `${row.depth}%` }} aria-hidden="true" />
            {onPriceClick ? (
              <button
                type="button"
                className="ob-price"
                onClick={() => onPriceClick(priceForInput(row.price, decimals))}
                aria-label={t`Use price ${price}`}
              >
                {price}
              </button>
            ) : (
              <span className="ob-price">{price}</span>
            )}
            <span className="ob-num">{formatSize(row.amount)}</span>
            <span className="ob-num">{formatSize(row.total)}</span>
          </li>
        );
      })}
    </ol>
  );
}
