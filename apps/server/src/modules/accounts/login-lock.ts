import type { LoginFailureCounts } from './queries.js';

export type LoginLock =
  /** Too many failures from this client: refused until the window moves on. */
  | { kind: 'this-client'; retryAfterSeconds: number }
  /** The email is over the limit, not through this client: the right password also needs a mailed code. */
  | { kind: 'other-clients' }
  | { kind: 'open' };

/**
 * Failures count per email and per (email, client address), so a stranger who fails on an address
 * locks himself out, not its owner: the owner gets in with the password and a code sent to the address.
 */
export function loginLock(counts: LoginFailureCounts, max: number, windowMs: number, nowMs: number): LoginLock {
  if (max <= 0) return { kind: 'open' };
  if (counts.fromClient >= max) {
    const retryMs = counts.clientOldest ? new Date(counts.clientOldest).getTime() + windowMs - nowMs : windowMs;
    return { kind: 'this-client', retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)) };
  }
  return counts.total >= max ? { kind: 'other-clients' } : { kind: 'open' };
}
