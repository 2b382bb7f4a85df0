import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { ensureAccount, type AccountKey } from './accounts.js';
import { parsePositiveAmount } from './amounts.js';
import { InsufficientBalanceError, LedgerInputError } from './errors.js';

export interface HoldInput {
  account: AccountKey;
  amount: string;
  /** Why the money is held: 'order', 'withdrawal', 'margin'... */
  reason: string;
  ref?: string | null;
}

/**
 * Moves amount from available to locked and records the hold. No journal entry: the account's
 * total (available + locked) is unchanged. Spend it with a `book` leg carrying its holdId.
 */
export async function placeHold(q: Queryable, input: HoldInput): Promise<string> {
  const amount = parsePositiveAmount(input.amount);
  if (!amount) throw new LedgerInputError(`Invalid hold amount ${input.amount}`);
  const accountId = await ensureAccount(q, input.account);
  const res = await q.query(
    `UPDATE ledger_accounts SET available = available - $2, locked = locked + $2
     WHERE id = $1 AND available >= $2 RETURNING id`,
    [accountId, amount.toFixed()],
  );
  if (res.rowCount === 0) throw new InsufficientBalanceError();
  const id = randomUUID();
  await q.query(`INSERT INTO holds (id, account_id, amount, reason, ref, status) VALUES ($1, $2, $3, $4, $5, 'live')`, [
    id,
    accountId,
    amount.toFixed(),
    input.reason,
    input.ref ?? null,
  ]);
  return id;
}

/** Gives what is left of a live hold back to available. Returns false when the hold is not live. */
export async function releaseHold(q: Queryable, holdId: string): Promise<boolean> {
  const hold = await q.query<{ account_id: string; amount: string }>(
    `UPDATE holds SET status = 'released', updated_at = now()
     WHERE id = $1 AND status = 'live' RETURNING account_id, amount::text AS amount`,
    [holdId],
  );
  const row = hold.rows[0];
  if (!row) return false;
  await q.query('UPDATE ledger_accounts SET available = available + $2, locked = locked - $2 WHERE id = $1', [
    row.account_id,
    row.amount,
  ]);
  return true;
}
