import { useCallback, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { isVerified, readSession } from '../../../shared/session/session';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { AuthLayout } from '../components/AuthLayout';
import { destinationForSignedIn } from '../lib/destinations';
import { readNavigationState, validEmailOrEmpty } from '../lib/navigationState';
import { LoginForm, type LoginStep } from '../login/LoginForm';
import { ResetFlow } from '../reset/ResetFlow';

interface LoginView {
  mode: 'login' | 'reset';
  email: string;
  step: LoginStep;
  notice: string | null;
  /** Bumped to start the login form afresh with new initial values. */
  generation: number;
}

/** /login. Accepts ?email=&step=password (or the same in history state) to resume at the password step. */
export default function LoginPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  // Decided once: logging in on this page writes a session, which must not bounce us mid-flow.
  const [signedInAtEntry] = useState(() => (readSession() ? destinationForSignedIn(isVerified()) : null));
  const [view, setView] = useState<LoginView>(() => {
    const state = readNavigationState(location.state);
    const email = validEmailOrEmpty(state.email ?? params.get('email'));
    const wantsPassword = (state.step ?? params.get('step')) === 'password';
    return { mode: 'login', email, step: wantsPassword && email ? 'password' : 'email', notice: state.notice ?? null, generation: 0 };
  });

  const { t } = useLingui();
  usePageTitle(view.mode === 'reset' ? t`Reset password` : t`Log in`);

  const openReset = useCallback((email: string) => setView((v) => ({ ...v, mode: 'reset', email, notice: null })), []);
  const backToLogin = useCallback(() => setView((v) => ({ ...v, mode: 'login', step: 'email', generation: v.generation + 1 })), []);
  const resetDone = useCallback(
    (email: string, message: string) =>
      setView((v) => ({ mode: 'login', email, step: 'password', notice: message, generation: v.generation + 1 })),
    [],
  );

  if (signedInAtEntry) return <Navigate to={signedInAtEntry} replace />;

  return (
    <AuthLayout>
      {view.mode === 'login' ? (
        <LoginForm
          key={view.generation}
          initialEmail={view.email}
          initialStep={view.step}
          notice={view.notice}
          onForgotPassword={openReset}
        />
      ) : (
        <ResetFlow initialEmail={view.email} onBack={backToLogin} onDone={resetDone} />
      )}
    </AuthLayout>
  );
}
