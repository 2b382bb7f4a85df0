import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import './Placeholders.css';

/**
 * Shown when a route throws, typically a page chunk that failed to load after a new
 * deploy; a full reload fetches the current chunks.
 */
export function RouteErrorPage() {
  const { t } = useLingui();
  usePageTitle(t`Something went wrong`);
  return (
    <section className="placeholder placeholder--center container">
      <h1>
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="muted">
        <Trans>This page could not be loaded. Check your connection and try again.</Trans>
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        <Trans>Reload page</Trans>
      </button>
    </section>
  );
}
