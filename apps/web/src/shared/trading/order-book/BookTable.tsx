import { ORDER_BOOK_LEVELS, spotMessages } from '@exchange/contract';
import { useMemo } from 'react';
import { Trans } from '@lingui/react/macro';
import { useContractText } from '../../i18n/contractText';
import { BookSide } from './BookSide';
import { withTotals } from './depth';
import { groupLevels } from './grouping';
import { MidPrice } from './MidPrice';
import type { Book, Trade } from './types';

interface BookTableProps {
  book: Book;
  trades: Trade[];
  decimals: number;
  onPriceClick?: (price: string) => void;
  lastPrice?: number | null;
}

export function BookTable({ book, trades, decimals, onPriceClick, lastPrice }: BookTableProps) {
  const contractText = useContractText();
  const asks = useMemo(() => withTotals(groupLevels(book.asks, decimals, 'ask'), ORDER_BOOK_LEVELS), [book, decimals]);
  const bids = useMemo(() => withTotals(groupLevels(book.bids, decimals, 'bid'), ORDER_BOOK_LEVELS), [book, decimals]);
  if (asks.length === 0 && bids.length === 0) return <p className="ob-empty">{contractText(spotMessages.noBookData)}</p>;
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
          <Trans>Total</Trans>
        </span>
      </div>
      <BookSide side="ask" rows={asks} decimals={decimals} onPriceClick={onPriceClick} />
      <MidPrice book={book} trades={trades} lastPrice={lastPrice} />
      <BookSide side="bid" rows={bids} decimals={decimals} onPriceClick={onPriceClick} />
    </div>
  );
}
