import { useState } from 'react';
import { Navigate } from 'react-router';
import { Info, MailCheck } from 'lucide-react';
import { authMessages, OTP_RESEND_COOLDOWN_S } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { readSession, saveEmail } from '../../../shared/session/session';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { requestEmailChangeCode, resendEmailChangeCode, verifyEmailChangeCode } from '../api/securityApi';
import { FormAlert } from '../components/FormAlert';
import { Stepper } from '../components/Stepper';
import { SubmitButton } from '../components/SubmitButton';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { ChangeDone } from './ChangeDone';
import { ChangeLayout } from './ChangeLayout';
import { NewEmailStep } from './NewEmailStep';
import { useTwoFactorStatus } from '../../../shared/two-factor/useTwoFactorStatus';
import { VerifyCodeForm } from './VerifyCodeForm';

type Flow =
  | { step: 'send'; error: string | null }
  | { step: 'code'; notice: string | null; error: string | null; wait: number; round: number }
  | { step: 'email'; otp: string; notice: string | null }
  | { step: 'done'; message: string };

function SendCodeStep({ email, error, onSent }: { email: string; error: string | null; onSent: (message: string, wait: number) => void }) {
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState(error);
  const send = async () => {
    setLoading(true);
    setFailure(null);
    try {
      const answer = await requestEmailChangeCode(email);
      if (!answer.success) throw rejectedAnswer(answer.message);
      onSent(answer.message, answer.retry_after_seconds);
    } catch (caught) {
      setLoading(false);
      setFailure(serverMessageOf(caught) ?? authMessages.sendOtpFailed);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="field">
        <span className="field-label">
          <Trans>Current email</Trans>
        </span>
        <p className="security-current-email">{email}</p>
      </div>
      <p className="muted auth-lead">
        <Trans>We will send a verification code to this address.</Trans>
      </p>
      <FormAlert error={failure} />
      <SubmitButton loading={loading}>
        <Trans>Send code</Trans>
      </SubmitButton>
    </form>
  );
}

function WhatHappensNote() {
  return (
    <aside className="card security-note">
      <MailCheck size={24} aria-hidden className="security-note__icon" />
      <h2>
        <Trans>After the change</Trans>
      </h2>
      <ul className="security-note__list muted">
        <li>
          <Trans>You log in with the new address from then on.</Trans>
        </li>
        <li>
          <Trans>Your other devices are signed out; this one stays signed in.</Trans>
        </li>
        <li>
          <Trans>Both the old and the new address get a confirmation email.</Trans>
        </li>
      </ul>
    </aside>
  );
}

function ChangeEmailFlow({ email, userId }: { email: string; userId: string | null }) {
  const { t } = useLingui();
  const [flow, setFlow] = useState<Flow>({ step: 'send', error: null });
  const [twoFactor] = useTwoFactorStatus(userId);
  const steps = [t`Current email`, t`Verification code`, t`New email`];
  const current = flow.step === 'send' ? 0 : flow.step === 'code' ? 1 : 2;
  const banner = (
    <p className="security-banner" role="note">
      <Info size={18} aria-hidden />
      <span>
        <Trans>To keep your assets safe, withdrawals and P2P transactions are disabled for 24 hours after you change your email.</Trans>
      </span>
    </p>
  );
  return (
    <ChangeLayout title={t`Change email`} banner={banner} aside={<WhatHappensNote />}>
      {flow.step !== 'done' && <Stepper steps={steps} current={current} label={t`Email change progress`} />}
      {flow.step === 'send' && (
        <SendCodeStep
          email={email}
          error={flow.error}
          onSent={(message, wait) => setFlow({ step: 'code', notice: message, error: null, wait: wait || OTP_RESEND_COOLDOWN_S, round: 0 })}
        />
      )}
      {flow.step === 'code' && (
        <VerifyCodeForm
          key={flow.round}
          email={email}
          notice={flow.notice}
          error={flow.error}
          waitSeconds={flow.wait}
          verify={(otp) => verifyEmailChangeCode(email, otp)}
          resend={() => resendEmailChangeCode(email)}
          onVerified={(otp, message) => setFlow({ step: 'email', otp, notice: message })}
        />
      )}
      {flow.step === 'email' && (
        <NewEmailStep
          email={email}
          otp={flow.otp}
          notice={flow.notice}
          twoFactor={twoFactor}
          onChanged={(newEmail, message) => {
            // Spec 3 §4: the stored user's email is the new one.
            saveEmail(newEmail);
            setFlow({ step: 'done', message });
          }}
          onCodeRefused={(message) => setFlow({ step: 'code', notice: null, error: message, wait: 0, round: Date.now() })}
        />
      )}
      {flow.step === 'done' && <ChangeDone message={flow.message} />}
    </ChangeLayout>
  );
}

/** /account/profile/security/change-email (spec 3 §2, §4, §5); without a stored user email, /login (§6). */
export default function ChangeEmailPage() {
  const { t } = useLingui();
  usePageTitle(t`Change email`);
  const [session] = useState(readSession);
  if (!session?.email) return <Navigate to="/login" replace />;
  return <ChangeEmailFlow email={session.email} userId={session.userId || null} />;
}
