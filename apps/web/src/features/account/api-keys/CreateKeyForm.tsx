import { useState, type FormEvent } from 'react';
import { API_KEY_PERMISSIONS, apiKeyCreateRequest, type ApiKeyCreateResponse, type ApiKeyPermission } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { createApiKey } from './apiKeysApi';
import { CodeFields } from './CodeFields';
import { usePermissionLabels } from './permissionLabels';

/** The end of the chosen day, in the user's time zone: a key expiring "on" a date works through that day. */
const END_OF_DAY = 'T23:59:59';

/** The allow-list as typed: addresses and ranges separated by commas, spaces or lines. */
function allowlistOf(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry !== '');
}

/** The form that makes a key (issue 42): label, permissions, passphrase, allow-list, expiry and the codes. */
export function CreateKeyForm({ totpOn, onCreated }: { totpOn: boolean; onCreated: (key: ApiKeyCreateResponse) => void }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const labels = usePermissionLabels();
  const [label, setLabel] = useState('');
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(['read']);
  const [passphrase, setPassphrase] = useState('');
  const [allowlist, setAllowlist] = useState('');
  const [expiry, setExpiry] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const toggle = (permission: ApiKeyPermission, on: boolean) =>
    setPermissions((list) => (on ? API_KEY_PERMISSIONS.filter((p) => p === permission || list.includes(p)) : list.filter((p) => p !== permission)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ip = allowlistOf(allowlist);
    const parsed = apiKeyCreateRequest.safeParse({
      label,
      permissions,
      passphrase,
      email_code: emailCode,
      ...(totpOn ? { totp_code: totpCode } : {}),
      ...(ip.length > 0 ? { ip_allowlist: ip } : {}),
      ...(expiry ? { expires_at: new Date(expiry + END_OF_DAY).toISOString() } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const created = await createApiKey(parsed.data);
      setLabel('');
      setPassphrase('');
      setEmailCode('');
      setTotpCode('');
      onCreated(created);
    } catch (failure) {
      setError(errorMessage(failure, t`Could not create the key. Please try again.`));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="card account-card account-form" aria-labelledby="api-create-title" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="api-create-title" className="account-card__title">
        <Trans>Create an API key</Trans>
      </h2>
      <div className="field">
        <label htmlFor="api-label">
          <Trans>Label</Trans>
        </label>
        <input id="api-label" className="input" maxLength={50} value={label} onChange={(event) => setLabel(event.target.value)} />
      </div>
      <fieldset className="field api-keys__permissions">
        <legend>
          <Trans>Permissions</Trans>
        </legend>
        {API_KEY_PERMISSIONS.map((permission) => (
          <label key={permission} className="api-keys__check">
            <input type="checkbox" checked={permissions.includes(permission)} onChange={(event) => toggle(permission, event.target.checked)} />
            {labels[permission]}
          </label>
        ))}
        <span className="muted account-form__hint">
          <Trans>Withdraw needs an IP allow-list.</Trans>
        </span>
      </fieldset>
      <div className="field">
        <label htmlFor="api-passphrase">
          <Trans>Passphrase</Trans>
        </label>
        <input id="api-passphrase" className="input" type="password" autoComplete="new-password" maxLength={32} value={passphrase} onChange={(event) => setPassphrase(event.target.value)} aria-describedby="api-passphrase-hint" />
        <span id="api-passphrase-hint" className="muted account-form__hint">
          <Trans>8 to 32 letters, digits or symbols. Your bot sends it with every call.</Trans>
        </span>
      </div>
      <div className="field">
        <label htmlFor="api-ips">
          <Trans>IP allow-list (optional)</Trans>
        </label>
        <textarea id="api-ips" className="input" rows={2} value={allowlist} onChange={(event) => setAllowlist(event.target.value)} aria-describedby="api-ips-hint" />
        <span id="api-ips-hint" className="muted account-form__hint">
          <Trans>IPv4 or IPv6 addresses or CIDR ranges, separated by commas.</Trans>
        </span>
      </div>
      <div className="field">
        <label htmlFor="api-expiry">
          <Trans>Expires on (optional)</Trans>
        </label>
        <input id="api-expiry" className="input" type="date" value={expiry} onChange={(event) => setExpiry(event.target.value)} />
      </div>
      <CodeFields idPrefix="api-create" emailCode={emailCode} onEmailCode={setEmailCode} totpOn={totpOn} totpCode={totpCode} onTotpCode={setTotpCode} />
      {error && (
        <p className="form-error" role="alert">
          {contractText(error)}
        </p>
      )}
      <div className="account-form__actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? <Trans>Creating...</Trans> : <Trans>Create key</Trans>}
        </button>
      </div>
    </form>
  );
}
