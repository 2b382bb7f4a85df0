import { jsonRows, type RecordWriter } from '../../ledger/records.js';

export interface ConversionRow {
  id: string;
  userId: string;
  from: string;
  to: string;
  amount: string;
  converted: string;
  rate: string;
  quoteId: string | null;
  createdAt: Date;
}

/** A conversion, in the statement that moves its money. */
export const conversionsWriter: RecordWriter<ConversionRow> = {
  name: 'conversions',
  paramCount: 1,
  sql: (n) => `INSERT INTO conversions (id, user_id, convert_from, convert_to, amount, converted_amount, rate, quote_id, created_at)
  SELECT id, user_id, convert_from, convert_to, amount, converted_amount, rate, quote_id, created_at
  FROM json_to_recordset($${n}::json) AS c(id uuid, user_id uuid, convert_from text, convert_to text, amount numeric,
    converted_amount numeric, rate numeric, quote_id text, created_at timestamptz)`,
  params: (rows) => [
    jsonRows(
      rows.map((c) => ({
        id: c.id,
        user_id: c.userId,
        convert_from: c.from,
        convert_to: c.to,
        amount: c.amount,
        converted_amount: c.converted,
        rate: c.rate,
        quote_id: c.quoteId,
        created_at: c.createdAt.toISOString(),
      })),
    ),
  ],
};
