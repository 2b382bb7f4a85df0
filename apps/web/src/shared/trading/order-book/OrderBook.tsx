import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { topOfBook, type BookTopStore } from '../bookTop';
import type { BookStore } from '../bookStore';
import { Spinner } from '../../ui/Spinner';
import { BookTable } from './BookTable';
import { FailureCard } from './FailureCard';
import { StatusPill } from './StatusPill';
import { TradesList } from './TradesList';
import { useOrderBookFeed } from './useOrderBookFeed';
import { useRovingFocus } from '../../ui/useRovingFocus';
import { instIdOf } from '../../market/publicSocket';
import './orderBook.css';

export const PRICE_DECIMAL_CHOICES = [0, 1, 2, 3, 4] as const;

export interface OrderBookProps {
  /** Base coin, e.g. 'BTC'; the book is its USDT pair unless `instId` names another instrument. */
  symbol: string;
  /** The instrument whose book shows, e.g. 'BTC-USDT-SWAP'; the spot pair of `symbol` when absent. */
  instId?: string;
  /** What the Trades tab says while it has no trades. */
  noTradesText?: string;
  /** The failure card's title once the book cannot be reached. */
  failureTitle?: string;
  /** Initially selected price decimals (0–4); 2 when absent. */
  pricePrecisionDefault?: number;
  /** Called with the clicked level's price as plain digits at the selected decimals, e.g. "87123.40". */
  onPriceClick?: (price: string) => void;
  /** Receives the live best bid and ask, where the trade form's limit price starts. */
  bookTop?: BookTopStore;
  /** Receives the whole live book, where the chart's depth view reads it. */
  bookStore?: BookStore;
  /** The instrument's last trade price, shown in the middle until the feed has brought a trade (a contract's). */
  lastPrice?: number | null;
  className?: string;
}

type Tab = 'book' | 'trades';

function clampDecimals(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 2;
  return Math.min(4, Math.max(0, Math.round(value)));
}

export function OrderBook({ symbol, instId, noTradesText, failureTitle, pricePrecisionDefault, onPriceClick, bookTop, bookStore, lastPrice, className }: OrderBookProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('book');
  const [decimals, setDecimals] = useState(() => clampDecimals(pricePrecisionDefault));
  const feed = useOrderBookFeed(instId ?? instIdOf(symbol));
  useEffect(() => bookTop?.set(symbol, topOfBook(feed.book)), [bookTop, symbol, feed.book]);
  useEffect(() => bookStore?.set(symbol, feed.book), [bookStore, symbol, feed.book]);
  const broken = feed.status === 'error' || feed.status === 'failed';
  const tabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });
  const decimalButtons = useRovingFocus<HTMLDivElement>();

  return (
    <section className={clsx('ob', className)} aria-label={t`Order book`}>
      <div className="ob-head">
        <div className="ob-tabs" role="tablist" aria-label={t`Order book view`} {...tabs}>
          <button type="button" role="tab" aria-selected={tab === 'book'} onClick={() => setTab('book')}>
            <Trans>Order Book</Trans>
          </button>
          <button type="button" role="tab" aria-selected={tab === 'trades'} onClick={() => setTab('trades')}>
            <Trans>Trades</Trans>
          </button>
        </div>
        <StatusPill status={feed.status} attempt={feed.attempt} stale={feed.stale} />
      </div>
      {tab === 'book' ? (
        <div role="tabpanel" aria-label={t`Order Book`}>
          <div className="ob-decimals" role="toolbar" aria-label={t`Price decimals`} {...decimalButtons}>
            {PRICE_DECIMAL_CHOICES.map((choice) => (
              <button
                key={choice}
                type="button"
                title={t`Group prices to ${choice} decimals`}
                aria-pressed={decimals === choice}
                onClick={() => setDecimals(choice)}
              >
                {choice}
              </button>
            ))}
          </div>
          {broken ? (
            <FailureCard onRetry={feed.retry} title={failureTitle} />
          ) : feed.book ? (
            <BookTable book={feed.book} trades={feed.trades} decimals={decimals} onPriceClick={onPriceClick} lastPrice={lastPrice} />
          ) : (
            <Spinner className="ob-spinner" label={t`Loading order book`} />
          )}
        </div>
      ) : (
        <div role="tabpanel" aria-label={t`Trades`}>
          <TradesList trades={feed.trades} emptyText={noTradesText} />
        </div>
      )}
    </section>
  );
}
