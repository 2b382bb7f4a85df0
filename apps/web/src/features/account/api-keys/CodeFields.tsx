import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { sendApiKeyCode } from './apiKeysApi';

interface CodeFieldsProps {
  idPrefix: string;
  emailCode: string;
  onEmailCode: (value: string) => void;
  totpOn: boolean;
  totpCode: string;
  onTotpCode: (value: string) => void;
}

/** The mailed code with its "Send code" button, and the authenticator's code when the user has it on. */
export function CodeFields({ idPrefix, emailCode, onEmailCode, totpOn, totpCode, onTotpCode }: CodeFieldsProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [sent, setSent] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [failure, setFailure] = useState('');
  const send = async () => {
    setSent('sending');
    try {
      await sendApiKeyCode();
      setSent('sent');
    } catch (error) {
      setFailure(errorMessage(error, t`Could not send the code. Please try again.`));
      setSent('failed');
    }
  };
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-email-code`}>
          <Trans>Email code</Trans>
        </label>
        <div className="api-keys__code-row">
          <input
            id={`${idPrefix}-email-code`}
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t`6-digit code`}
            value={emailCode}
            onChange={(event) => onEmailCode(event.target.value.replace(/\s/g, ''))}
          />
          <button type="button" className="btn btn-ghost" disabled={sent === 'sending'} onClick={() => void send()}>
            {sent === 'sent' ? <Trans>Send again</Trans> : <Trans>Send code</Trans>}
          </button>
        </div>
        <span role="status" className="muted account-form__hint">
          {sent === 'sent' && <Trans>A code has been sent to your email.</Trans>}
          {sent === 'failed' && contractText(failure)}
        </span>
      </div>
      {totpOn && (
        <div className="field">
          <label htmlFor={`${idPrefix}-totp`}>
            <Trans>Authenticator code</Trans>
          </label>
          <input
            id={`${idPrefix}-totp`}
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t`6-digit code`}
            value={totpCode}
            onChange={(event) => onTotpCode(event.target.value.replace(/\s/g, ''))}
          />
        </div>
      )}
    </>
  );
}
