import { useState, type FormEvent } from 'react';
import { authMessages, errorCodes, rewardMessages, signupRequest } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { saveSession } from '../../../shared/session/session';
import { signup } from '../api/authApi';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { isNetworkError, isUnexpectedAnswer, serverMessageOf } from '../lib/errors';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { validate } from '../lib/validate';

interface CredentialsStepProps {
  country: string;
  /** The code of a referral link (?ref=), filled in for the visitor to keep or change. */
  referralCode: string;
  onBack: () => void;
  onDone: (email: string) => void;
}

function signupErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 409 || error.code === errorCodes.emailTaken)) {
    return authMessages.emailAlreadyRegistered;
  }
  if (isNetworkError(error)) return authMessages.networkError;
  if (isUnexpectedAnswer(error)) return authMessages.unexpectedSignupResponse;
  return serverMessageOf(error) ?? authMessages.registrationFailed;
}

/** The fields a refused sign-up is about, so the form marks them. */
function refusedFields(error: unknown): ReadonlySet<string> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 409) return new Set(['email']);
  if (error.code === errorCodes.passwordTooCommon) return new Set(['password', 'confirm_password']);
  return error.serverMessage === rewardMessages.unknownReferralCode ? new Set(['referral_code']) : undefined;
}

export function CredentialsStep({ country, referralCode, onBack, onDone }: CredentialsStepProps) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [referral, setReferral] = useState(referralCode);
  const feedback = useFormFeedback();
  const { error, fail, clear } = feedback;
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(signupRequest, { email, password, confirm_password: confirm, country, referral_code: referral });
    if (!result.ok) return fail(result.message, result.fields);
    clear();
    setLoading(true);
    try {
      const answer = await signup(result.data);
      saveSession({ token: answer.token, userId: answer.user_id, email: result.data.email });
      onDone(result.data.email);
    } catch (caught) {
      setLoading(false);
      fail(signupErrorText(caught), refusedFields(caught));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <EmailField id="signup-email" placeholder={t`Email`} feedback={feedback} value={email} onValueChange={setEmail} />
      <TextField
        id="signup-password"
        label={t`Password`}
        password
        field="password"
        feedback={feedback}
        autoComplete="new-password"
        placeholder={t`At least 8 characters`}
        value={password}
        onValueChange={setPassword}
      />
      <TextField
        id="signup-confirm"
        label={t`Confirm password`}
        password
        field="confirm_password"
        feedback={feedback}
        autoComplete="new-password"
        placeholder={t`Repeat the password`}
        value={confirm}
        onValueChange={setConfirm}
      />
      <TextField
        id="signup-referral"
        label={t`Referral code (optional)`}
        field="referral_code"
        feedback={feedback}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={16}
        value={referral}
        onValueChange={setReferral}
      />
      <FormAlert error={error} />
      <SubmitButton loading={loading}>
        <Trans>Create account</Trans>
      </SubmitButton>
      <button type="button" className="btn btn-ghost btn-block auth-secondary" onClick={onBack} disabled={loading}>
        <Trans>Back</Trans>
      </button>
    </form>
  );
}
