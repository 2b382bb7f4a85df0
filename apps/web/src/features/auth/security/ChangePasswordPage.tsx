import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import { authMessages, OTP_RESEND_COOLDOWN_S } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { readSession } from '../../../shared/session/session';
import { Spinner } from '../../../shared/ui/Spinner';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { requestPasswordChangeCode, resendPasswordChangeCode, verifyPasswordChangeCode } from '../api/securityApi';
import { Stepper } from '../components/Stepper';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { ChangeDone } from './ChangeDone';
import { ChangeLayout } from './ChangeLayout';
import { NewPasswordStep } from './NewPasswordStep';
import { useTwoFactorStatus } from '../../../shared/two-factor/useTwoFactorStatus';
import { VerifyCodeForm } from './VerifyCodeForm';

type Flow =
  | { step: 'sending' }
  | { step: 'code'; notice: string | null; error: string | null; wait: number; round: number }
  | { step: 'password'; otp: string; notice: string | null }
  | { step: 'done'; message: string };

function PasskeysNote() {
  return (
    <aside className="card security-note">
      <KeyRound size={24} aria-hidden className="security-note__icon" />
      <h2>
        <Trans>Passkeys</Trans>
      </h2>
      <p className="muted">
        <Trans>Passkeys let you log in with your fingerprint, face or screen lock instead of a password. They are coming soon.</Trans>
      </p>
    </aside>
  );
}

function ChangePasswordFlow({ email, userId }: { email: string; userId: string | null }) {
  const { t } = useLingui();
  const [flow, setFlow] = useState<Flow>({ step: 'sending' });
  const [twoFactor] = useTwoFactorStatus(userId);
  const sent = useRef(false);

  // Spec 3 §4: the code is asked for as the page opens (once, even when effects run twice).
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    requestPasswordChangeCode(email).then(
      (answer) => {
        if (!answer.success) throw rejectedAnswer(answer.message);
        setFlow({ step: 'code', notice: answer.message, error: null, wait: answer.retry_after_seconds ?? OTP_RESEND_COOLDOWN_S, round: 0 });
      },
      (caught: unknown) => setFlow({ step: 'code', notice: null, error: serverMessageOf(caught) ?? authMessages.sendOtpFailed, wait: 0, round: 0 }),
    );
  }, [email]);

  const steps = [t`Verification code`, t`New password`];
  return (
    <ChangeLayout title={t`Change login password`} aside={<PasskeysNote />}>
      {flow.step !== 'done' && <Stepper steps={steps} current={flow.step === 'password' ? 1 : 0} label={t`Password change progress`} />}
      {flow.step === 'sending' && <Spinner label={t`Sending the code`} />}
      {flow.step === 'code' && (
        <VerifyCodeForm
          key={flow.round}
          email={email}
          notice={flow.notice}
          error={flow.error}
          waitSeconds={flow.wait}
          verify={(otp) => verifyPasswordChangeCode(email, otp)}
          resend={() => resendPasswordChangeCode(email)}
          onVerified={(otp, message) => setFlow({ step: 'password', otp, notice: message })}
        />
      )}
      {flow.step === 'password' && (
        <NewPasswordStep
          email={email}
          otp={flow.otp}
          notice={flow.notice}
          twoFactor={twoFactor}
          onChanged={(message) => setFlow({ step: 'done', message })}
          onCodeRefused={(message) => setFlow({ step: 'code', notice: null, error: message, wait: 0, round: Date.now() })}
        />
      )}
      {flow.step === 'done' && <ChangeDone message={flow.message} />}
    </ChangeLayout>
  );
}

/** /account/profile/security/change-password (spec 3 §2, §4, §5); without a stored user email, /login (§6). */
export default function ChangePasswordPage() {
  const { t } = useLingui();
  usePageTitle(t`Change login password`);
  const [session] = useState(readSession);
  if (!session?.email) return <Navigate to="/login" replace />;
  return <ChangePasswordFlow email={session.email} userId={session.userId || null} />;
}
