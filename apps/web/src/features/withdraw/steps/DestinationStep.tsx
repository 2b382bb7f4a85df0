import type { AddressBookResponse, CoinTransactionRow, FundsNetwork } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { StepFrame, type StepState } from '../../../shared/funds/StepFrame';
import type { AsyncStatus } from '../../../shared/hooks/useAsync';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import { WhitelistSwitch } from '../addressbook/WhitelistSwitch';
import { chooseTab, destinationComplete, type DestinationTab, type WithdrawDraft } from '../model/draft';
import { InternalDestination } from './InternalDestination';
import { OnchainDestination } from './OnchainDestination';

export interface AddressBookState {
  status: AsyncStatus;
  data: AddressBookResponse | null;
  reload: () => void;
}

interface DestinationStepProps {
  uid: number;
  coin: CoinTransactionRow | null;
  network: FundsNetwork | null;
  draft: WithdrawDraft;
  onChange: (change: (draft: WithdrawDraft) => WithdrawDraft) => void;
  book: AddressBookState;
}

const TABS: readonly DestinationTab[] = ['onchain', 'internal'];

/** Step 2 (spec 3 §2): where the coins go, on a network (On-chain) or to another user (Internal withdrawal). */
export function DestinationStep({ uid, coin, network, draft, onChange, book }: DestinationStepProps) {
  const { t } = useLingui();
  const tabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });
  let state: StepState = 'upcoming';
  if (coin) state = destinationComplete(draft) ? 'done' : 'current';
  const tabId = (tab: DestinationTab) => `withdraw-tab-${tab}`;
  return (
    <StepFrame number={2} titleId="withdraw-step-destination" title={<Trans>Set destination</Trans>} state={state}>
      {coin && (
        <>
          <div className="tabs withdraw-tabs" role="tablist" aria-label={t`Destination`} {...tabs}>
            {TABS.map((tab) => (
              <button
                key={tab}
                id={tabId(tab)}
                type="button"
                role="tab"
                aria-selected={draft.tab === tab}
                aria-controls="withdraw-destination-panel"
                className={`tabs__tab${draft.tab === tab ? ' is-active' : ''}`}
                onClick={() => onChange((current) => chooseTab(current, tab))}
              >
                {tab === 'onchain' ? <Trans>On-chain</Trans> : <Trans>Internal withdrawal</Trans>}
              </button>
            ))}
          </div>
          <div id="withdraw-destination-panel" role="tabpanel" aria-labelledby={tabId(draft.tab)} className="withdraw-destination">
            {draft.tab === 'onchain' ? (
              <OnchainDestination uid={uid} coin={coin} network={network} draft={draft} onChange={onChange} book={book} />
            ) : (
              <InternalDestination uid={uid} coin={coin} draft={draft} onChange={onChange} book={book} />
            )}
            {book.data && <WhitelistSwitch uid={uid} enabled={book.data.whitelist_only} onChanged={book.reload} />}
          </div>
        </>
      )}
    </StepFrame>
  );
}
