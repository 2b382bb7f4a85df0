import DOMPurify from 'dompurify';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

interface SafeHtmlProps {
  html: string;
  className?: string;
}

/**
 * HTML from the server's content files, sanitised here as well: the server already escapes raw
 * HTML, but nothing reaches the page without passing DOMPurify. Links to this site's own paths
 * navigate inside the app instead of reloading it.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const navigate = useNavigate();
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  const followInside = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || anchor?.target) return;
    event.preventDefault();
    navigate(href);
  };
  // Keyboard activation of a link is a click too, so this also routes Enter on a focused link.
  return <div className={className} onClick={followInside} dangerouslySetInnerHTML={{ __html: clean }} />;
}
