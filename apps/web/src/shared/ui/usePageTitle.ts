import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { BRAND } from './Logo';

export interface PageTitle {
  pathname: string;
  title: string;
}

const listeners = new Set<(page: PageTitle) => void>();

/** Calls `listener` with each title a page sets; returns the unsubscribe function. */
export function onPageTitle(listener: (page: PageTitle) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "Markets" becomes "Markets | Nexa"; the trading pages pass their pair and price first. */
export function fullTitle(...parts: string[]): string {
  return [...parts, BRAND].join(' | ');
}

/**
 * Gives the page its own document title, kept current while `parts` change (a live price), and
 * reports it with the route's path so the root layout can announce a new page to screen readers.
 */
export function usePageTitle(...parts: string[]): void {
  const { pathname } = useLocation();
  const title = fullTitle(...parts);
  useEffect(() => {
    document.title = title;
    for (const listener of listeners) listener({ pathname, title });
  }, [pathname, title]);
}
