import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { UserInformationResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { VerificationSteps } from '../VerificationSteps';

function StatusRow({ label, done, doneText, todoText }: { label: string; done: boolean; doneText: string; todoText: string }) {
  return (
    <div className="verify-status__row">
      <dt>{label}</dt>
      <dd className={done ? 'up' : 'verify-status__todo'}>{done ? doneText : todoText}</dd>
    </div>
  );
}

interface IntroStepProps {
  info: UserInformationResponse;
  /** The reason the last submission was rejected, shown so the user can do better this time. */
  rejection: string | null;
  onStart: () => void;
}

/** Step 1: "Verify Your Identity", individual verification, and Start Verification. */
export function IntroStep({ info, rejection, onStart }: IntroStepProps) {
  const { t } = useLingui();
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
          <StatusRow label={t`Identity`} done={false} doneText={t`Verified`} todoText={rejection === null ? t`Not verified yet` : t`Rejected`} />
        </dl>
        {rejection !== null && (
          <div className="verify-rejected" role="alert">
            <ShieldAlert size={18} aria-hidden />
            <div>
              <p className="verify-rejected__title">
                <Trans>Your last verification was rejected</Trans>
              </p>
              <p>{rejection}</p>
              <p className="muted">
                <Trans>You can submit new photos now.</Trans>
              </p>
            </div>
          </div>
        )}
        <p className="muted verify-intro__why">
          <Trans>Futures trading and withdrawals open once your identity is verified.</Trans>
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={onStart}>
          <Trans>Start Verification</Trans>
        </button>
      </section>
      <VerificationSteps />
    </div>
  );
}
