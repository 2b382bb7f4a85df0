import { useEffect, useState } from 'react';
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { RESET_REDIRECT_DELAY_MS } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useContractText } from '../../../shared/i18n/contractText';
import { ResetPasswordStep } from './ResetPasswordStep';
import { ResetRequestStep } from './ResetRequestStep';
import { ResetVerifyStep } from './ResetVerifyStep';

type ResetState =
  | { step: 'request' }
  | { step: 'verify'; email: string; notice: string | null }
  | { step: 'reset'; email: string; otp: string; notice: string | null }
  | { step: 'done'; email: string; message: string };

interface ResetFlowProps {
  initialEmail: string;
  onBack: () => void;
  /** Called RESET_REDIRECT_DELAY_MS after a successful reset. */
  onDone: (email: string, message: string) => void;
}

const TITLES: Record<ResetState['step'], MessageDescriptor> = {
  request: msg`Reset password`,
  verify: msg`Check your email`,
  reset: msg`Choose a new password`,
  done: msg`Password reset`,
};

/** Forgot password, inside the login card: request, verify, reset, then back to login. */
export function ResetFlow({ initialEmail, onBack, onDone }: ResetFlowProps) {
  const { i18n } = useLingui();
  const contractText = useContractText();
  const [state, setState] = useState<ResetState>({ step: 'request' });

  useEffect(() => {
    if (state.step !== 'done') return;
    const id = window.setTimeout(() => onDone(state.email, state.message), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [state, onDone]);

  return (
    <>
      <button type="button" className="btn-link auth-back" onClick={onBack}>
        <ArrowLeft size={16} aria-hidden />
        <Trans>Back to log in</Trans>
      </button>
      <h1 className="auth-title">{i18n._(TITLES[state.step])}</h1>
      {state.step === 'request' && (
        <ResetRequestStep initialEmail={initialEmail} onSent={(email, message) => setState({ step: 'verify', email, notice: message })} />
      )}
      {state.step === 'verify' && (
        <ResetVerifyStep
          email={state.email}
          notice={state.notice}
          onVerified={(otp, message) => setState({ step: 'reset', email: state.email, otp, notice: message })}
        />
      )}
      {state.step === 'reset' && (
        <ResetPasswordStep
          email={state.email}
          otp={state.otp}
          notice={state.notice}
          onReset={(message) => setState({ step: 'done', email: state.email, message })}
        />
      )}
      {state.step === 'done' && (
        <div className="auth-done" role="status">
          <CircleCheck size={48} className="auth-done-icon" aria-hidden />
          <p className="form-success">{contractText(state.message)}</p>
          <p className="muted">
            <Trans>Taking you back to log in...</Trans>
          </p>
        </div>
      )}
    </>
  );
}
