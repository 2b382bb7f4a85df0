import { useId, useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import { withdrawMessages, type CoinTransactionRow, type FundsNetwork } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import { AddAddressDialog } from '../addressbook/AddAddressDialog';
import { AddressBookMenu } from '../addressbook/AddressBookMenu';
import { useSettled } from '../data/useSettled';
import { useWithdrawTexts } from '../data/useWithdrawTexts';
import { addressIssue } from '../model/address';
import { entriesForCoin, isSavedAddress } from '../model/addressBook';
import { chooseNetwork, chooseSavedAddress, type WithdrawDraft } from '../model/draft';
import type { AddressBookState } from './DestinationStep';
import { NetworkChoice } from './NetworkChoice';

interface OnchainDestinationProps {
  uid: number;
  coin: CoinTransactionRow;
  network: FundsNetwork | null;
  draft: WithdrawDraft;
  onChange: (change: (draft: WithdrawDraft) => WithdrawDraft) => void;
  book: AddressBookState;
}

/** On-chain: the network, then the address (typed or from the address book) and the memo where the network takes one. */
export function OnchainDestination({ uid, coin, network, draft, onChange, book }: OnchainDestinationProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const addressId = useId();
  const memoId = useId();
  const [adding, setAdding] = useState(false);
  const entries = entriesForCoin(book.data?.addresses ?? [], coin);
  const whitelistOnly = book.data?.whitelist_only ?? false;
  const offList = whitelistOnly && draft.address.trim() !== '' && !isSavedAddress(entries, draft.networkId, draft.address);
  const texts = useWithdrawTexts();
  // Address and memo are checked together, as the server does, once the user pauses or leaves a field.
  const typed = useSettled(`${draft.address}\n${draft.memo}`);
  const issue = typed.settled === null ? null : addressIssue(network, draft.address, draft.memo);
  const addressError = issue && issue.kind !== 'invalidMemo' ? texts.address(issue) : offList ? contractText(withdrawMessages.whitelistOnly) : null;
  const memoError = issue?.kind === 'invalidMemo' ? texts.address(issue) : null;
  const networkCode = network?.code ?? '';
  const symbol = coin.symbol;

  return (
    <>
      <NetworkChoice coin={coin} networkId={draft.networkId} onSelect={(id) => onChange((current) => chooseNetwork(current, id))} />

      <div className="field withdraw-field">
        <div className="withdraw-field__head">
          <label htmlFor={addressId} className="field-label">
            <Trans>Address</Trans>
          </label>
          <div className="withdraw-field__tools">
            <AddressBookMenu
              kind="onchain"
              entries={entries}
              status={book.status}
              onRetry={book.reload}
              onPick={(entry) => onChange((current) => chooseSavedAddress(current, entry))}
            />
            <button type="button" className="btn-link withdraw-add" onClick={() => setAdding(true)}>
              <Trans>Add to address book</Trans>
            </button>
          </div>
        </div>
        <input
          id={addressId}
          className="input withdraw-address"
          autoComplete="off"
          spellCheck={false}
          placeholder={network ? t`Enter the ${networkCode} address` : t`Choose a network first`}
          disabled={network === null}
          value={draft.address}
          aria-invalid={addressError !== null || undefined}
          aria-describedby={addressError !== null ? `${addressId}-error` : undefined}
          onBlur={typed.settle}
          onChange={(event) => {
            const address = event.target.value;
            onChange((current) => ({ ...current, address }));
          }}
        />
        {addressError !== null && (
          <p id={`${addressId}-error`} className="field-error" data-testid="withdraw-address-error">
            {addressError}
          </p>
        )}
      </div>

      {network?.memo && (
        <div className="field withdraw-field">
          <label htmlFor={memoId} className="field-label">
            <Trans>Memo</Trans>
          </label>
          <input
            id={memoId}
            className="input"
            autoComplete="off"
            spellCheck={false}
            value={draft.memo}
            aria-invalid={memoError !== null || undefined}
            aria-describedby={memoError !== null ? `${memoId}-error ${memoId}-hint` : `${memoId}-hint`}
            onBlur={typed.settle}
            onChange={(event) => {
              const memo = event.target.value;
              onChange((current) => ({ ...current, memo }));
            }}
          />
          {memoError !== null && (
            <p id={`${memoId}-error`} className="field-error" data-testid="withdraw-memo-error">
              {memoError}
            </p>
          )}
          <span id={`${memoId}-hint`} className="funds-note muted">
            <Trans>Most exchanges need the memo to credit a {networkCode} deposit. Without it the coins may be lost.</Trans>
          </span>
        </div>
      )}

      {network && (
        <p className="funds-warning" role="note">
          <TriangleAlert size={18} aria-hidden />
          <span>
            <Trans>Make sure the address accepts {symbol} on the {networkCode} network. Coins sent on another network may be lost.</Trans>
          </span>
        </p>
      )}

      <AddAddressDialog
        uid={uid}
        open={adding}
        onOpenChange={setAdding}
        coin={coin}
        initial={{ kind: 'onchain', networkId: draft.networkId, address: draft.address, memo: draft.memo, recipient: '' }}
        onSaved={(entry) => {
          book.reload();
          onChange((current) => chooseSavedAddress(current, entry));
        }}
      />
    </>
  );
}
