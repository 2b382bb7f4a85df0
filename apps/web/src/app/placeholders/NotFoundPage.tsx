import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import './Placeholders.css';

export default function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  return (
    <section className="placeholder placeholder--center container">
      <p className="placeholder__code" aria-hidden>
        404
      </p>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p className="muted">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link to="/" className="btn btn-primary">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}
