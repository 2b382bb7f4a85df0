import { useEffect, useState } from 'react';
import { onPageTitle } from '../../shared/ui/usePageTitle';

/**
 * A polite live region that reads the new page's title after a client-side navigation, which a
 * screen reader would otherwise not notice. The first page and later title changes on the same
 * path (a live price) are not read.
 */
export function RouteAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let announcedPath = window.location.pathname;
    return onPageTitle(({ pathname, title }) => {
      if (pathname === announcedPath) return;
      announcedPath = pathname;
      setMessage(title);
    });
  }, []);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
