import { Link } from 'react-router';
import { ComingSoonArt } from '../../shared/coming-soon/ComingSoonArt';
import { comingSoonCopy } from '../../shared/coming-soon/copy';
import '../../shared/coming-soon/ComingSoon.css';

/** Stand-in for every route whose page belongs to a later issue. */
export default function ComingSoonPage() {
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
