import { useEffect, useMemo, useRef, useState } from 'react';
import { ChevronDown, Search } from 'lucide-react';
import type { Coin } from '../../../shared/market/coin';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { searchCoins } from '../../../shared/market/coinSearch';
import { formatChange, isUp } from '../../../shared/format/number';
import { formatPrice } from '../../../shared/format/price';

const MAX_RESULTS = 20;

interface CoinPickerProps {
  coin: Coin;
  coins: readonly Coin[];
  onSelect: (coin: Coin) => void;
}

/** SYMBOL/USDT with a search dropdown; an outside click or a choice closes it and clears the query. */
export function CoinPicker({ coin, coins, onSelect }: CoinPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const matches = useMemo(() => searchCoins(coins.filter((item) => item.is_tradable), query, MAX_RESULTS), [coins, query]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function close() {
    setOpen(false);
    setQuery('');
  }

  return (
    <div className="spot-picker" ref={root} data-tour="coin-dropdown">
      <button
        type="button"
        className="spot-picker__toggle"
        aria-expanded={open}
        aria-haspopup="listbox"
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span className="spot-picker__pair">
          {coin.symbol}/{coin.pair_name}
        </span>
        <ChevronDown size={16} aria-hidden />
      </button>
      {open && (
        <div className="spot-picker__panel">
          <label className="spot-picker__search">
            <Search size={14} aria-hidden />
            <span className="sr-only">Search coins</span>
            <input
              autoFocus
              type="search"
              placeholder="Search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </label>
          <ul className="spot-picker__list" role="listbox" aria-label="Coins">
            {matches.length === 0 && <li className="spot-picker__empty muted">No coins found matching "{query}"</li>}
            {matches.map((item) => (
              <li key={item.id} role="option" aria-selected={item.id === coin.id}>
                <button
                  type="button"
                  className="spot-picker__option"
                  onClick={() => {
                    onSelect(item);
                    close();
                  }}
                >
                  <CoinLogo symbol={item.symbol} src={item.logo_path} size={20} />
                  <span className="spot-picker__option-pair">{item.symbol}/USDT</span>
                  <span className="spot-picker__option-price">{formatPrice(item.price)}</span>
                  <span className={isUp(item.price_change_24h) ? 'up' : 'down'}>{formatChange(item.price_change_24h)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
