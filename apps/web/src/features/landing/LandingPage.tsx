import { useSession } from '../../shared/session/useSession';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { visitorStateOf } from './visitorState';
import { Hero } from './hero/Hero';
import { MarketsSlot } from './MarketsSlot';
import { GetStarted } from './sections/GetStarted';
import { Services } from './sections/Services';
import { News } from './sections/News';
import { Faq } from './faq/Faq';
import { BottomBanner } from './sections/BottomBanner';
import './Landing.css';

export default function LandingPage() {
  const session = useSession();
  const state = visitorStateOf(session);
  usePageTitle('Global Crypto Derivatives Exchange');
  return (
    <div className="landing">
      <Hero state={state} email={session?.email ?? null} />
      <MarketsSlot />
      <GetStarted />
      <Services />
      <News />
      <Faq />
      <BottomBanner state={state} />
    </div>
  );
}
