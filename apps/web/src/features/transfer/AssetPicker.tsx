import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import clsx from 'clsx';
import { ChevronDown, Search } from 'lucide-react';
import { transferPageMessages as m } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CoinLogo } from '../../shared/market/CoinLogo';
import { useContractText } from '../../shared/i18n/contractText';
import type { CoinsStatus } from '../../shared/market/useCoins';
import { useComboboxList } from '../../shared/ui/useComboboxList';
import { searchAssets, type TransferAsset } from './assets';

const ROW_HEIGHT = 48;

interface AssetPickerProps {
  /** The field's visible label; with the chosen asset it names the button. */
  label: string;
  assets: TransferAsset[];
  status: CoinsStatus;
  value: TransferAsset;
  onChange: (asset: TransferAsset) => void;
}

/**
 * The searchable, virtualised asset list of spec 3 §2; the coin list can run to hundreds of rows.
 * A combobox: arrows move through the assets, Enter picks, Escape closes, focus returns to the button.
 */
export function AssetPicker({ label, assets, status, value, onChange }: AssetPickerProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const labelId = useId();
  const triggerId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const matches = useMemo(() => searchAssets(assets, query), [assets, query]);
  // The compiler cannot memoise this hook's API; it only skips optimising this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: matches.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) triggerRef.current?.focus();
  };
  const choose = (asset: TransferAsset) => {
    onChange(asset);
    close(true);
  };
  const list = useComboboxList({
    count: matches.length,
    onChoose: (index) => {
      const asset = matches[index];
      if (asset) choose(asset);
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

  // The active row may be outside the rendered window of the virtual list.
  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex);
  }, [activeIndex, virtualizer]);

  let emptyText: string | null = null;
  if (status === 'loading' && assets.length <= 1) emptyText = m.loadingAssets;
  else if (matches.length === 0) emptyText = m.noAssets;

  return (
    <div
      className="asset-picker"
      ref={rootRef}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className="asset-picker__trigger input"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? list.listId : undefined}
        aria-labelledby={`${labelId} ${triggerId}`}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <CoinLogo symbol={value.symbol} src={value.logo} size={24} />
        <strong>{value.symbol}</strong>
        <span className="muted asset-picker__name">{value.name}</span>
        <ChevronDown size={16} aria-hidden className="asset-picker__chevron" />
      </button>
      {open && (
        <div className="asset-picker__panel">
          <label className="asset-picker__search">
            <Search size={16} aria-hidden />
            <span className="sr-only">
              <Trans>Search assets</Trans>
            </span>
            <input
              autoFocus
              type="search"
              placeholder={contractText(m.searchAssets)}
              autoComplete="off"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActiveIndex(-1);
              }}
              {...list.inputProps}
            />
          </label>
          {status === 'error' && <p className="field-error asset-picker__note">{contractText(m.coinsFailed)}</p>}
          {emptyText && <p className="muted asset-picker__note">{contractText(emptyText)}</p>}
          <div ref={listRef} id={list.listId} className="asset-picker__list" role="listbox" aria-label={t`Assets`} hidden={emptyText !== null}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const asset = matches[item.index];
                if (!asset) return null;
                return (
                  <div
                    key={asset.symbol}
                    id={optionId(item.index)}
                    role="option"
                    aria-selected={item.index === activeIndex}
                    className={clsx('asset-picker__option', item.index === activeIndex && 'is-active', asset.symbol === value.symbol && 'is-current')}
                    style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                    // Keeps focus in the search box, as a click in a native select would.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActiveIndex(item.index)}
                    onClick={() => choose(asset)}
                  >
                    <CoinLogo symbol={asset.symbol} src={asset.logo} size={24} />
                    <strong>{asset.symbol}</strong>
                    <span className="muted">{asset.name}</span>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
