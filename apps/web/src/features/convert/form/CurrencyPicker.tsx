import { useEffect, useId, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import { ChevronDown, Search } from 'lucide-react';
import type { ConversionCurrency } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { useComboboxList } from '../../../shared/ui/useComboboxList';
import { pickerCurrencies, type CurrencyFilter } from '../model/currencies';

interface CurrencyPickerProps {
  /** Names the button with the box it belongs to ("To"). */
  labelId: string;
  currencies: readonly ConversionCurrency[];
  value: ConversionCurrency;
  onChange: (symbol: string) => void;
}

/**
 * The coin side's currency picker (spec 2 §2, §5): a search by symbol or name over a listbox, with the
 * All / Stablecoins filter. A combobox: arrows move, Enter picks, Escape closes and focus returns to the button.
 */
export function CurrencyPicker({ labelId, currencies, value, onChange }: CurrencyPickerProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<CurrencyFilter>('all');
  const triggerId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const matches = useMemo(() => pickerCurrencies(currencies, query, filter), [currencies, query, filter]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) triggerRef.current?.focus();
  };
  const choose = (currency: ConversionCurrency) => {
    onChange(currency.symbol);
    close(true);
  };
  const list = useComboboxList({
    count: matches.length,
    onChoose: (index) => {
      const currency = matches[index];
      if (currency) choose(currency);
    },
    onEscape: () => close(true),
  });
  const { activeIndex, optionId, setActiveIndex } = list;

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
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

  const filterButton = (which: CurrencyFilter, label: string) => (
    <button
      type="button"
      className={clsx('convert-picker__filter', filter === which && 'is-active')}
      aria-pressed={filter === which}
      onClick={() => {
        setFilter(which);
        setActiveIndex(-1);
      }}
    >
      {label}
    </button>
  );

  return (
    <div
      className="convert-picker"
      ref={rootRef}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className="convert-currency convert-picker__trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? list.listId : undefined}
        aria-labelledby={`${labelId} ${triggerId}`}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <CoinLogo symbol={value.symbol} src={value.image_path} size={24} />
        <strong>{value.symbol}</strong>
        <ChevronDown size={16} aria-hidden className="muted" />
      </button>
      {open && (
        <div className="convert-picker__panel">
          <label className="convert-picker__search">
            <Search size={16} aria-hidden />
            <span className="sr-only">
              <Trans>Search currencies</Trans>
            </span>
            <input
              autoFocus
              type="search"
              placeholder={t`Search by symbol or name`}
              autoComplete="off"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActiveIndex(-1);
              }}
              {...list.inputProps}
            />
          </label>
          <div className="convert-picker__filters" role="group" aria-label={t`Filter currencies`}>
            {filterButton('all', t`All`)}
            {filterButton('stablecoins', t`Stablecoins`)}
          </div>
          {matches.length === 0 && (
            <p className="muted convert-picker__note">
              <Trans>No currencies found</Trans>
            </p>
          )}
          <ul id={list.listId} className="convert-picker__list" role="listbox" aria-label={t`Currencies`} hidden={matches.length === 0}>
            {matches.map((currency, index) => (
              <li
                key={currency.symbol}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={clsx('convert-picker__option', index === activeIndex && 'is-active', currency.symbol === value.symbol && 'is-current')}
                // Keeps focus in the search box, as a click in a native select would.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => choose(currency)}
              >
                <CoinLogo symbol={currency.symbol} src={currency.image_path} size={24} />
                <strong>{currency.symbol}</strong>
                <span className="muted convert-picker__name">{currency.name}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
