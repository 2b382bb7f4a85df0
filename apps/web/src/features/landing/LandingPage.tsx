import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSession } from '../../shared/session/useSession';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { visitorStateOf } from './visitorState';
import { useVerificationRefresh } from './useVerificationRefresh';
import { Hero } from './hero/Hero';
import { MarketsSlot } from './MarketsSlot';
import './Landing.css';

// Below the fold: the steps, services, news, FAQ and banner arrive after the page, as the footer does, to keep the landing budget.
const BelowTheFold = lazy(() => import('./BelowTheFold'));

export default function LandingPage() {
  const session = useSession();
  const state = visitorStateOf(session);
  useVerificationRefresh(session?.userId || null, state === 'pending');
  const { t } = useLingui();
  usePageTitle(t`Global Crypto Derivatives Exchange`);
  return (
    <div className="landing">
      <Hero state={state} email={session?.email ?? null} />
      <MarketsSlot />
      <Suspense fallback={null}>
        <BelowTheFold state={state} />
      </Suspense>
    </div>
  );
}
