import { useState, type FormEvent } from 'react';
import type { ApiKeyView } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { Modal } from '../../../shared/ui/Modal';
import { deleteApiKey } from './apiKeysApi';
import { CodeFields } from './CodeFields';

/** Deleting a key asks for the mailed code (and the authenticator's): a stolen session alone cannot cut a user's bots off. */
export function DeleteKeyDialog({ target, totpOn, onClose, onDeleted }: { target: ApiKeyView | null; totpOn: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [emailCode, setEmailCode] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    setBusy(true);
    try {
      await deleteApiKey(target.api_key, { email_code: emailCode, ...(totpOn ? { totp_code: totpCode } : {}) });
      setEmailCode('');
      setTotpCode('');
      setError(null);
      onDeleted();
    } catch (failure) {
      setError(errorMessage(failure, t`Could not delete the key. Please try again.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={target !== null} onOpenChange={(open) => !open && onClose()} title={t`Delete API key`} description={target ? t`Bots using "${target.label}" stop working at once.` : undefined}>
      <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
        <CodeFields idPrefix="api-delete" emailCode={emailCode} onEmailCode={setEmailCode} totpOn={totpOn} totpCode={totpCode} onTotpCode={setTotpCode} />
        {error && (
          <p className="form-error" role="alert">
            {contractText(error)}
          </p>
        )}
        <div className="account-form__actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <Trans>Delete</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
