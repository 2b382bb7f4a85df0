import { Link } from 'react-router';
import { BadgeCheck, Clock } from 'lucide-react';
import { verificationMessages as m, VERIFICATION_REVIEW_HOURS, type UserInformationResponse } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';
import { verificationState } from './verificationState';
import { VerificationWizard } from './wizard/VerificationWizard';

/** The three states of spec 3 §2: verified, under review, or the wizard (with a rejection's reason). */
export function VerificationStatus({ info, rejection = null }: { info: UserInformationResponse; rejection?: string | null }) {
  const contractText = useContractText();
  const state = verificationState(info.user_detail.is_verified);
  const reviewHours = VERIFICATION_REVIEW_HOURS;

  if (state === 'verified') {
    return (
      <section className="card verify-result" aria-labelledby="verify-result-title">
        <BadgeCheck size={40} className="up" aria-hidden />
        <h2 id="verify-result-title">{contractText(m.alreadyVerified)}</h2>
        <p className="muted">
          <Trans>Your identity has been checked; there is nothing more to do here.</Trans>
        </p>
        <Link to="/account/profile" className="btn btn-primary">
          <Trans>Go to your profile</Trans>
        </Link>
      </section>
    );
  }

  if (state === 'pending') {
    return (
      <section className="card verify-result" aria-labelledby="verify-result-title">
        <Clock size={40} className="verify-status__todo" aria-hidden />
        <h2 id="verify-result-title">{contractText(m.underReview)}</h2>
        <p className="muted">
          <Trans>A review may take up to {reviewHours} hours. This page shows the result as soon as it is done.</Trans>
        </p>
        <Link to="/" className="btn btn-primary">
          <Trans>Back to home</Trans>
        </Link>
      </section>
    );
  }

  return <VerificationWizard info={info} rejection={rejection} />;
}
