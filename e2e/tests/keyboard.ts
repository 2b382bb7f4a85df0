import type { Locator, Page } from '@playwright/test';

/** True when `target` is the focused element. */
export async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

interface TabOptions {
  /** Presses before giving up. */
  limit?: number;
  /** Shift+Tab instead of Tab. */
  backwards?: boolean;
}

/** Presses Tab (or Shift+Tab) until `target` has the focus and returns how many presses it took. */
export async function tabTo(page: Page, target: Locator, { limit = 80, backwards = false }: TabOptions = {}): Promise<number> {
  await target.waitFor({ state: 'attached' });
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return presses;
  }
  throw new Error(`${String(target)} was not reached in ${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}
