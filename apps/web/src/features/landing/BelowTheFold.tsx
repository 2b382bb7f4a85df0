import type { VisitorState } from './visitorState';
import { GetStarted } from './sections/GetStarted';
import { Services } from './sections/Services';
import { News } from './sections/News';
import { Faq } from './faq/Faq';
import { BottomBanner } from './sections/BottomBanner';

/** The landing page's sections under the first screen: steps, services, news, FAQ and the closing banner, loaded after the page. */
export default function BelowTheFold({ state }: { state: VisitorState }) {
  return (
    <>
      <GetStarted />
      <Services />
      <News />
      <Faq />
      <BottomBanner state={state} />
    </>
  );
}
