import { useId, useState } from 'react';
import { withdrawMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { requestAddressCode, setWhitelistOnly } from '../api/withdrawApi';

interface WhitelistSwitchProps {
  uid: number;
  enabled: boolean;
  onChanged: () => void;
}

type Notice = { kind: 'error' | 'sent'; text: string } | null;

/**
 * "Whitelist only": when on, the server accepts withdrawals only to addresses and internal
 * recipients in the address book.
 * Turning it on is one click; turning it off takes the emailed code, as taking a protection away should.
 */
export function WhitelistSwitch({ uid, enabled, onChanged }: WhitelistSwitchProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const codeId = useId();
  const [saving, setSaving] = useState(false);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  const save = async (next: boolean, withCode?: string) => {
    setSaving(true);
    setNotice(null);
    try {
      await setWhitelistOnly(uid, next, withCode);
      setConfirmingOff(false);
      setCode('');
      onChanged();
    } catch (failure) {
      setNotice({ kind: 'error', text: contractText(errorMessage(failure, t`Failed to change the setting. Please try again.`)) });
    } finally {
      setSaving(false);
    }
  };

  const sendCode = async () => {
    setNotice(null);
    try {
      setNotice({ kind: 'sent', text: contractText(await requestAddressCode(uid)) });
    } catch (failure) {
      setNotice({ kind: 'error', text: contractText(errorMessage(failure, t`Failed to send the code. Please try again.`)) });
    }
  };

  return (
    <div className="withdraw-whitelist">
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-describedby="withdraw-whitelist-hint"
        className="withdraw-switch"
        disabled={saving || confirmingOff}
        onClick={() => (enabled ? setConfirmingOff(true) : void save(true))}
      >
        <span className="withdraw-switch__track" aria-hidden>
          <span className="withdraw-switch__thumb" />
        </span>
        <Trans>Whitelist only</Trans>
      </button>
      <span id="withdraw-whitelist-hint" className="funds-note muted">
        <Trans>When on, withdrawals go only to addresses and recipients saved in your address book.</Trans>
      </span>
      {confirmingOff && (
        <div className="withdraw-whitelist__off">
          <p className="funds-note">
            <Trans>Turning this off needs the code we email you.</Trans>
          </p>
          <label htmlFor={codeId} className="field-label">
            <Trans>Email verification code</Trans>
          </label>
          <div className="withdraw-code">
            <input
              id={codeId}
              className="input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
            <button type="button" className="btn btn-ghost" onClick={() => void sendCode()}>
              <Trans>Send code</Trans>
            </button>
          </div>
          <div className="withdraw-whitelist__actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={saving}
              onClick={() => {
                if (/^\d{6}$/.test(code)) void save(false, code);
                else setNotice({ kind: 'error', text: contractText(withdrawMessages.codeRequired) });
              }}
            >
              <Trans>Turn off</Trans>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setConfirmingOff(false);
                setNotice(null);
                setCode('');
              }}
            >
              <Trans>Keep on</Trans>
            </button>
          </div>
        </div>
      )}
      <div aria-live="polite">{notice?.kind === 'sent' && <p className="form-success withdraw-message">{notice.text}</p>}</div>
      {notice?.kind === 'error' && (
        <p className="field-error" role="alert">
          {notice.text}
        </p>
      )}
    </div>
  );
}
