import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { setWhitelistOnly } from '../api/withdrawApi';

interface WhitelistSwitchProps {
  uid: number;
  enabled: boolean;
  onChanged: () => void;
}

/** "Whitelist only": when on, the server accepts withdrawals only to addresses in the address book. */
export function WhitelistSwitch({ uid, enabled, onChanged }: WhitelistSwitchProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const flip = async () => {
    setSaving(true);
    setError(null);
    try {
      await setWhitelistOnly(uid, !enabled);
      onChanged();
    } catch (failure) {
      setError(contractText(errorMessage(failure, t`Failed to change the setting. Please try again.`)));
    } finally {
      setSaving(false);
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
        disabled={saving}
        onClick={() => void flip()}
      >
        <span className="withdraw-switch__track" aria-hidden>
          <span className="withdraw-switch__thumb" />
        </span>
        <Trans>Whitelist only</Trans>
      </button>
      <span id="withdraw-whitelist-hint" className="funds-note muted">
        <Trans>When on, withdrawals go only to addresses saved in your address book.</Trans>
      </span>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
