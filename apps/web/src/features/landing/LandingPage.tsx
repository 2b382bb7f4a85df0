import { lazy, Suspense, useReducer } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSession } from '../../shared/session/useSession';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { visitorStateOf } from './visitorState';
import { Hero } from './hero/Hero';
import { MarketsSlot } from './MarketsSlot';
import './Landing.css';

// Below the fold: the steps, services, news, FAQ and banner arrive after the page, as the footer does, to keep the landing budget.
const BelowTheFold = lazy(() => import('./BelowTheFold'));
const VerificationWatch = lazy(() => import('./VerificationWatch'));

export default function LandingPage() {
  const session = useSession();
  const state = visitorStateOf(session);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const { t } = useLingui();
  usePageTitle(t`Global Crypto Derivatives Exchange`);
  return (
    <div className="landing">
      {session?.userId ? (
        <Suspense fallback={null}>
          <VerificationWatch userId={session.userId} pending={state === 'pending'} onChanged={rerender} />
        </Suspense>
      ) : null}
      <Hero state={state} email={session?.email ?? null} />
      <MarketsSlot />
      <Suspense fallback={null}>
        <BelowTheFold state={state} />
      </Suspense>
    </div>
  );
}
