/** The first retry of a credit that failed comes after a second; each next one waits twice as long. */
const FIRST_RETRY_MS = 1_000;
/** A credit that keeps failing is tried again at least once an hour, so one fixed by the operator goes through. */
const LONGEST_WAIT_MS = 3_600_000;

/** When a deposit whose credit failed `attempts` times in a row is tried again. */
export function nextCreditAttempt(nowMs: number, attempts: number): number {
  const wait = FIRST_RETRY_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 30);
  return nowMs + Math.min(wait, LONGEST_WAIT_MS);
}
