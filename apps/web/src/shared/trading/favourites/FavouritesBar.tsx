import clsx from 'clsx';
import { Star } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../../market/coin';
import { formatChange, isUp } from '../../format/number';
import { useRovingFocus } from '../../ui/useRovingFocus';

interface FavouritesBarProps {
  coins: readonly Coin[];
  symbols: readonly string[];
  activeId: number | null;
  onSelect: (coin: Coin) => void;
  /** What the bar says with no favourites. */
  emptyText?: string;
}

/** Up to 8 tradable favourites with their 24h change; a click switches the page's coin. One Tab stop, arrows move. */
export function FavouritesBar({ coins, symbols, activeId, onSelect, emptyText }: FavouritesBarProps) {
  const roving = useRovingFocus<HTMLDivElement>();
  const { t } = useLingui();
  const favourites = symbols
    .map((symbol) => coins.find((coin) => coin.symbol === symbol && coin.is_tradable))
    .filter((coin): coin is Coin => coin !== undefined);
  return (
    <div className="spot-favs" role="toolbar" aria-label={t`Favourites`} data-tour="favourites" {...roving}>
      <Star size={14} className="spot-favs__icon" aria-hidden />
      {favourites.length === 0 && (
        <span className="muted">{emptyText ?? <Trans>No favourites yet</Trans>}</span>
      )}
      {favourites.map((coin) => (
        <button
          key={coin.symbol}
          type="button"
          className={clsx('spot-favs__item', coin.id === activeId && 'is-active')}
          onClick={() => onSelect(coin)}
        >
          <span className="spot-favs__symbol">{coin.symbol}/USDT</span>
          <span className={isUp(coin.price_change_24h) ? 'up' : 'down'}>{formatChange(coin.price_change_24h)}</span>
        </button>
      ))}
    </div>
  );
}
