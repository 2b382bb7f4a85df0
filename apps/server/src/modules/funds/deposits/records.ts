import type { DepositWallet } from '@exchange/contract';
import { jsonRows, type RecordWriter } from '../../../ledger/records.js';

export interface CreditedRow {
  id: string;
  confirmations: number;
  wallet: DepositWallet;
  at: Date;
}

/** A deposit marked credited in the statement that credits it: it cannot be credited and stay unmarked, or the reverse. */
export const depositCreditedWriter: RecordWriter<CreditedRow> = {
  name: 'deposits_credited',
  paramCount: 1,
  sql: (n) => `UPDATE deposits d SET status = 'credited', confirmations = c.confirmations, credited_at = c.at,
    credited_wallet = c.wallet
  FROM json_to_recordset($${n}::json) AS c(id uuid, confirmations integer, wallet text, at timestamptz)
  WHERE d.id = c.id`,
  params: (rows) => [jsonRows(rows.map((r) => ({ id: r.id, confirmations: r.confirmations, wallet: r.wallet, at: r.at.toISOString() })))],
};
