import { VenueMoved } from './ledger-contract.js';

/** Whether a job failed because its venue service had closed, itself or behind a wrapper (a venue's AfterEngine). */
export function movedAway(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof VenueMoved) return true;
  return false;
}

/**
 * A committed batch's answers, run once: on the tick after `sent` (called right after the next
 * statement was handed to the database, and on the paths that end a batch without one), or at
 * `flush`, whichever comes first.
 */
export function afterSent(deliver: (() => void) | null): { sent: () => void; flush: () => void } {
  let pending = deliver;
  const flush = () => {
    const run = pending;
    pending = null;
    run?.();
  };
  return { sent: () => pending && process.nextTick(flush), flush };
}

/**
 * PostgreSQL refused the statement, so it rolled back whole: a broken constraint (a balance another
 * process lowered meanwhile), a deadlock or a serialization failure. Anything else, a lost
 * connection say, may have committed.
 */
export function refusedByDatabase(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('23') || code.startsWith('40'));
}
