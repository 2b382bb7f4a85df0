import { Link } from 'react-router';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import './Placeholders.css';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="placeholder placeholder--center container">
      <p className="placeholder__code" aria-hidden>
        404
      </p>
      <h1>Page not found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
