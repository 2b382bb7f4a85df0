import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authMessages, REFERRAL_QUERY_PARAM } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { readSession } from '../../../shared/session/session';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { AuthLayout } from '../components/AuthLayout';
import { Stepper } from '../components/Stepper';
import { destinationAfterAuth, loginPasswordStepUrl } from '../lib/destinations';
import { readNavigationState, validEmailOrEmpty } from '../lib/navigationState';
import { CountryStep } from '../signup/CountryStep';
import { CredentialsStep } from '../signup/CredentialsStep';
import { ProfileStep } from '../signup/ProfileStep';
import { VerifyEmailStep } from '../signup/VerifyEmailStep';

const STEPS = [msg`Country`, msg`Credentials`, msg`Verification`, msg`Profile`] as const;
const TITLES = [msg`Create your account`, msg`Create your account`, msg`Verify your email`, msg`Complete your profile`] as const;

type Wizard =
  | { step: 0 | 1; country: string }
  | { step: 2; email: string; notice: string | null }
  | { step: 3 };

/** True when the stored session belongs to `email`, so the wizard can go on to the profile step. */
function hasSessionFor(email: string): boolean {
  const session = readSession();
  return Boolean(session?.userId && session.email?.toLowerCase() === email.toLowerCase());
}

/**
 * /signup: Country, Credentials, Verification, Profile. The step is mirrored
 * in the URL (?step=verify&email=..., ?step=profile) so the login page can send
 * unverified users here and a reload does not lose the place.
 */
export default function SignupPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [wizard, setWizard] = useState<Wizard>(() => {
    const email = validEmailOrEmpty(params.get('email'));
    if (params.get('step') === 'verify' && email) {
      return { step: 2, email, notice: readNavigationState(location.state).notice ?? null };
    }
    if (params.get('step') === 'profile' && readSession()?.userId) return { step: 3 };
    return { step: 0, country: '' };
  });

  // A referral link's code, kept from the first render: the wizard rewrites the query as it goes.
  const [referralCode] = useState(() => params.get(REFERRAL_QUERY_PARAM)?.trim().slice(0, 16) ?? '');
  usePageTitle(t`Sign up`);

  const accountCreated = (email: string) => {
    setWizard({ step: 2, email, notice: authMessages.registrationSuccessful });
    setParams({ step: 'verify', email }, { replace: true });
  };

  const emailVerified = (email: string, message: string) => {
    if (hasSessionFor(email)) {
      setWizard({ step: 3 });
      setParams({ step: 'profile' }, { replace: true });
    } else {
      // Resumed from the login page: no session yet, so log in with the now verified email.
      navigate(loginPasswordStepUrl(email), { replace: true, state: { notice: message } });
    }
  };

  return (
    <AuthLayout>
      <h1 className="auth-title">{i18n._(TITLES[wizard.step])}</h1>
      <Stepper steps={STEPS.map((step) => i18n._(step))} current={wizard.step} />
      {wizard.step === 0 && <CountryStep initialCountry={wizard.country} onDone={(country) => setWizard({ step: 1, country })} />}
      {wizard.step === 1 && (
        <CredentialsStep
          country={wizard.country}
          referralCode={referralCode}
          onBack={() => setWizard({ step: 0, country: wizard.country })}
          onDone={accountCreated}
        />
      )}
      {wizard.step === 2 && (
        <VerifyEmailStep email={wizard.email} notice={wizard.notice} onVerified={(message) => emailVerified(wizard.email, message)} />
      )}
      {wizard.step === 3 && <ProfileStep onDone={(verified) => navigate(destinationAfterAuth(verified), { replace: true })} />}
      <p className="auth-footer muted">
        <Trans>
          Already have an account?{' '}
          <Link to="/login" className="auth-link">
            Log in
          </Link>
        </Trans>
      </p>
    </AuthLayout>
  );
}
