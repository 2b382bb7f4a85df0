import type { VisitorState } from './visitorState';
import { News } from './sections/News';
import { Faq } from './faq/Faq';
import { BottomBanner } from './sections/BottomBanner';

/** The landing page's sections under the first screens: news, FAQ and the closing banner, loaded after the page. */
export default function BelowTheFold({ state }: { state: VisitorState }) {
  return (
    <>
      <News />
      <Faq />
      <BottomBanner state={state} />
    </>
  );
}
