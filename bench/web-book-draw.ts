/// <reference lib="dom" />
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, MOBILE_SCREEN, type NetworkProfile } from './web-browser.js';

/** A row of either side of the spot order book (shared/trading/order-book/BookSide.tsx). */
const BOOK_ROW = '.ob-side .ob-row';
const TIMEOUT_MS = 60_000;

/**
 * Runs in the page before its own scripts: resolves with the time since navigation start of the
 * first animation frame that holds an order-book row, i.e. the frame that draws it. It watches the
 * DOM rather than a mark of the app's, so any build of the page can be measured the same way.
 */
function watchFirstBookRow(selector: string): void {
  const target = window as unknown as { bookDrawnAt: Promise<number> };
  target.bookDrawnAt = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now()));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
}

/**
 * Milliseconds from navigation start until the first order-book row of `url` is drawn, on a cold
 * cache and a phone-sized screen, with `profile`'s network and CPU slowdown applied through the
 * DevTools protocol.
 */
export async function bookDrawMs(browser: Browser, url: string, profile: NetworkProfile): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: MOBILE_SCREEN.width, height: MOBILE_SCREEN.height },
    deviceScaleFactor: MOBILE_SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: Math.floor((profile.downloadKbps * 1024) / 8),
      uploadThroughput: Math.floor((profile.uploadKbps * 1024) / 8),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    await page.addInitScript(watchFirstBookRow, BOOK_ROW);
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    return await page.evaluate(
      (timeout) =>
        Promise.race([
          (window as unknown as { bookDrawnAt: Promise<number> }).bookDrawnAt,
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no order-book row drawn')), timeout)),
        ]),
      TIMEOUT_MS,
    );
  } finally {
    await context.close();
  }
}
