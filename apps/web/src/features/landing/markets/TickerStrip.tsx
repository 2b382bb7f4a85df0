import clsx from 'clsx';
import { useLingui } from '@lingui/react/macro';
import { formatChange } from '../../../shared/format/number';
import { formatPrice } from '../../../shared/format/price';
import type { Coin } from '../../../shared/market/coin';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { coinLogoPath } from '../../../shared/market/coin';

export const TICKER_SYMBOLS = ['BTC', 'ETH', 'BNB', 'ADA', 'SOL'] as const;

/**
 * The five headline coins of spec 1 §2 with their live price and 24h change; a coin not loaded yet shows dashes.
 * On a phone the strip scrolls sideways, so it takes focus for the arrow keys to scroll it.
 */
export function TickerStrip({ coins }: { coins: ReadonlyMap<string, Coin> }) {
  const { t } = useLingui();
  return (
    <ul className="ticker-strip" aria-label={t`Price ticker`} tabIndex={0}>
      {TICKER_SYMBOLS.map((symbol) => {
        const coin = coins.get(symbol);
        return (
          <li key={symbol} className="ticker-strip__item">
            <span className="ticker-strip__pair">
              <CoinLogo symbol={symbol} src={coin?.logo_path ?? coinLogoPath(symbol)} size={20} />
              <span>{symbol}/USDT</span>
            </span>
            {coin ? (
              <>
                <span className="ticker-strip__price">{formatPrice(coin.price)}</span>
                <span className={clsx('ticker-strip__change', coin.price_change_24h < 0 ? 'down' : 'up')}>
                  {formatChange(coin.price_change_24h)}
                </span>
              </>
            ) : (
              <span className="ticker-strip__price muted">--</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
