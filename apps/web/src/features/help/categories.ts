import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { HELP_CATEGORIES, type HelpCategory } from '@exchange/contract';

/** The sidebar's names of the help centre categories (the content itself is English). */
export const categoryLabels: Record<HelpCategory, MessageDescriptor> = {
  announcements: msg`All announcements`,
  'new-listings': msg`New listings`,
  futures: msg`Futures`,
  'product-updates': msg`Product updates`,
  maintenance: msg`Maintenance`,
  guides: msg`Futures guides`,
};

export const ANNOUNCEMENTS_PATH = '/help/category/announcements';

/** The list page of a category: the catch-all has no query. */
export function categoryPath(category: HelpCategory, page = 1): string {
  const params = new URLSearchParams();
  if (category !== 'announcements') params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${ANNOUNCEMENTS_PATH}?${query}` : ANNOUNCEMENTS_PATH;
}

/** A category named in the URL, or the catch-all for anything else. */
export function categoryFromQuery(value: string | null): HelpCategory {
  return HELP_CATEGORIES.find((c) => c === value) ?? 'announcements';
}

/** A page number from the URL: a whole number from 1, else 1. */
export function pageFromQuery(value: string | null): number {
  return value && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

/**
 * The page buttons around `current`: the first, the last, and the two on each side, with a gap
 * (null) where pages are left out: 1 … 4 5 6 7 8 … 20.
 */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].filter((p) => p >= 1).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous > 1) out.push(null);
    out.push(p);
  });
  return out;
}
