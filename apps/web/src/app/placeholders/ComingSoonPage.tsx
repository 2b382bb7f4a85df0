import { Link, useLocation } from 'react-router';
import { ComingSoonArt } from '../../shared/coming-soon/ComingSoonArt';
import { comingSoonCopy } from '../../shared/coming-soon/copy';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { titleFromPath } from './titleFromPath';
import '../../shared/coming-soon/ComingSoon.css';

/** Stand-in for every route whose page belongs to a later issue. */
export default function ComingSoonPage() {
  usePageTitle(titleFromPath(useLocation().pathname));
  return (
    <section className="coming-soon container">
      <ComingSoonArt size={140} />
      <h1 className="coming-soon__headline">{comingSoonCopy.headline}</h1>
      <p className="coming-soon__body">{comingSoonCopy.body}</p>
      <Link to="/" className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
