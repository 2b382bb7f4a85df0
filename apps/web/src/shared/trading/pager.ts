import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Page numbers to show, at most `max` of them, with 'gap' where numbers are skipped. */
export type PagerItem = number | 'gap-start' | 'gap-end';

export const MAX_PAGE_NUMBERS = 5;

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Up to 5 consecutive numbers around the current page, with ellipses toward pages left out. */
export function pagerItems(current: number, pages: number, max = MAX_PAGE_NUMBERS): PagerItem[] {
  const count = Math.min(max, pages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), pages - count + 1);
  const numbers: PagerItem[] = Array.from({ length: count }, (_, i) => start + i);
  if (start > 1) numbers.unshift('gap-start');
  if (start + count - 1 < pages) numbers.push('gap-end');
  return numbers;
}

/** 'Showing a-b of n orders' (spec 1 §9). */
export function showingText(page: number, size: number, total: number): MessageDescriptor {
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(page * size, total);
  return msg`Showing ${first}-${last} of ${total} orders`;
}
