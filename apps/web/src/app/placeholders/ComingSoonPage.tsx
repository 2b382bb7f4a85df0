import { Link, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ComingSoonArt } from '../../shared/coming-soon/ComingSoonArt';
import { comingSoonCopy } from '../../shared/coming-soon/copy';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { titleFromPath } from './titleFromPath';
// Its styles (ComingSoon.css) come with the entry's (ComingSoonProvider): imported here too, they
// became a second render-blocking stylesheet on every page.

/** Stand-in for every route whose page belongs to a later issue. */
export default function ComingSoonPage() {
  const { i18n } = useLingui();
  usePageTitle(titleFromPath(useLocation().pathname) || i18n._(comingSoonCopy.headline));
  return (
    <section className="coming-soon container">
      <ComingSoonArt size={140} />
      <h1 className="coming-soon__headline">{i18n._(comingSoonCopy.headline)}</h1>
      <p className="coming-soon__body">{i18n._(comingSoonCopy.body)}</p>
      <Link to="/" className="btn btn-primary">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}
