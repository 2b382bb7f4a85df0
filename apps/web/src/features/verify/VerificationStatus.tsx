import { Link } from 'react-router';
import { BadgeCheck, Clock, FileUp, ShieldCheck } from 'lucide-react';
import { verificationMessages as m, VERIFICATION_REVIEW_HOURS, type UserInformationResponse } from '@exchange/contract';
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
  const state = verificationState(info.user_detail.is_verified);

  if (state === 'verified') {
    return (
      <section className="card verify-result" aria-labelledby="verify-result-title">
        <BadgeCheck size={40} className="up" aria-hidden />
        <h2 id="verify-result-title">{m.alreadyVerified}</h2>
        <p className="muted">Your identity has been checked; there is nothing more to do here.</p>
        <Link to="/account/profile" className="btn btn-primary">
          Go to your profile
        </Link>
      </section>
    );
  }

  if (state === 'pending') {
    return (
      <section className="card verify-result" aria-labelledby="verify-result-title">
        <Clock size={40} className="verify-status__todo" aria-hidden />
        <h2 id="verify-result-title">{m.underReview}</h2>
        <p className="muted">A review may take up to {VERIFICATION_REVIEW_HOURS} hours. This page shows the result as soon as it is done.</p>
        <Link to="/" className="btn btn-primary">
          Back to home
        </Link>
      </section>
    );
  }

  return (
    <div className="verify-layout">
      <section className="card verify-intro" aria-labelledby="verify-intro-title">
        <ShieldCheck size={36} className="verify-intro__icon" aria-hidden />
        <h2 id="verify-intro-title">Verify Your Identity</h2>
        <p className="muted">Individual verification: confirm your country, show an ID and take a selfie, in five short steps.</p>
        <dl className="verify-status" aria-label="Your verification status">
          <StatusRow label="Email" done={info.user.email_verified} doneText="Verified" todoText="Not verified" />
          <StatusRow label="Identity" done={false} doneText="Verified" todoText="Not verified yet" />
        </dl>
        <p className="verify-notice" id="verify-upload-notice">
          <FileUp size={18} aria-hidden />
          <span>
            Document upload opens soon. Until then nothing on your account waits for it: with a verified email you can trade and move
            funds between your Spot and Futures accounts as usual.
          </span>
        </p>
        <button type="button" className="btn btn-primary btn-block" disabled aria-describedby="verify-upload-notice">
          Start Verification
        </button>
      </section>
      <VerificationSteps />
    </div>
  );
}
