import clsx from 'clsx';
import { marketMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatChange } from '../../shared/format/number';
import { formatPrice } from '../../shared/format/price';
import { CoinLogo } from '../../shared/market/CoinLogo';
import { useRovingFocus } from '../../shared/ui/useRovingFocus';
import { useContractText } from '../../shared/i18n/contractText';
import type { CoinSearchState } from './useCoinSearch';
import type { SearchTab } from './searchView';

const TABS: Array<{ id: SearchTab; label: MessageDescriptor }> = [
  { id: 'spot', label: msg`Spot` },
  { id: 'futures', label: msg`Futures` },
];

/** The dropdown body shared by the desktop box and the mobile full-screen search. */
export function SearchPanel({ search, className }: { search: CoinSearchState; className?: string }) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const { view, activeIndex, tab } = search;
  const tabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });
  const query = search.query.trim();
  return (
    <div className={clsx('coin-search-panel', className)}>
      <div className="coin-search-panel__tabs" role="tablist" aria-label={t`Market`} {...tabs}>
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            className={clsx('coin-search-panel__tab', tab === item.id && 'is-active')}
            // Keep focus in the input so typing and arrow keys keep working.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => search.setTab(item.id)}
          >
            {i18n._(item.label)}
          </button>
        ))}
      </div>
      {view.kind === 'hint' && <p className="coin-search-panel__note">{contractText(marketMessages.startTyping)}</p>}
      {view.kind === 'loading' && (
        <p className="coin-search-panel__note" role="status">
          {contractText(marketMessages.loadingCoins)}
        </p>
      )}
      {view.kind === 'error' && (
        <p className="coin-search-panel__note down" role="alert">
          {contractText(marketMessages.fetchCoinsFailed)}
        </p>
      )}
      {view.kind === 'none' && (
        <p className="coin-search-panel__note" role="status">
          <Trans>No coins found matching "{query}"</Trans>
        </p>
      )}
      <ul id={search.listId} role="listbox" aria-label={t`Coins`} className="coin-search-panel__list" hidden={view.options.length === 0}>
        {view.options.map((coin, index) => (
          <li
            key={coin.id}
            id={search.optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={clsx('coin-search-option', index === activeIndex && 'is-active')}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => search.setActiveIndex(index)}
            onClick={() => search.choose(coin)}
          >
            <CoinLogo symbol={coin.symbol} src={coin.logo_path} size={24} />
            <span className="coin-search-option__names">
              <span className="coin-search-option__pair">
                {coin.symbol}
                <span className="muted">/USDT</span>
              </span>
              <span className="coin-search-option__name muted">{coin.name}</span>
            </span>
            <span className="coin-search-option__quote">
              <span className="coin-search-option__price">{formatPrice(coin.price)}</span>
              <span className={coin.price_change_24h < 0 ? 'down' : 'up'}>{formatChange(coin.price_change_24h)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
