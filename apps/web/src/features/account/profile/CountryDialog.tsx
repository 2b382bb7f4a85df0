import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { regionName } from '../../../shared/format/region';
import { Modal } from '../../../shared/ui/Modal';
import { identityStatusLabels, type IdentityStatus } from './verificationStatus';

interface CountryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  country: string | null;
  status: IdentityStatus;
}

/** Spec 3 §2's "View details" of the country: where it comes from and what it decides. */
export function CountryDialog({ open, onOpenChange, country, status }: CountryDialogProps) {
  const { t, i18n } = useLingui();
  const name = country ? regionName(country, country) : t`Not set`;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t`Country / region`}>
      <dl className="account-details">
        <div className="account-row">
          <dt className="account-row__label muted">{t`Country / region of residence`}</dt>
          <dd className="account-row__value">
            {name}
            {country && <span className="muted"> ({country})</span>}
          </dd>
        </div>
        <div className="account-row">
          <dt className="account-row__label muted">{t`Identity verification`}</dt>
          <dd className="account-row__value">{i18n._(identityStatusLabels[status])}</dd>
        </div>
      </dl>
      <p className="muted">
        <Trans>
          Your country was chosen at sign-up. It decides which identity documents we accept and cannot be changed here once your identity is
          verified.
        </Trans>
      </p>
      {status === 'false' && (
        <Link to="/account/profile/verify" className="btn btn-primary btn-block">
          <Trans>Verify your identity</Trans>
        </Link>
      )}
    </Modal>
  );
}
