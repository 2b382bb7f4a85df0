import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Trans } from '@lingui/react/macro';
import type { MarketClient } from '../../shared/market/client';
import { useReturnFocus } from '../../shared/ui/useReturnFocus';
import { useCoinSearch } from './useCoinSearch';
import { CoinSearchInput } from './CoinSearchInput';
import { SearchPanel } from './SearchPanel';

interface MobileSearchProps {
  client?: Pick<MarketClient, 'fetchCoins'>;
  onClose: () => void;
}

/**
 * The full-screen phone search with Cancel and a clear button (spec 1 §2). A modal dialog: focus
 * stays inside while it is open, the page behind does not scroll, and focus returns to the toggle.
 */
export default function MobileSearch({ client, onClose }: MobileSearchProps) {
  const search = useCoinSearch({ client, onChosen: onClose, initiallyOpen: true });
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocus = useReturnFocus();

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Content
          className="coin-search-mobile"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            event.preventDefault();
            inputRef.current?.focus();
          }}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        >
          <Dialog.Title className="sr-only">
            <Trans>Search coins</Trans>
          </Dialog.Title>
          <div className="coin-search-mobile__bar">
            <CoinSearchInput search={search} inputRef={inputRef} />
            <button type="button" className="btn-link coin-search-mobile__cancel" onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
          </div>
          <SearchPanel search={search} className="coin-search-mobile__panel" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
