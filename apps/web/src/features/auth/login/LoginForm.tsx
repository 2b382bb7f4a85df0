import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authMessages, errorCodes, loginEmailStep, loginRequest, securityErrorCodes, serverMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { saveSession } from '../../../shared/session/session';
import { login } from '../api/authApi';
import { loadUserInfo } from '../api/userInfo';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../components/FormAlert';
import { FormTextField } from '../components/FormTextField';
import { SubmitButton } from '../components/SubmitButton';
import { destinationAfterAuth, signupVerifyStepUrl } from '../lib/destinations';
import { isClientError, serverMessageOf } from '../lib/errors';
import { useContractForm } from '../hooks/useContractForm';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { TotpField } from '../../../shared/two-factor/TotpField';

export type LoginStep = 'email' | 'password' | 'totp';

interface LoginFormProps {
  initialEmail: string;
  initialStep: LoginStep;
  notice: string | null;
  onForgotPassword: (email: string) => void;
}

function loginErrorText(error: unknown): string {
  return serverMessageOf(error) ?? (isClientError(error) ? authMessages.loginFailedCredentials : authMessages.loginFailed);
}

/** A mailed login code that can no longer be used: the next "Log in" asks the server for a new one. */
const deadCodeErrors: readonly string[] = [errorCodes.codeExpired, errorCodes.codeLocked];

/** "Email / Sub-account" login: the email is checked first, then the password is asked. */
export function LoginForm({ initialEmail, initialStep, notice, onForgotPassword }: LoginFormProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>(initialStep);
  /** Set when the server locked the email after failures elsewhere and mailed a code (LOGIN_CODE_REQUIRED). */
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const feedback = useFormFeedback(notice);
  const { error, success, fail, clear } = feedback;
  // Two forms, as the spec's two steps check different things. The mailed code and the
  // authenticator code are undefined until the server asks for them, so the schema skips them.
  const emailStep = useContractForm(loginEmailStep, { email: initialEmail }, feedback);
  const credentials = useContractForm(loginRequest, { email: initialEmail, password: '', otp: undefined, totp_code: undefined }, feedback);
  const { control, getValues, setValue, watch } = credentials.form;
  const email = watch('email');
  const totp = watch('totp_code');

  const submitEmail = emailStep.submitWith((data) => {
    setValue('email', data.email);
    setStep('password');
  });

  const submitPassword = credentials.submitWith(async (data) => {
    setLoading(true);
    try {
      const answer = await login(data);
      saveSession({ token: answer.jwt_token, userId: answer.user_id, uid: answer.uid, email: answer.email });
      const verified = await loadUserInfo(answer.user_id);
      navigate(destinationAfterAuth(verified), { replace: true });
    } catch (caught) {
      setLoading(false);
      if (caught instanceof ApiError && caught.code === errorCodes.emailNotVerified) {
        navigate(signupVerifyStepUrl(data.email), { state: { notice: caught.message } });
        return;
      }
      if (caught instanceof ApiError && caught.code === errorCodes.loginCodeRequired) {
        setCodeNotice(caught.serverMessage ?? serverMessages.loginCodeRequired);
        if (getValues('otp') === undefined) setValue('otp', '');
        if (step === 'totp') leaveTotp();
        return;
      }
      if (caught instanceof ApiError && caught.code === securityErrorCodes.totpRequired) {
        setStep('totp');
        setValue('totp_code', '');
        return;
      }
      if (caught instanceof ApiError && step === 'totp' && caught.code?.startsWith('TOTP')) {
        setValue('totp_code', '');
        return fail(loginErrorText(caught), new Set(['totp_code']));
      }
      if (caught instanceof ApiError && caught.code && deadCodeErrors.includes(caught.code)) {
        setCodeNotice(null);
        setValue('otp', undefined);
      }
      fail(loginErrorText(caught));
    }
  });

  function leaveTotp() {
    setStep('password');
    setValue('totp_code', undefined);
  }

  const changeEmail = () => {
    emailStep.form.setValue('email', email);
    setStep('email');
    setValue('password', '');
    setCodeNotice(null);
    setValue('otp', undefined);
    setValue('totp_code', undefined);
    clear();
  };

  const backToPassword = () => {
    leaveTotp();
    clear();
  };

  return (
    <>
      <h1 className="auth-title">
        <Trans>Log in</Trans>
      </h1>
      <div className="auth-tabs" role="tablist" aria-label={t`Login method`}>
        <button type="button" role="tab" id="login-tab-email" aria-selected="true" aria-controls="login-panel-email" className="auth-tab auth-tab-active">
          <Trans>Email / Sub-account</Trans>
        </button>
      </div>
      <div role="tabpanel" id="login-panel-email" aria-labelledby="login-tab-email">
        {step === 'totp' && (
          <form onSubmit={submitPassword} noValidate>
            <h2 className="auth-subtitle">
              <Trans>Two-factor authentication</Trans>
            </h2>
            <p className="muted auth-lead">
              <Trans>Enter the 6-digit code from your authenticator app.</Trans>
            </p>
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
            <TotpField id="login-totp" feedback={feedback} value={totp ?? ''} onValueChange={(value) => setValue('totp_code', value)} recovery autoFocus />
            <FormAlert error={error} success={success} />
            <SubmitButton loading={loading}>
              <Trans>Verify</Trans>
            </SubmitButton>
            <button type="button" className="btn-link auth-secondary" onClick={backToPassword} disabled={loading}>
              <Trans>Back</Trans>
            </button>
          </form>
        )}
        {step === 'totp' ? null : step === 'email' ? (
          <form onSubmit={submitEmail} noValidate>
            <EmailField id="login-email" placeholder={t`Email / Sub-account email`} feedback={feedback} control={emailStep.form.control} name="email" />
            <FormAlert error={error} success={success} />
            <SubmitButton loading={false}>
              <Trans>Next</Trans>
            </SubmitButton>
          </form>
        ) : (
          <form onSubmit={submitPassword} noValidate>
            <div className="auth-email-chip">
              <span className="auth-email-chip-text" title={email}>
                {email}
              </span>
              <button type="button" className="btn-link" onClick={changeEmail} disabled={loading}>
                <Trans>Change</Trans>
              </button>
            </div>
            {/* Lets password managers pair the password with the account. */}
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
            <FormTextField
              control={control}
              name="password"
              id="login-password"
              label={t`Password`}
              password
              feedback={feedback}
              autoComplete="current-password"
              placeholder={t`Password`}
              autoFocus
            />
            {codeNotice && (
              <>
                <p className="muted auth-lead">{contractText(codeNotice)}</p>
                <FormTextField
                  control={control}
                  name="otp"
                  id="login-otp"
                  label={t`Login code`}
                  feedback={feedback}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder={t`6-digit code`}
                  maxLength={6}
                  autoFocus
                  normalise={(value) => value.replace(/\s/g, '')}
                />
              </>
            )}
            <FormAlert error={error} success={success} />
            <SubmitButton loading={loading}>
              <Trans>Log in</Trans>
            </SubmitButton>
          </form>
        )}
      </div>
      <div className="auth-links">
        <button type="button" className="btn-link" onClick={() => onForgotPassword(step === 'email' ? emailStep.form.getValues('email') : email)}>
          <Trans>Forgot password?</Trans>
        </button>
      </div>
      <p className="auth-footer muted">
        <Trans>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="auth-link">
            Sign up
          </Link>
        </Trans>
      </p>
    </>
  );
}
