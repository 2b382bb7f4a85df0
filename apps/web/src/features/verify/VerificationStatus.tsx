import { Link } from 'react-router';
import { BadgeCheck, Clock, FileUp, ShieldCheck } from 'lucide-react';
import { verificationMessages as m, VERIFICATION_REVIEW_HOURS, type UserInformationResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';
import { verificationState } from './verificationState';
import { VerificationSteps } from './VerificationSteps';

function StatusRow({ label, done, doneText, todoText }: { label: string; done: boolean; doneText: string; todoText: string }) {
  return (
    <div className="verify-status__row">
      <dt>{label}</dt>
      <dd className={done ? 'up' : 'verify-status__todo'}>{done ? doneText : todoText}</dd>
    </div>
  );
}

/** The three states of spec 3 §2: verified, under review, or the intro with its steps. */
export function VerificationStatus({ info }: { info: UserInformationResponse }) {
  const { t } = useLingui();
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

  return (
    <div className="verify-layout">
      <section className="card verify-intro" aria-labelledby="verify-intro-title">
        <ShieldCheck size={36} className="verify-intro__icon" aria-hidden />
        <h2 id="verify-intro-title">
          <Trans>Verify Your Identity</Trans>
        </h2>
        <p className="muted">
          <Trans>Individual verification: confirm your country, show an ID and take a selfie, in five short steps.</Trans>
        </p>
        <dl className="verify-status" aria-label={t`Your verification status`}>
          <StatusRow label={t`Email`} done={info.user.email_verified} doneText={t`Verified`} todoText={t`Not verified`} />
          <StatusRow label={t`Identity`} done={false} doneText={t`Verified`} todoText={t`Not verified yet`} />
        </dl>
        <p className="verify-notice" id="verify-upload-notice">
          <FileUp size={18} aria-hidden />
          <span>
            <Trans>
              Document upload opens soon. Until then nothing on your account waits for it: with a verified email you can trade and move
              funds between your Spot and Futures accounts as usual.
            </Trans>
          </span>
        </p>
        <button type="button" className="btn btn-primary btn-block" disabled aria-describedby="verify-upload-notice">
          <Trans>Start Verification</Trans>
        </button>
      </section>
      <VerificationSteps />
    </div>
  );
}
