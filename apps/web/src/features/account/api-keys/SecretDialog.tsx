import type { ApiKeyCreateResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../../../shared/ui/Modal';
import { CopyValue } from '../profile/CopyValue';

/** The new key's secret, shown this once: the server never answers it again. */
export function SecretDialog({ created, onClose }: { created: ApiKeyCreateResponse | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      open={created !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Your new API key`}
      description={t`Copy the secret key now: it is shown only this once.`}
    >
      {created && (
        <dl className="api-keys__secret">
          <dt>
            <Trans>API key</Trans>
          </dt>
          <dd>
            <CopyValue value={created.api_key} label={t`API key`} />
          </dd>
          <dt>
            <Trans>Secret key</Trans>
          </dt>
          <dd>
            <CopyValue value={created.secret_key} label={t`Secret key`} />
          </dd>
          <dt>
            <Trans>Passphrase</Trans>
          </dt>
          <dd>
            <CopyValue value={created.passphrase} label={t`Passphrase`} />
          </dd>
        </dl>
      )}
      <div className="account-form__actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          <Trans>I have saved it</Trans>
        </button>
      </div>
    </Modal>
  );
}
