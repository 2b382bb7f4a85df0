import { useEffect, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import { ChevronDown, Search } from 'lucide-react';
import { fundsMessages, type CoinTransactionRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../i18n/contractText';
import { CoinLogo } from '../market/CoinLogo';
import { useComboboxList } from '../ui/useComboboxList';
import { searchFundsCoins } from './coins';

interface CryptoPickerProps {
  coins: readonly CoinTransactionRow[];
  selected: CoinTransactionRow | null;
  onSelect: (symbol: string) => void;
  labelId: string;
}

/**
 * A button showing the chosen coin that opens a search over the coins the page can move (a combobox):
 * arrows move, Enter picks, Escape or a click outside closes, and focus returns to the button.
 */
export function CryptoPicker({ coins, selected, onSelect, labelId }: CryptoPickerProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const matches = useMemo(() => searchFundsCoins(coins, query), [coins, query]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) toggle.current?.focus();
  };
  const choose = (coin: CoinTransactionRow) => {
    onSelect(coin.symbol);
    close(true);
  };
  const list = useComboboxList({
    count: matches.length,
    onChoose: (index) => {
      const coin = matches[index];
      if (coin) choose(coin);
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
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, optionId]);

  return (
    <div
      className="funds-picker"
      ref={root}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="funds-picker__toggle"
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-labelledby={`${labelId} ${labelId}-value`}
        aria-controls={open ? list.listId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <span id={`${labelId}-value`} className="funds-picker__value">
          {selected ? (
            <>
              <CoinLogo symbol={selected.symbol} src={selected.logo_path} size={24} />
              <strong>{selected.symbol}</strong>
              <span className="muted">{selected.name}</span>
            </>
          ) : (
            <span className="muted">
              <Trans>Select a crypto</Trans>
            </span>
          )}
        </span>
        <ChevronDown size={18} aria-hidden />
      </button>
      {open && (
        <div className="funds-picker__panel">
          <label className="funds-picker__search">
            <Search size={16} aria-hidden />
            <span className="sr-only">
              <Trans>Search crypto by symbol or name</Trans>
            </span>
            <input
              autoFocus
              type="search"
              placeholder={t`Search crypto`}
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
            <p className="funds-picker__empty muted" role="status">
              {contractText(fundsMessages.noMatchingCrypto)}
            </p>
          )}
          <ul id={list.listId} className="funds-picker__list" role="listbox" aria-label={t`Cryptos`} hidden={matches.length === 0}>
            {matches.map((coin, index) => (
              <li
                key={coin.symbol}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={clsx('funds-picker__option', index === activeIndex && 'is-active', coin.symbol === selected?.symbol && 'is-current')}
                // Keeps focus in the search box, as a click in a native select would.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => choose(coin)}
              >
                <CoinLogo symbol={coin.symbol} src={coin.logo_path} size={22} />
                <strong>{coin.symbol}</strong>
                <span className="muted funds-picker__name">{coin.name}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
