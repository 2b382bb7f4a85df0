import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, Search } from 'lucide-react';
import { transferPageMessages as m } from '@exchange/contract';
import { CoinLogo } from '../../shared/market/CoinLogo';
import type { CoinsStatus } from '../../shared/market/useCoins';
import { searchAssets, type TransferAsset } from './assets';

const ROW_HEIGHT = 48;

interface AssetPickerProps {
  assets: TransferAsset[];
  status: CoinsStatus;
  value: TransferAsset;
  onChange: (asset: TransferAsset) => void;
}

/** The searchable, virtualised asset list of spec 3 §2; the coin list can run to hundreds of rows. */
export function AssetPicker({ assets, status, value, onChange }: AssetPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
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

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const choose = (asset: TransferAsset) => {
    onChange(asset);
    setOpen(false);
    setQuery('');
  };

  let emptyText: string | null = null;
  if (status === 'loading' && assets.length <= 1) emptyText = m.loadingAssets;
  else if (matches.length === 0) emptyText = m.noAssets;

  return (
    <div className="asset-picker" ref={rootRef} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="asset-picker__trigger input"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`Asset: ${value.symbol}`}
        onClick={() => setOpen((was) => !was)}
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
            <span className="sr-only">Search assets</span>
            <input
              autoFocus
              type="search"
              placeholder={m.searchAssets}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </label>
          {status === 'error' && <p className="field-error asset-picker__note">{m.coinsFailed}</p>}
          {emptyText ? (
            <p className="muted asset-picker__note">{emptyText}</p>
          ) : (
            <div ref={listRef} className="asset-picker__list" role="listbox" aria-label="Assets">
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const asset = matches[item.index];
                  if (!asset) return null;
                  return (
                    <button
                      key={asset.symbol}
                      type="button"
                      role="option"
                      aria-selected={asset.symbol === value.symbol}
                      className="asset-picker__option"
                      style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                      onClick={() => choose(asset)}
                    >
                      <CoinLogo symbol={asset.symbol} src={asset.logo} size={24} />
                      <strong>{asset.symbol}</strong>
                      <span className="muted">{asset.name}</span>
                    </button>
                  );
                })}
              </div>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
