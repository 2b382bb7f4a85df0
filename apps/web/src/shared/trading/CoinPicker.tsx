import { useEffect, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import { ChevronDown, Search } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../market/coin';
import { CoinLogo } from '../market/CoinLogo';
import { searchCoins } from '../market/coinSearch';
import { formatChange, isUp } from '../format/number';
import { formatPrice } from '../format/price';
import { useComboboxList } from '../ui/useComboboxList';

const MAX_RESULTS = 20;

interface CoinPickerProps {
  coin: Coin;
  coins: readonly Coin[];
  onSelect: (coin: Coin) => void;
}

/**
 * The page's heading, SYMBOL/USDT, opening a search over a listbox of coins (a combobox): arrows move,
 * Enter picks, Escape closes; focus goes back to the heading's button. An outside click or focus
 * leaving closes it too; every close clears the query.
 */
export function CoinPicker({ coin, coins, onSelect }: CoinPickerProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const matches = useMemo(() => searchCoins(coins.filter((item) => item.is_tradable), query, MAX_RESULTS), [coins, query]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) toggle.current?.focus();
  };
  const choose = (item: Coin) => {
    onSelect(item);
    close(true);
  };
  const list = useComboboxList({
    count: matches.length,
    onChoose: (index) => {
      const item = matches[index];
      if (item) choose(item);
    },
    onEscape: () => close(true),
  });
  const { activeIndex, optionId, setActiveIndex } = list;

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) {
        setOpen(false);
        setQuery('');
      }
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, optionId]);

  return (
    <div
      className="spot-picker"
      ref={root}
      data-tour="coin-dropdown"
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <h1 className="spot-picker__heading">
        <button
          ref={toggle}
          type="button"
          className="spot-picker__toggle"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? list.listId : undefined}
          onClick={() => (open ? close(false) : setOpen(true))}
        >
          <span className="spot-picker__pair">
            {coin.symbol}/{coin.pair_name}
          </span>
          <ChevronDown size={16} aria-hidden />
        </button>
      </h1>
      {open && (
        <div className="spot-picker__panel">
          <label className="spot-picker__search">
            <Search size={14} aria-hidden />
            <span className="sr-only">
              <Trans>Search coins</Trans>
            </span>
            <input
              autoFocus
              type="search"
              placeholder={t`Search`}
              autoComplete="off"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActiveIndex(-1);
              }}
              {...list.inputProps}
            />
          </label>
          {matches.length === 0 && (
            <p className="spot-picker__empty muted">
              <Trans>No coins found matching "{query}"</Trans>
            </p>
          )}
          <ul id={list.listId} className="spot-picker__list" role="listbox" aria-label={t`Coins`} hidden={matches.length === 0}>
            {matches.map((item, index) => (
              <li
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={clsx('spot-picker__option', index === activeIndex && 'is-active', item.id === coin.id && 'is-current')}
                // Keeps focus in the search box, as a click in a native select would.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => choose(item)}
              >
                <CoinLogo symbol={item.symbol} src={item.logo_path} size={20} />
                <span className="spot-picker__option-pair">{item.symbol}/USDT</span>
                <span className="spot-picker__option-price">{formatPrice(item.price)}</span>
                <span className={isUp(item.price_change_24h) ? 'up' : 'down'}>{formatChange(item.price_change_24h)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
