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
  status: 'prepared' | 'review' | 'completed';
  holdId: string | null;
  createdAt: Date;
}

/** A withdrawal is stored in the statement that holds its amount (or, internal, pays it): never one without the other. */
export const withdrawalsInsertWriter: RecordWriter<NewWithdrawalRow> = {
  name: 'withdrawals_insert',
  paramCount: 1,
  sql: (n) => `INSERT INTO withdrawals (id, user_id, kind, source, symbol, network_id, address, memo, recipient_id, amount, fee,
    value_usdt, status, hold_id, created_at, updated_at)
  SELECT id, user_id, kind, source, symbol, network_id, address, memo, recipient_id, amount, fee, value_usdt, status, hold_id,
    created_at, created_at
  FROM json_to_recordset($${n}::json) AS w(id uuid, user_id uuid, kind text, source text, symbol text, network_id integer,
    address text, memo text, recipient_id uuid, amount numeric, fee numeric, value_usdt numeric, status text, hold_id uuid,
    created_at timestamptz)`,
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
        hold_id: w.holdId,
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
