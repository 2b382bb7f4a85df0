import { useEffect, useRef, type RefObject } from 'react';
import { Search, X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { CoinSearchState } from './useCoinSearch';

interface CoinSearchInputProps {
  search: CoinSearchState;
  inputRef?: RefObject<HTMLInputElement | null>;
  autoFocus?: boolean;
}

/** The combobox input with its search icon and a clear button once something is typed. */
export function CoinSearchInput({ search, inputRef, autoFocus }: CoinSearchInputProps) {
  const { t } = useLingui();
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;

  useEffect(() => {
    const input = ref.current;
    if (!autoFocus || !input) return;
    input.focus();
    // Taking over text typed elsewhere: keep the caret after it.
    input.setSelectionRange(input.value.length, input.value.length);
  }, [autoFocus, ref]);

  const active = search.open && search.activeIndex >= 0 ? search.optionId(search.activeIndex) : undefined;
  return (
    <div className="coin-search-input">
      <Search size={16} aria-hidden className="coin-search-input__icon" />
      <input
        ref={ref}
        type="text"
        role="combobox"
        aria-label={t`Search coins`}
        aria-autocomplete="list"
        aria-expanded={search.open}
        aria-controls={search.listId}
        aria-activedescendant={active}
        autoComplete="off"
        spellCheck={false}
        placeholder={t`Search coins`}
        value={search.query}
        onChange={(event) => search.setQuery(event.target.value)}
        onFocus={() => search.setOpen(true)}
        onKeyDown={search.onKeyDown}
      />
      {search.query && (
        <button
          type="button"
          className="coin-search-input__clear"
          aria-label={t`Clear search`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => search.setQuery('')}
        >
          <X size={14} aria-hidden />
        </button>
      )}
    </div>
  );
}
