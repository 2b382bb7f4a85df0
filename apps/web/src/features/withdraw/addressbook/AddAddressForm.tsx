import { useId, useState, type FormEvent } from 'react';
import { twoFactorFieldMessages, withdrawMessages, type AddressBookEntry, type CoinTransactionRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { readSession } from '../../../shared/session/session';
import { TotpField } from '../../../shared/two-factor/TotpField';
import { useTwoFactorStatus } from '../../../shared/two-factor/useTwoFactorStatus';
import { useTotpCode } from '../data/useTotpCode';
import { addAddress, requestAddressCode } from '../api/withdrawApi';
import { newAddressProblem, type EntryKind, type NewAddressProblem } from '../model/addressBook';
import { EntryKindChoice } from './EntryKindChoice';
import { useWithdrawTexts } from '../data/useWithdrawTexts';
import { addressIssue } from '../model/address';

export interface AddressDraft {
  kind: EntryKind;
  networkId: number | null;
  address: string;
  memo: string;
  recipient: string;
}

interface AddAddressFormProps {
  uid: number;
  coin: CoinTransactionRow;
  initial: AddressDraft;
  onSaved: (entry: AddressBookEntry) => void;
}

type CodeState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string };

/**
 * Label, then a network, address and memo, or another user (email or UID) as an internal
 * recipient; and the emailed code: POST /withdraw-addresses/code, then POST /withdraw-addresses;
 * with the authenticator app on, its code too.
 */
export function AddAddressForm({ uid, coin, initial, onSaved }: AddAddressFormProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const id = useId();
  const [kind, setKind] = useState<EntryKind>(initial.kind);
  const [label, setLabel] = useState('');
  const [recipient, setRecipient] = useState(initial.recipient);
  const [networkId, setNetworkId] = useState<number | null>(initial.networkId ?? coin.networks[0]?.id ?? null);
  const [address, setAddress] = useState(initial.address);
  const [memo, setMemo] = useState(initial.memo);
  const [code, setCode] = useState('');
  const [codeState, setCodeState] = useState<CodeState>({ kind: 'idle' });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [twoFactorOn] = useTwoFactorStatus(readSession()?.userId || null);
  const totp = useTotpCode(twoFactorOn);
  const network = coin.networks.find((candidate) => candidate.id === networkId) ?? null;
  const texts = useWithdrawTexts();
  const problemText: Record<NewAddressProblem, string> = {
    label: contractText(withdrawMessages.labelRequired),
    fields: contractText(withdrawMessages.completeFields),
    recipient: contractText(withdrawMessages.recipientRequired),
    code: contractText(withdrawMessages.codeRequired),
  };

  const sendCode = async () => {
    setError(null);
    setCodeState({ kind: 'sending' });
    try {
      const message = await requestAddressCode(uid);
      setCodeState({ kind: 'sent', message });
    } catch (failure) {
      setCodeState({ kind: 'idle' });
      setError(contractText(errorMessage(failure, t`Failed to send the code. Please try again.`)));
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newAddressProblem({ kind, label, networkId, address, recipient, code });
    if (problem) {
      setError(problemText[problem]);
      return;
    }
    // The book takes what the server's book takes: an address and memo of the network (a burn address is refused at withdrawal).
    const issue = kind === 'onchain' ? addressIssue(network, address, memo) : null;
    if (issue && issue.kind !== 'burnAddress') {
      setError(texts.address(issue));
      return;
    }
    const second = totp.take();
    if (!second) {
      setError(contractText(twoFactorFieldMessages.totpFormat));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const destination =
        kind === 'internal'
          ? { kind, recipient }
          : { kind, networkId: networkId ?? 0, address, memo: network?.memo ? memo : '' };
      onSaved(await addAddress(uid, { label, destination, code, totpCode: second.code }));
    } catch (failure) {
      totp.refused(failure);
      setError(contractText(errorMessage(failure, t`Failed to save the address. Please try again.`)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="withdraw-add-form" onSubmit={(event) => void save(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-label`}>
          <Trans>Label</Trans>
        </label>
        <input id={`${id}-label`} className="input" maxLength={40} autoComplete="off" value={label} onChange={(e) => setLabel(e.target.value)} />
      </div>
      <EntryKindChoice kind={kind} onChange={setKind} />
      {kind === 'internal' ? (
        <div className="field">
          <label htmlFor={`${id}-recipient`}>
            <Trans>Recipient email or UID</Trans>
          </label>
          <input
            id={`${id}-recipient`}
            className="input"
            maxLength={254}
            autoComplete="off"
            spellCheck={false}
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
          />
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-network`}>
              <Trans>Network</Trans>
            </label>
            <select id={`${id}-network`} className="select" value={networkId ?? ''} onChange={(e) => setNetworkId(Number(e.target.value))}>
              {coin.networks.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.code} · {candidate.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-address`}>
              <Trans>Address</Trans>
            </label>
            <input
              id={`${id}-address`}
              className="input"
              maxLength={128}
              autoComplete="off"
              spellCheck={false}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </div>
          {network?.memo && (
            <div className="field">
              <label htmlFor={`${id}-memo`}>
                <Trans>Memo</Trans>
              </label>
              <input id={`${id}-memo`} className="input" maxLength={64} autoComplete="off" value={memo} onChange={(e) => setMemo(e.target.value)} />
            </div>
          )}
        </>
      )}
      <div className="field">
        <label htmlFor={`${id}-code`}>
          <Trans>Email verification code</Trans>
        </label>
        <div className="withdraw-code">
          <input
            id={`${id}-code`}
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <button type="button" className="btn btn-ghost" disabled={codeState.kind === 'sending'} onClick={() => void sendCode()}>
            {codeState.kind === 'sent' ? <Trans>Send again</Trans> : <Trans>Send code</Trans>}
          </button>
        </div>
      </div>
      {totp.shown && <TotpField id={`${id}-totp`} feedback={totp.feedback} value={totp.value} onValueChange={totp.setValue} />}
      <div aria-live="polite">
        {codeState.kind === 'sent' && <p className="form-success">{contractText(codeState.message)}</p>}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
        {saving ? <Trans>Saving...</Trans> : <Trans>Save address</Trans>}
      </button>
    </form>
  );
}
