import { useState } from 'react';
import { authMessages, errorCodes, rewardMessages, signupRequest } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { saveSession } from '../../../shared/session/session';
import { signup } from '../api/authApi';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../components/FormAlert';
import { FormTextField } from '../components/FormTextField';
import { SubmitButton } from '../components/SubmitButton';
import { isNetworkError, isUnexpectedAnswer, serverMessageOf } from '../lib/errors';
import { useContractForm } from '../hooks/useContractForm';
import { useFormFeedback } from '../hooks/useFormFeedback';

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
  // The country was chosen on the step before: sent with the form, never edited here.
  const feedback = useFormFeedback();
  const { form, submitWith } = useContractForm(signupRequest, { email: '', password: '', confirm_password: '', country, referral_code: referralCode }, feedback);
  const { control } = form;
  const { error, fail } = feedback;
  const [loading, setLoading] = useState(false);

  const submit = submitWith(async (data) => {
    setLoading(true);
    try {
      const answer = await signup(data);
      saveSession({ token: answer.token, userId: answer.user_id, email: data.email });
      onDone(data.email);
    } catch (caught) {
      setLoading(false);
      fail(signupErrorText(caught), refusedFields(caught));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <EmailField id="signup-email" placeholder={t`Email`} feedback={feedback} control={control} name="email" />
      <FormTextField
        control={control}
        name="password"
        id="signup-password"
        label={t`Password`}
        password
        feedback={feedback}
        autoComplete="new-password"
        placeholder={t`At least 8 characters`}
      />
      <FormTextField
        control={control}
        name="confirm_password"
        id="signup-confirm"
        label={t`Confirm password`}
        password
        feedback={feedback}
        autoComplete="new-password"
        placeholder={t`Repeat the password`}
      />
      <FormTextField
        control={control}
        name="referral_code"
        id="signup-referral"
        label={t`Referral code (optional)`}
        feedback={feedback}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={16}
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
