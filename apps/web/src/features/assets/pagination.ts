export const PAGE_SIZE = 10;
export const MAX_PAGE_BUTTONS = 5;

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Up to `max` consecutive page numbers, centred on the current page where possible. */
export function pageWindow(current: number, pages: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, pages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** The page number of a `?page=` query: a whole number from 1, else 1. */
export function pageFromQuery(text: string | null): number {
  const page = text !== null && /^\d{1,9}$/.test(text) ? Number(text) : 1;
  return Math.max(1, page);
}
