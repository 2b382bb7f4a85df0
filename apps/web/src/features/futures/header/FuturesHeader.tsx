import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Star } from 'lucide-react';
import type { FuturesContract, FuturesSide } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import type { Coin } from '../../../shared/market/coin';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { formatChange, formatCompact, isUp, toNumber } from '../../../shared/format/number';
import { formatPrice } from '../../../shared/format/price';
import { CoinPicker } from '../../../shared/trading/CoinPicker';
import { FundingCountdown } from './FundingCountdown';
import { dayRange, fundingPercent, lastPrice } from './headerFigures';

interface FuturesHeaderProps {
  coin: Coin;
  coins: readonly Coin[];
  contract: FuturesContract | null;
  /** The form's leverage of each side: one figure when they agree, long / short when not. */
  leverage: Readonly<Record<FuturesSide, number>>;
  favourite: boolean;
  onSelect: (coin: Coin) => void;
  onToggleFavourite: () => void;
}

function Stat({ label, children, className, testId }: { label: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <div className="spot-header__stat">
      <span className="spot-header__label">{label}</span>
      <span className={clsx('spot-header__value', className)} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

/**
 * The contract's market info (spec 2 §2): picker, leverage, its three prices each named as everywhere
 * on the page (Last price: the contract's last trade; Mark price; Index price), funding and its
 * countdown, 24 h range, open interest.
 */
export function FuturesHeader({ coin, coins, contract, leverage, favourite, onSelect, onToggleFavourite }: FuturesHeaderProps) {
  const { t } = useLingui();
  const { symbol } = coin;
  const last = lastPrice(contract, coin.price);
  const range = dayRange({ price: last, '24_high': coin['24_high'], '24_low': coin['24_low'] });
  const up = isUp(coin.price_change_24h);
  const none = '--';
  return (
    <section className="spot-header" aria-label={t`Market info`} data-tour="market-info">
      <div className="spot-header__coin">
        <button
          type="button"
          className={clsx('spot-header__star', favourite && 'is-on')}
          aria-pressed={favourite}
          aria-label={favourite ? t`Remove ${symbol} from favourites` : t`Add ${symbol} to favourites`}
          onClick={onToggleFavourite}
        >
          <Star size={16} aria-hidden />
        </button>
        <CoinLogo symbol={coin.symbol} src={coin.logo_path} size={28} />
        <CoinPicker coin={coin} coins={coins} onSelect={onSelect} />
        <span className="fut-header__perp muted">{t`Perpetual`}</span>
        <span className="spot-header__leverage" data-testid="header-leverage">
          {leverage.long === leverage.short ? `${leverage.long}x` : t`${leverage.long}x long / ${leverage.short}x short`}
        </span>
      </div>
      <div className="spot-header__price">
        <span className="spot-header__label">{t`Last price`}</span>
        <span className={clsx('spot-header__last', up ? 'up' : 'down')} data-testid="last-price">
          {formatPrice(last)}
        </span>
        <span className={clsx('spot-header__usd', up ? 'up' : 'down')}>{formatChange(coin.price_change_24h)}</span>
      </div>
      <div className="spot-header__stats">
        <Stat label={t`Mark price`} testId="mark-price">
          {contract?.mark_price ? formatPrice(contract.mark_price) : none}
        </Stat>
        <Stat label={t`Index price`} testId="index-price">
          {contract?.index_price ? formatPrice(contract.index_price) : none}
        </Stat>
        <Stat label={t`Funding / Countdown`} testId="funding">
          {contract ? (
            <>
              <span className={toNumber(contract.funding_rate) >= 0 ? 'up' : 'down'}>{fundingPercent(contract.funding_rate)}</span>
              {' / '}
              <FundingCountdown at={contract.next_funding_time} />
            </>
          ) : (
            none
          )}
        </Stat>
        <Stat label={t`Predicted rate`}>{contract ? fundingPercent(contract.predicted_funding_rate) : none}</Stat>
        <Stat label={t`24h High`}>{formatPrice(range.high)}</Stat>
        <Stat label={t`24h Low`}>{formatPrice(range.low)}</Stat>
        <Stat label={t`Open interest (${symbol})`} testId="open-interest">
          {contract ? formatCompact(contract.open_interest) : none}
        </Stat>
      </div>
    </section>
  );
}
