import { useId, useState } from 'react';
import { withdrawMessages, type CoinTransactionRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import { AddAddressDialog } from '../addressbook/AddAddressDialog';
import { AddressBookMenu } from '../addressbook/AddressBookMenu';
import { isSavedRecipient, savedRecipients } from '../model/addressBook';
import { chooseSavedRecipient, type WithdrawDraft } from '../model/draft';
import type { AddressBookState } from './DestinationStep';

interface InternalDestinationProps {
  uid: number;
  coin: CoinTransactionRow;
  draft: WithdrawDraft;
  onChange: (change: (draft: WithdrawDraft) => WithdrawDraft) => void;
  book: AddressBookState;
}

/**
 * Internal withdrawal: another user of this exchange, by email or UID (typed, or a recipient saved
 * in the address book); paid at once, no network and no fee.
 */
export function InternalDestination({ uid, coin, draft, onChange, book }: InternalDestinationProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const id = useId();
  const [adding, setAdding] = useState(false);
  const entries = savedRecipients(book.data?.addresses ?? []);
  const offList = (book.data?.whitelist_only ?? false) && draft.recipient.trim() !== '' && !isSavedRecipient(entries, draft.recipient);
  const describedBy = [`${id}-hint`, ...(offList ? [`${id}-error`] : [])].join(' ');

  return (
    <div className="field withdraw-field">
      <div className="withdraw-field__head">
        <label htmlFor={id} className="field-label">
          <Trans>Recipient email or UID</Trans>
        </label>
        <div className="withdraw-field__tools">
          <AddressBookMenu
            kind="internal"
            entries={entries}
            status={book.status}
            onRetry={book.reload}
            onPick={(entry) => onChange((current) => chooseSavedRecipient(current, entry))}
          />
          <button type="button" className="btn-link withdraw-add" onClick={() => setAdding(true)}>
            <Trans>Add to address book</Trans>
          </button>
        </div>
      </div>
      <input
        id={id}
        className="input"
        autoComplete="off"
        spellCheck={false}
        placeholder={t`name@example.com or 12345678`}
        value={draft.recipient}
        aria-invalid={offList || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const recipient = event.target.value;
          onChange((current) => ({ ...current, recipient }));
        }}
      />
      <span id={`${id}-hint`} className="funds-note muted">
        <Trans>Internal withdrawals reach another user of this exchange at once, with no network fee.</Trans>
      </span>
      {offList && (
        <p id={`${id}-error`} className="field-error">
          {contractText(withdrawMessages.whitelistOnlyInternal)}
        </p>
      )}
      <AddAddressDialog
        uid={uid}
        open={adding}
        onOpenChange={setAdding}
        coin={coin}
        initial={{ kind: 'internal', networkId: null, address: '', memo: '', recipient: draft.recipient }}
        onSaved={(entry) => {
          book.reload();
          onChange((current) => chooseSavedRecipient(current, entry));
        }}
      />
    </div>
  );
}
