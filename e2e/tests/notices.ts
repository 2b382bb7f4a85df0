import { expect, type Page } from '@playwright/test';

/** The most texts a page keeps: a page whose status lines churn must not grow the record without end. */
const KEPT = 200;

interface Recorded {
  e2eNotices?: string[];
}

/**
 * Has every page `page` opens from now on record each text a `role="status"` element shows. A trade's
 * notice lives 5 s (spec 1 §4); on a loaded CI machine, where the whole test ran 3 to 5 times slower,
 * one was not seen within 15 s (spot-figures.spec, 2026-11-30). The page itself keeps what it showed,
 * so a look that comes late still finds it, and one that finds nothing says what was shown instead.
 */
export async function recordNotices(page: Page): Promise<void> {
  await page.addInitScript((kept) => {
    const seen: string[] = [];
    // A notice is a new element each time (its key changes), so the same words shown twice count twice.
    const shown = new WeakMap<Element, string>();
    (window as Recorded).e2eNotices = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = (status.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text === '' || shown.get(status) === text) continue;
        shown.set(status, text);
        seen.push(text);
        if (seen.length > kept) seen.shift();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, KEPT);
}

/** A notice's exact words as a pattern. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Waits for a notice matching `wanted` (a string: exactly those words) among those recorded since
 * `recordNotices`, and takes it off the record, so that the next call waits for a notice of its own;
 * a failure lists what was shown instead.
 */
export async function expectNotice(page: Page, wanted: RegExp | string): Promise<void> {
  const pattern = typeof wanted === 'string' ? exactly(wanted) : wanted;
  // What the last look found besides a match; null when the page keeps no record.
  const last: { shown: string[] | null } = { shown: null };
  const take = async () => {
    const record = await page.evaluate(
      ([source, flags]) => {
        const seen = (window as Recorded).e2eNotices;
        if (!seen) return { notice: null, shown: null };
        const match = new RegExp(source, flags);
        const at = seen.findIndex((text) => match.test(text));
        return { notice: at < 0 ? null : (seen.splice(at, 1)[0] as string), shown: [...seen] };
      },
      [pattern.source, pattern.flags] as const,
    );
    last.shown = record.shown;
    return record.notice;
  };
  try {
    await expect.poll(take).not.toBeNull();
  } catch (error) {
    const { shown } = last;
    const what = shown === null ? 'nothing it recorded (recordNotices was not called before it opened)' : shown.length > 0 ? shown.join(' | ') : 'none';
    throw new Error(`no notice matched ${String(pattern)}; the page showed: ${what}`, { cause: error });
  }
}
