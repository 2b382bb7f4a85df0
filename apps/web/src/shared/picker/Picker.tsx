import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useCombobox, type UseComboboxStateChangeTypes } from 'downshift';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import clsx from 'clsx';
import { Search } from 'lucide-react';
import { searchCoins, type SearchableCoin } from '../market/coinSearch';
import { PickerFilters, type PickerFilter } from './PickerFilters';
import type { PickerTriggerProps } from './trigger';
import './picker.css';

export interface PickerProps<T extends SearchableCoin> {
  items: readonly T[];
  /** The key of a row, unique in `items`. */
  itemKey: (item: T) => string;
  /** The key of the chosen row, marked as current in the list. */
  currentKey?: string;
  onSelect: (item: T) => void;
  /** The button that opens the panel; spread `props` on it. */
  renderTrigger: (props: PickerTriggerProps) => ReactNode;
  renderItem: (item: T) => ReactNode;
  searchLabel: string;
  placeholder: string;
  listLabel: string;
  /** Shown instead of the list when nothing matches the query. */
  emptyText: (query: string) => ReactNode;
  /** Shown above the list, e.g. why the list is short. */
  notice?: ReactNode;
  /** Replaces the list, e.g. while it loads. */
  placeholderText?: ReactNode;
  filters?: readonly PickerFilter<T>[];
  filterLabel?: string;
  limit?: number;
  rowHeight: number;
  /** The feature's class on the root; its CSS places the panel and lays out a row. */
  className: string;
  /** The button's id, for a label naming it; without one the button carries no id. */
  triggerId?: string;
  /** The guided tour's name for the picker, when a tour points at it. */
  tourTarget?: string;
}

const SCREENFUL_ROWS = 8;

/** Downshift closes on these; here the picker's own blur handling decides, and a click in the search box keeps it open. */
const IGNORED_OPEN_CHANGES = new Set<UseComboboxStateChangeTypes>([useCombobox.stateChangeTypes.InputBlur, useCombobox.stateChangeTypes.InputClick]);

/**
 * The one coin and asset picker: a button opening a search over a virtualised listbox, with optional
 * filter tabs. Downshift's combobox gives the roles, ids and arrow keys; Enter picks the active row or
 * the first, Escape closes, and either gives focus back to the button. Focus or a pointer leaving the
 * picker closes it (Downshift's own blur would close it on a click on a filter tab); every close
 * clears the query.
 */
export function Picker<T extends SearchableCoin>(props: PickerProps<T>) {
  const { items, itemKey, currentKey, onSelect, filters, limit, rowHeight, className } = props;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [filterId, setFilterId] = useState(filters?.[0]?.id);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);

  const matches = useMemo(() => {
    const keep = filters?.find((filter) => filter.id === filterId)?.keep;
    return searchCoins(keep ? items.filter(keep) : items, query, limit);
  }, [items, filters, filterId, query, limit]);

  // The compiler cannot memoise this hook's API; it only skips optimising this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: matches.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    // A list not laid out yet (or where nothing is laid out, as in a DOM without layout) measures
    // 0 high, for which the virtualiser draws no row; a screenful is drawn instead.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => callback({ width: rect.width, height: rect.height || rowHeight * SCREENFUL_ROWS })),
  });

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) trigger.current?.focus();
  };
  const choose = (item: T) => {
    onSelect(item);
    close(true);
  };

  const combobox = useCombobox<T>({
    items: matches,
    itemToKey: (item) => (item ? itemKey(item) : null),
    itemToString: () => '',
    toggleButtonId: props.triggerId,
    isOpen: open,
    inputValue: query,
    // Never held: each pick is a fresh choice, and opening starts with no row active.
    selectedItem: null,
    onIsOpenChange: ({ type, isOpen }) => {
      if (IGNORED_OPEN_CHANGES.has(type)) return;
      if (isOpen) setOpen(true);
      else close(false);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) choose(selectedItem);
    },
    // The virtualiser brings the active row into view; Downshift can only scroll to rendered rows.
    scrollIntoView: () => undefined,
    onHighlightedIndexChange: ({ highlightedIndex }) => {
      if (highlightedIndex !== undefined && highlightedIndex >= 0) virtualizer.scrollToIndex(highlightedIndex);
    },
  });
  const { highlightedIndex } = combobox;

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // tabIndex: Downshift takes the button out of the tab order, as its own input would open the list.
  // id: the button carries one only when a label names it by it.
  const triggerProps = combobox.getToggleButtonProps({ ref: trigger, id: props.triggerId, tabIndex: undefined, 'aria-haspopup': 'listbox' });
  // Downshift checks in development that both getters run from the first render; the search box
  // and the list exist only while the picker is open, so the closed picker is the bare button
  // the server draws ahead of the app (features/spot/header/coin-header-shell.html).
  const inputProps = combobox.getInputProps(
    {
      'aria-label': props.searchLabel,
      // Set here, in the change event, not in onInputValueChange: Downshift calls that from an
      // effect, so the box would render the old value once and drop a key typed meanwhile.
      onChange: (event) => setQuery(event.currentTarget.value),
      onBlur: (event) => {
        // The picker's own onBlur decides; Downshift's would pick the active row.
        (event.nativeEvent as Event & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
      },
      onKeyDown: (event) => {
        const native = event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean };
        if (event.key === 'Enter') {
          native.preventDownshiftDefault = true;
          event.preventDefault();
          const item = matches[Math.max(highlightedIndex, 0)];
          if (item) choose(item);
        } else if (event.key === 'Escape') {
          native.preventDownshiftDefault = true;
          event.preventDefault();
          event.stopPropagation();
          close(true);
        }
      },
    },
    { suppressRefError: true },
  );
  const menuProps = combobox.getMenuProps({ ref: listRef, 'aria-label': props.listLabel }, { suppressRefError: true });
  const shown = props.placeholderText ?? (matches.length === 0 ? props.emptyText(query) : null);

  return (
    <div
      className={clsx('picker', className)}
      ref={root}
      data-tour={props.tourTarget}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      {props.renderTrigger({
        ...triggerProps,
        'aria-controls': open ? triggerProps['aria-controls'] : undefined,
      })}
      {open && (
        <div className="picker__panel">
          <label className="picker__search">
            <Search size={16} aria-hidden />
            <input type="search" placeholder={props.placeholder} {...inputProps} />
          </label>
          {filters && <PickerFilters filters={filters} label={props.filterLabel} active={filterId} onChange={setFilterId} />}
          {props.notice}
          {shown && (
            <p className="picker__note muted" role="status">
              {shown}
            </p>
          )}
          <div className="picker__list" {...menuProps} hidden={shown !== null}>
            <div className="picker__sizer" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((row) => {
                const item = matches[row.index];
                if (!item) return null;
                return (
                  <div
                    key={itemKey(item)}
                    className={clsx('picker__option', row.index === highlightedIndex && 'is-active', itemKey(item) === currentKey && 'is-current')}
                    style={{ height: rowHeight, transform: `translateY(${row.start}px)` }}
                    {...combobox.getItemProps({
                      item,
                      index: row.index,
                      // Keeps focus in the search box, as a click in a native select would.
                      onMouseDown: (event) => event.preventDefault(),
                    })}
                  >
                    {props.renderItem(item)}
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
