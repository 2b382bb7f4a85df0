import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Search } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { CoinSearchProps } from './CoinSearch';
import './CoinSearch.css';

// The search and its data layer load on first use, keeping the market client out of every page's entry chunk.
const MobileSearch = lazy(() => import('./MobileSearch'));

let loading: Promise<ComponentType<CoinSearchProps>> | undefined;
function loadCoinSearch(): Promise<ComponentType<CoinSearchProps>> {
  loading ??= import('./CoinSearch').then((module) => module.default);
  return loading;
}

/**
 * The header's coin search slot: a box on wide screens, a toggle opening the full-screen search on phones.
 * Until the real search has loaded, a look-alike input takes the focus and the first keystrokes, which
 * are handed over, so nothing typed during the load is lost. The loaded search takes the focus only
 * if the look-alike still has it: a keyboard user may have tabbed on meanwhile.
 */
export function HeaderCoinSearch() {
  const { t } = useLingui();
  const [Loaded, setLoaded] = useState<ComponentType<CoinSearchProps> | null>(null);
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);

  const start = () => {
    loadCoinSearch()
      .then((component) => setLoaded(() => component))
      .catch(() => undefined);
  };

  return (
    <>
      {Loaded ? (
        <Loaded initialQuery={typed} autoFocus={focused} />
      ) : (
        <div className="coin-search" onPointerEnter={start}>
          <div className="coin-search-input">
            <Search size={16} aria-hidden className="coin-search-input__icon" />
            <input
              type="text"
              role="combobox"
              aria-label={t`Search coins`}
              aria-expanded={false}
              autoComplete="off"
              placeholder={t`Search coins`}
              value={typed}
              onFocus={() => {
                setFocused(true);
                start();
              }}
              onBlur={() => setFocused(false)}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        </div>
      )}
      <button type="button" className="icon-btn coin-search__toggle" aria-label={t`Open coin search`} onClick={() => setMobileOpen(true)}>
        <Search size={20} aria-hidden />
      </button>
      {mobileOpen && (
        <Suspense fallback={null}>
          <MobileSearch onClose={() => setMobileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
