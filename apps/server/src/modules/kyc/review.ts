import type { Database, Queryable } from '../../db/database.js';
import { recordNotification } from '../notifications/index.js';
import { closeSubmission, lockFrozen, lockPendingSubmission, pendingSince, setIdentityStatus } from './queries.js';

export interface ReviewOptions {
  /** Who decided: 'operator' (the admin command) or 'auto' (the embedded default's approval). */
  by: string;
  at: Date;
  /** More work of the caller's that commits with the decision or not at all: the console's audit row. */
  alsoIn?: (q: Queryable) => Promise<void>;
  /**
   * The automatic approval's: a frozen account's submission is left to an operator. A freeze says an
   * operator is looking at the account (a reported takeover, a compliance question), and a demo
   * reviewer passing its identity meanwhile would undo that look.
   */
  unlessFrozen?: boolean;
}

/** Approves the user's pending submission: identity_status becomes 'true'. False when none was pending. */
export async function approveSubmission(db: Database, userId: string, { by, at, alsoIn, unlessFrozen }: ReviewOptions): Promise<boolean> {
  return db.tx(async (q) => {
    // Under the user's row lock, so that a freeze made after the due list was read still counts.
    if (unlessFrozen && (await lockFrozen(q, userId))) return false;
    const pending = await lockPendingSubmission(q, userId);
    if (!pending) return false;
    await closeSubmission(q, pending.id, { status: 'approved', at, by, reason: null });
    await setIdentityStatus(q, userId, 'true');
    await recordNotification(q, { userId, at, body: { code: 'identity_approved', params: {} } });
    await alsoIn?.(q);
    return true;
  });
}

/**
 * Rejects the user's pending submission with a reason the user reads on the verification page;
 * identity_status goes back to 'false', so they can submit again. False when none was pending.
 */
export async function rejectSubmission(db: Database, userId: string, reason: string, { by, at, alsoIn }: ReviewOptions): Promise<boolean> {
  return db.tx(async (q) => {
    const pending = await lockPendingSubmission(q, userId);
    if (!pending) return false;
    await closeSubmission(q, pending.id, { status: 'rejected', at, by, reason });
    await setIdentityStatus(q, userId, 'false');
    await recordNotification(q, { userId, at, body: { code: 'identity_rejected', params: {} } });
    await alsoIn?.(q);
    return true;
  });
}

/** Approves every submission that has waited `delaySeconds` or longer, but a frozen account's; answers the users approved. */
export async function approveDue(db: Database, delaySeconds: number, now: Date, batch = 100): Promise<string[]> {
  const due = await pendingSince(db, new Date(now.getTime() - delaySeconds * 1000), batch);
  const approved: string[] = [];
  for (const userId of due) {
    if (await approveSubmission(db, userId, { by: 'auto', at: now, unlessFrozen: true })) approved.push(userId);
  }
  return approved;
}
