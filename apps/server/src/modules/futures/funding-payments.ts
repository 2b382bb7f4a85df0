import type { Migration } from '../../db/migrations.js';
import { jsonRows, type RecordWriter } from '../../ledger/records.js';

/** One position's share of one funding time: `amount` received above zero, paid below. */
export interface FundingPaymentRow {
  positionId: string;
  userId: string;
  instId: string;
  side: 'long' | 'short';
  fundingTime: number;
  rate: string;
  mark: string;
  qty: string;
  amount: string;
}

/**
 * Version 38 (issue 41): each position's funding payment, written in the statement that pays it, so
 * the Funding history shows what a position paid or received at each funding time (the position row
 * keeps only the sum).
 */
export const fundingPaymentsMigration: Migration = {
  version: 38,
  name: 'futures funding payments per position',
  statements: [
    `CREATE TABLE futures_funding_payments (
      id bigserial PRIMARY KEY,
      position_id text NOT NULL,
      user_id uuid NOT NULL,
      inst_id text NOT NULL,
      side text NOT NULL CHECK (side IN ('long', 'short')),
      funding_time bigint NOT NULL,
      rate numeric(36, 18) NOT NULL,
      mark numeric(36, 18) NOT NULL,
      qty numeric(36, 18) NOT NULL,
      amount numeric(36, 18) NOT NULL,
      UNIQUE (position_id, funding_time)
    )`,
    `CREATE INDEX futures_funding_payments_user ON futures_funding_payments (user_id, id DESC)`,
  ],
};

export const fundingPaymentsWriter: RecordWriter<FundingPaymentRow> = {
  name: 'futures_funding_payments',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_funding_payments (position_id, user_id, inst_id, side, funding_time, rate, mark, qty, amount)
  SELECT position_id, user_id, inst_id, side, funding_time, rate, mark, qty, amount FROM json_to_recordset($${n}::json)
    AS r(position_id text, user_id uuid, inst_id text, side text, funding_time bigint, rate numeric, mark numeric, qty numeric, amount numeric)`,
  params: (rows) => [
    jsonRows(
      rows.map((r) => ({
        position_id: r.positionId,
        user_id: r.userId,
        inst_id: r.instId,
        side: r.side,
        funding_time: r.fundingTime,
        rate: r.rate,
        mark: r.mark,
        qty: r.qty,
        amount: r.amount,
      })),
    ),
  ],
};
