import { usePageTitle } from '../../shared/ui/usePageTitle';
import './Placeholders.css';

/**
 * Shown when a route throws, typically a page chunk that failed to load after a new
 * deploy; a full reload fetches the current chunks.
 */
export function RouteErrorPage() {
  usePageTitle('Something went wrong');
  return (
    <section className="placeholder placeholder--center container">
      <h1>Something went wrong</h1>
      <p className="muted">This page could not be loaded. Check your connection and try again.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload page
      </button>
    </section>
  );
}
