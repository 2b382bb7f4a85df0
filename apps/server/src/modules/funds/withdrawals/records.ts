import { jsonRows, type RecordWriter } from '../../../ledger/records.js';

export type WithdrawalKind = 'onchain' | 'internal';
export type WithdrawalSource = 'funding' | 'spot';

export interface NewWithdrawalRow {
  id: string;
  userId: string;
  kind: WithdrawalKind;
  source: WithdrawalSource;
  symbol: string;
  networkId: number | null;
  address: string;
  memo: string | null;
  recipientId: string | null;
  amount: string;
  fee: string;
  valueUsdt: string;
  /**
   * A web withdrawal waits for its emailed code, holding nothing until it is confirmed; one made
   * with an API key (to an address the book confirmed) is stored held, with its hold.
   */
  status: 'unconfirmed' | 'prepared' | 'review';
  /** The hash of the code mailed to confirm it, and until when it may be confirmed; null for an API key's. */
  confirmCodeHash: string | null;
  confirmExpiresAt: Date | null;
  /** The hold of a withdrawal stored held. */
  holdId?: string;
  createdAt: Date;
}

/** A withdrawal is stored with its idempotency answer; it holds nothing until confirmed (confirmedWriter). */
export const withdrawalsInsertWriter: RecordWriter<NewWithdrawalRow> = {
  name: 'withdrawals_insert',
  paramCount: 1,
  sql: (n) => `INSERT INTO withdrawals (id, user_id, kind, source, symbol, network_id, address, memo, recipient_id, amount, fee,
    value_usdt, status, confirm_code_hash, confirm_mails, confirm_sent_at, confirm_expires_at, hold_id, created_at, updated_at)
  SELECT id, user_id, kind, source, symbol, network_id, address, memo, recipient_id, amount, fee, value_usdt, status,
    confirm_code_hash, CASE WHEN confirm_code_hash IS NULL THEN 0 ELSE 1 END, CASE WHEN confirm_code_hash IS NULL THEN NULL ELSE created_at END,
    confirm_expires_at, hold_id, created_at, created_at
  FROM json_to_recordset($${n}::json) AS w(id uuid, user_id uuid, kind text, source text, symbol text, network_id integer,
    address text, memo text, recipient_id uuid, amount numeric, fee numeric, value_usdt numeric, status text,
    confirm_code_hash text, confirm_expires_at timestamptz, hold_id uuid, created_at timestamptz)`,
  params: (rows) => [
    jsonRows(
      rows.map((w) => ({
        id: w.id,
        user_id: w.userId,
        kind: w.kind,
        source: w.source,
        symbol: w.symbol,
        network_id: w.networkId,
        address: w.address,
        memo: w.memo,
        recipient_id: w.recipientId,
        amount: w.amount,
        fee: w.fee,
        value_usdt: w.valueUsdt,
        status: w.status,
        confirm_code_hash: w.confirmCodeHash,
        confirm_expires_at: w.confirmExpiresAt?.toISOString() ?? null,
        hold_id: w.holdId ?? null,
        created_at: w.createdAt.toISOString(),
      })),
    ),
  ],
};

export interface SettledWithdrawalRow {
  id: string;
  status: 'completed' | 'failed' | 'rejected' | 'cancelled';
  confirmations: number | null;
  reason: string | null;
  at: Date;
}

/** The end of a withdrawal, written with the posting that pays it or the release of its hold. */
export const withdrawalsSettledWriter: RecordWriter<SettledWithdrawalRow> = {
  name: 'withdrawals_settled',
  paramCount: 1,
  sql: (n) => `UPDATE withdrawals w SET status = s.status, confirmations = COALESCE(s.confirmations, w.confirmations),
    reason = COALESCE(s.reason, w.reason), updated_at = s.at
  FROM json_to_recordset($${n}::json) AS s(id uuid, status text, confirmations integer, reason text, at timestamptz)
  WHERE w.id = s.id`,
  params: (rows) => [
    jsonRows(rows.map((s) => ({ id: s.id, status: s.status, confirmations: s.confirmations, reason: s.reason, at: s.at.toISOString() }))),
  ],
};

export interface ConfirmedWithdrawalRow {
  id: string;
  status: 'prepared' | 'review' | 'completed';
  holdId: string | null;
  valueUsdt: string;
  at: Date;
}

/**
 * A confirmed withdrawal, written with the hold of its amount (or, internal, the posting that pays
 * it): never one without the other. Only a withdrawal this process claimed gets here (confirm()).
 */
export const withdrawalsConfirmedWriter: RecordWriter<ConfirmedWithdrawalRow> = {
  name: 'withdrawals_confirmed',
  paramCount: 1,
  sql: (n) => `UPDATE withdrawals w SET status = c.status, hold_id = c.hold_id, value_usdt = c.value_usdt, updated_at = c.at
  FROM json_to_recordset($${n}::json) AS c(id uuid, status text, hold_id uuid, value_usdt numeric, at timestamptz)
  WHERE w.id = c.id`,
  params: (rows) => [
    jsonRows(rows.map((c) => ({ id: c.id, status: c.status, hold_id: c.holdId, value_usdt: c.valueUsdt, at: c.at.toISOString() }))),
  ],
};
