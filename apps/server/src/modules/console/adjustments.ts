import { randomUUID } from 'node:crypto';
import {
  ADJUSTMENT_KIND,
  adjustmentMessages as messages,
  apiErrorCodes,
  type AdjustmentDirection,
  type AdjustmentStatus,
  type AdjustmentWallet,
  type AdminAdjustmentRow,
  type UserNotification,
} from '@exchange/contract';
import { recordAudit } from '../../audit/audit-log.js';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { normalize, parsePositiveAmount } from '../../ledger/amounts.js';
import type { Ledger } from '../../ledger/ledger.js';
import { accountRef } from '../../ledger/postings.js';
import { withinMaximum } from '../../shared/asset-limits.js';
import { coinBySymbol, QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import { emailsOf, userBrief } from '../accounts/index.js';
import { recordNotification, type RowEvents } from '../notifications/index.js';
import type { Operator } from './guard.js';

/** The counter-account of every adjustment: minus what approved adjustments gave users, per asset. */
export const ADJUSTMENTS_OWNER = 'system:adjustments';

export interface AdjustmentInput {
  userId: string;
  asset: string;
  wallet: AdjustmentWallet;
  direction: AdjustmentDirection;
  amount: string;
  reason: string;
}

/** Who acts, from where and when, as the audit log keeps it. */
export interface AdjustmentActor {
  operator: Operator;
  at: Date;
  address: string | null;
}

interface Stored {
  id: string;
  user_id: string;
  asset: string;
  wallet: AdjustmentWallet;
  direction: AdjustmentDirection;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  proposed_by: string;
  proposed_by_email: string;
  proposed_at: Date | string;
  decided_by: string | null;
  decided_by_email: string | null;
  decided_at: Date | string | null;
  decision_reason: string | null;
  transaction_id: string | null;
}

const COLUMNS = `id::text, user_id::text, asset, wallet, direction, amount::text, reason, status, proposed_by::text, proposed_by_email,
  proposed_at, decided_by::text, decided_by_email, decided_at, decision_reason, transaction_id::text`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function rowOf(s: Stored, email: string): AdminAdjustmentRow {
  return {
    id: s.id,
    user_id: s.user_id,
    email,
    asset: s.asset,
    wallet: s.wallet,
    direction: s.direction,
    amount: normalize(s.amount),
    reason: s.reason,
    status: s.status,
    proposed_by: s.proposed_by_email,
    proposed_at: iso(s.proposed_at) as string,
    decided_by: s.decided_by_email,
    decided_at: iso(s.decided_at),
    decision_reason: s.decision_reason,
    transaction_id: s.transaction_id,
  };
}

async function rowsOf(q: Queryable, list: readonly Stored[]): Promise<AdminAdjustmentRow[]> {
  const emails = await emailsOf(q, [...new Set(list.map((s) => s.user_id))]);
  return list.map((s) => rowOf(s, emails.get(s.user_id) ?? ''));
}

/** A page of adjustments: of one status, or all with the pending ones first; newest first within. */
export async function listAdjustments(q: Queryable, status: AdjustmentStatus | undefined, limit: number, offset: number): Promise<AdminAdjustmentRow[]> {
  const res = await q.query<Stored>(
    `SELECT ${COLUMNS} FROM ledger_adjustments WHERE ($1::text IS NULL OR status = $1)
     ORDER BY (status = 'pending') DESC, proposed_at DESC, id LIMIT $2 OFFSET $3`,
    [status ?? null, limit, offset],
  );
  return rowsOf(q, res.rows);
}

export async function adjustmentById(q: Queryable, id: string): Promise<AdminAdjustmentRow | null> {
  const res = await q.query<Stored>(`SELECT ${COLUMNS} FROM ledger_adjustments WHERE id = $1`, [id]);
  const [row] = await rowsOf(q, res.rows);
  return row ?? null;
}

const audited = (s: Pick<Stored, 'user_id' | 'asset' | 'wallet' | 'direction' | 'amount'>, status: AdjustmentStatus) => ({
  status,
  user_id: s.user_id,
  asset: s.asset,
  wallet: s.wallet,
  direction: s.direction,
  amount: normalize(s.amount),
});

/** Refuses what cannot be booked before anyone is asked to approve it: an unknown asset, an amount out of bounds, one's own account. */
async function checkedProposal(q: Queryable, input: AdjustmentInput, operator: Operator): Promise<{ asset: string; amount: string }> {
  const asset = input.asset.toUpperCase();
  if (asset !== QUOTE_ASSET && !coinBySymbol(asset)) throw new AppError(400, messages.unknownAsset, 'UNKNOWN_ASSET');
  const amount = parsePositiveAmount(input.amount);
  if (!amount) throw new AppError(400, messages.badAmount, 'INVALID_AMOUNT');
  withinMaximum(amount, asset);
  if (input.userId === operator.userId) throw new AppError(403, messages.ownAccount, apiErrorCodes.forbidden);
  if (!(await userBrief(q, input.userId))) throw new AppError(404, 'No user has this id', 'USER_NOT_FOUND');
  return { asset, amount: amount.toFixed() };
}

/** Records a proposal and its audit row in one transaction; nothing moves until another operator approves. */
export async function proposeAdjustment(db: Database, input: AdjustmentInput, by: AdjustmentActor): Promise<AdminAdjustmentRow> {
  const id = randomUUID();
  await db.tx(async (q) => {
    const { asset, amount } = await checkedProposal(q, input, by.operator);
    await q.query(
      `INSERT INTO ledger_adjustments (id, user_id, asset, wallet, direction, amount, reason, status, proposed_by, proposed_by_email, proposed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10)`,
      [id, input.userId, asset, input.wallet, input.direction, amount, input.reason, by.operator.userId, by.operator.email, by.at],
    );
    const stored = { user_id: input.userId, asset, wallet: input.wallet, direction: input.direction, amount };
    await recordAudit(q, { ...actor(by), action: 'adjustments.propose', target: `adjustment:${id}`, before: null, after: audited(stored, 'pending'), reason: input.reason });
  });
  return (await adjustmentById(db, id)) as AdminAdjustmentRow;
}

const actor = (by: AdjustmentActor) => ({ at: by.at, operator: by.operator.email, role: by.operator.actingRole, address: by.address });

/** The adjustment, locked for the decision: a second decision waits for the first and then finds it decided. */
async function pendingForDecision(q: Queryable, id: string): Promise<Stored> {
  const res = await q.query<Stored>(`SELECT ${COLUMNS} FROM ledger_adjustments WHERE id = $1 FOR UPDATE`, [id]);
  const found = res.rows[0];
  if (!found) throw new AppError(404, messages.notFound, 'NOT_FOUND');
  if (found.status !== 'pending') throw new AppError(409, messages.notPending, 'NOT_PENDING');
  return found;
}

/**
 * The second operator's approval: books the adjustment through the ledger against system:adjustments,
 * marks it approved and writes the audit row, all in one transaction. A debit the user's balance
 * cannot pay is refused (409) and leaves nothing behind.
 */
export async function approveAdjustment(db: Database, ledger: Ledger, id: string, by: AdjustmentActor, notifications: Pick<RowEvents<UserNotification>, 'emit'>): Promise<AdminAdjustmentRow> {
  const told = await db.tx(async (q) => {
    const found = await pendingForDecision(q, id);
    if (found.proposed_by === by.operator.userId) throw new AppError(403, messages.ownApproval, apiErrorCodes.forbidden);
    if (found.user_id === by.operator.userId) throw new AppError(403, messages.ownAccount, apiErrorCodes.forbidden);
    const amount = new Dec(found.amount);
    if (found.direction === 'debit') {
      // The row lock keeps the ledger's own writes to this account waiting until we commit.
      const res = await q.query<{ available: string }>(
        'SELECT available::text AS available FROM ledger_accounts WHERE owner = $1 AND asset = $2 AND wallet = $3 FOR UPDATE',
        [found.user_id, found.asset, found.wallet],
      );
      const available = new Dec(res.rows[0]?.available ?? '0');
      if (available.lt(amount)) {
        throw new AppError(409, messages.insufficient(normalize(available), found.asset, found.wallet, normalize(amount)), 'INSUFFICIENT_BALANCE');
      }
    }
    const toUser = found.direction === 'credit' ? amount : amount.neg();
    const transactionId = await ledger.postNow(q, (b) =>
      b.post({
        kind: ADJUSTMENT_KIND,
        userId: found.user_id,
        ref: found.id,
        legs: [
          { account: accountRef(found.user_id, found.asset, found.wallet), amount: toUser },
          { account: accountRef(ADJUSTMENTS_OWNER, found.asset, found.wallet), amount: toUser.neg() },
        ],
      }),
    );
    await q.query(
      `UPDATE ledger_adjustments SET status = 'approved', decided_by = $2, decided_by_email = $3, decided_at = $4, transaction_id = $5 WHERE id = $1`,
      [found.id, by.operator.userId, by.operator.email, by.at, transactionId],
    );
    await recordAudit(q, { ...actor(by), action: 'adjustments.approve', target: `adjustment:${found.id}`, before: audited(found, 'pending'), after: { ...audited(found, 'approved'), transaction_id: transactionId }, reason: found.reason });
    // Kept with the booking, so a user is never told of an adjustment that rolled back.
    return recordNotification(q, {
      userId: found.user_id,
      at: by.at,
      dedupeKey: `adjustment:${found.id}`,
      body: { code: 'adjustment_booked', params: { asset: found.asset, wallet: found.wallet, direction: found.direction, amount: normalize(amount), reason: found.reason } },
    });
  });
  for (const { userId, row } of told) notifications.emit(userId, () => row);
  return (await adjustmentById(db, id)) as AdminAdjustmentRow;
}

/** Refuses a pending adjustment (another operator) or withdraws it (its proposer), with a reason; nothing is booked. */
export async function rejectAdjustment(db: Database, id: string, reason: string, by: AdjustmentActor): Promise<AdminAdjustmentRow> {
  await db.tx(async (q) => {
    const found = await pendingForDecision(q, id);
    const status: AdjustmentStatus = found.proposed_by === by.operator.userId ? 'cancelled' : 'rejected';
    await q.query(
      `UPDATE ledger_adjustments SET status = $2, decided_by = $3, decided_by_email = $4, decided_at = $5, decision_reason = $6 WHERE id = $1`,
      [found.id, status, by.operator.userId, by.operator.email, by.at, reason],
    );
    const action = status === 'cancelled' ? 'adjustments.cancel' : 'adjustments.reject';
    await recordAudit(q, { ...actor(by), action, target: `adjustment:${found.id}`, before: audited(found, 'pending'), after: audited(found, status), reason });
  });
  return (await adjustmentById(db, id)) as AdminAdjustmentRow;
}

/** The reason of each booked adjustment among the journal transactions, for the user's history. */
export async function adjustmentNotes(q: Queryable, transactionIds: readonly string[]): Promise<Map<string, string>> {
  if (transactionIds.length === 0) return new Map();
  const res = await q.query<{ transaction_id: string; reason: string }>(
    `SELECT transaction_id::text AS transaction_id, reason FROM ledger_adjustments WHERE transaction_id = ANY($1::uuid[])`,
    [transactionIds as string[]],
  );
  return new Map(res.rows.map((r) => [r.transaction_id, r.reason]));
}
