import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

/**
 * The web project runs its files in shared workers (`isolate: false`, vite.config.ts): a worker keeps
 * its page environment and the libraries it imported from one file to the next, which was about half
 * of each file's time. What one file could leave for the next is reset here, first of the setup
 * files, so every file still starts as on a fresh page:
 * - the app's own modules are evaluated afresh for each file (their caches, stores and sockets);
 * - the timers the app's code started and left running are stopped when its file ends: an old
 *   module's poll would otherwise call the next file's stubbed fetch;
 * - what the page holds: storage, cookies, the address, the document's head, body and attributes;
 * - globals a file replaced and timers it left fake.
 */
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
window.history.replaceState(null, '', '/');
// A dialog's scroll lock leaves a style in the head and styles and data on the body.
for (const element of [document.documentElement, document.body]) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
}
document.head.innerHTML = '';
document.body.innerHTML = '';

type Timer = ReturnType<typeof setTimeout>;
interface AppTimers {
  timeouts: Set<Timer>;
  intervals: Set<Timer>;
}
const TIMERS = Symbol.for('exchange.web-test.app-timers');
const scope = globalThis as typeof globalThis & { [TIMERS]?: AppTimers };

/** Whether the code that asked for a timer is the app's or a test's (a library's own timers, React's scheduler among them, are left alone). */
function calledFromApp(): boolean {
  // Frames: this function, the wrapper, then the caller.
  const caller = new Error().stack?.split('\n')[3] ?? '';
  return !caller.includes('/node_modules/') && /\/apps\/web\/(src|test)\//.test(caller);
}

if (!scope[TIMERS]) {
  const timers: AppTimers = { timeouts: new Set(), intervals: new Set() };
  scope[TIMERS] = timers;
  const { setTimeout: realSetTimeout, setInterval: realSetInterval, clearTimeout: realClearTimeout, clearInterval: realClearInterval } = globalThis;
  globalThis.setTimeout = ((handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    if (!calledFromApp()) return realSetTimeout(handler, delay, ...args);
    const timer: Timer = realSetTimeout(
      (...given: unknown[]) => {
        timers.timeouts.delete(timer);
        handler(...given);
      },
      delay,
      ...args,
    );
    timers.timeouts.add(timer);
    return timer;
  }) as typeof setTimeout;
  globalThis.setInterval = ((handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    const timer = realSetInterval(handler, delay, ...args);
    if (calledFromApp()) timers.intervals.add(timer);
    return timer;
  }) as typeof setInterval;
  globalThis.clearTimeout = ((timer?: Timer) => {
    if (timer !== undefined) timers.timeouts.delete(timer);
    realClearTimeout(timer);
  }) as typeof clearTimeout;
  globalThis.clearInterval = ((timer?: Timer) => {
    if (timer !== undefined) timers.intervals.delete(timer);
    realClearInterval(timer);
  }) as typeof clearInterval;
}

// Each test's rendered trees are unmounted after it, as Testing Library does when its globals are on.
afterEach(() => cleanup());

afterAll(() => {
  const timers = scope[TIMERS];
  if (!timers) return;
  for (const timer of timers.timeouts) clearTimeout(timer);
  for (const timer of timers.intervals) clearInterval(timer);
});
