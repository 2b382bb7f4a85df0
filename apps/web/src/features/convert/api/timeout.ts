/** Thrown by `withTimeout` when the call ran past its limit (spec 2 §7's timeouts). */
export class TimeoutError extends Error {
  constructor() {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for developers: pages word a timeout themselves
    super('Request timed out');
    this.name = 'TimeoutError';
  }
}

/**
 * Runs `call` with a signal that aborts when `signal` does or after `ms`; a call cut off by the
 * limit rejects with TimeoutError, so the page can tell a timeout from the user leaving.
 */
export async function withTimeout<T>(ms: number, signal: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward);
  try {
    return await call(controller.signal);
  } catch (error) {
    if (timedOut) throw new TimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}
