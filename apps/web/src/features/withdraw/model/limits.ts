import type { WithdrawLimitsResponse } from '@exchange/contract';

/** The lock after a password or email change holds until its time has passed. */
export function isLocked(lockedUntil: string | null, now = Date.now()): boolean {
  if (lockedUntil === null) return false;
  const until = Date.parse(lockedUntil);
  return Number.isFinite(until) && until > now;
}

/** Whether the account may withdraw at all now; unknown limits leave the decision to the server. */
export function withdrawalsBlocked(limits: WithdrawLimitsResponse | null, now = Date.now()): boolean {
  if (!limits) return false;
  return !limits.verified || isLocked(limits.locked_until, now);
}
