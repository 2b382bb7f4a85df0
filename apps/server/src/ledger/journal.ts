import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { Queryable } from '../db/database.js';
import { ensureAccount, type AccountKey } from './accounts.js';
import { AMOUNT_SCALE } from './amounts.js';
import { InsufficientBalanceError, LedgerInputError } from './errors.js';

/**
 * One side of a journal transaction. A positive amount credits the account's available balance,
 * a negative one debits it. With holdId, the (negative) amount is taken from that live hold, that
 * is from the account's locked balance.
 */
export interface Leg {
  account: AccountKey;
  amount: string;
  holdId?: string;
}

export interface JournalInput {
  /** What moved the money: 'transfer', 'demo_grant', later 'order_fill', 'conversion', 'withdrawal'... */
  kind: string;
  /** The user the transaction is about (shown in their history), if any. */
  userId?: string | null;
  /** Id of the business record (transfer id, order id...). */
  ref?: string | null;
  legs: Leg[];
}

interface ResolvedLeg {
  accountId: string;
  asset: string;
  amount: Decimal;
  holdId?: string;
}

function validate(input: JournalInput): void {
  if (input.legs.length < 2) throw new LedgerInputError('A journal transaction needs at least two legs');
  const sums = new Map<string, Decimal>();
  for (const leg of input.legs) {
    const amount = new Decimal(leg.amount);
    if (!amount.isFinite() || amount.isZero() || amount.decimalPlaces() > AMOUNT_SCALE) {
      throw new LedgerInputError(`Invalid leg amount ${leg.amount}`);
    }
    if (leg.holdId && amount.gt(0)) throw new LedgerInputError('A leg paid from a hold must be a debit');
    sums.set(leg.account.asset, (sums.get(leg.account.asset) ?? new Decimal(0)).plus(amount));
  }
  for (const [asset, sum] of sums) {
    if (!sum.isZero()) throw new LedgerInputError(`Journal legs of ${asset} sum to ${sum.toFixed()}, not zero`);
  }
}

async function applyLeg(q: Queryable, leg: ResolvedLeg): Promise<void> {
  const amount = leg.amount.toFixed();
  if (leg.holdId) {
    const taken = leg.amount.neg().toFixed();
    const hold = await q.query(
      `UPDATE holds SET amount = amount - $2,
         status = CASE WHEN amount - $2 = 0 THEN 'consumed' ELSE status END, updated_at = now()
       WHERE id = $1 AND account_id = $3 AND status = 'live' AND amount >= $2 RETURNING id`,
      [leg.holdId, taken, leg.accountId],
    );
    if (hold.rowCount === 0) throw new InsufficientBalanceError();
    await q.query('UPDATE ledger_accounts SET locked = locked - $2 WHERE id = $1', [leg.accountId, taken]);
    return;
  }
  // Conditional in the same statement: no read-then-write race between concurrent debits.
  const res = await q.query(
    `UPDATE ledger_accounts SET available = available + $2
     WHERE id = $1 AND (allow_negative OR available + $2 >= 0) RETURNING id`,
    [leg.accountId, amount],
  );
  if (res.rowCount === 0) throw new InsufficientBalanceError();
}

/**
 * Books one balanced journal transaction inside the caller's database transaction, so the caller
 * writes its business record (transfer, order, conversion...) in the same commit. Returns its id.
 */
export async function book(q: Queryable, input: JournalInput): Promise<string> {
  validate(input);
  const resolved: ResolvedLeg[] = [];
  for (const leg of input.legs) {
    resolved.push({
      accountId: await ensureAccount(q, leg.account),
      asset: leg.account.asset,
      amount: new Decimal(leg.amount),
      holdId: leg.holdId,
    });
  }
  // Row locks taken in one global order: two transactions over the same accounts cannot deadlock.
  for (const leg of [...resolved].sort((a, b) => a.accountId.localeCompare(b.accountId))) await applyLeg(q, leg);

  const id = randomUUID();
  await q.query('INSERT INTO journal_transactions (id, kind, user_id, ref) VALUES ($1, $2, $3, $4)', [
    id,
    input.kind,
    input.userId ?? null,
    input.ref ?? null,
  ]);
  for (const leg of resolved) {
    await q.query('INSERT INTO journal_entries (transaction_id, account_id, asset, amount) VALUES ($1, $2, $3, $4)', [
      id,
      leg.accountId,
      leg.asset,
      leg.amount.toFixed(),
    ]);
  }
  return id;
}
