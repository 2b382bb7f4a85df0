import type { Migration } from '../../db/migrations.js';

/** Conversions (issue 15): the business record of each one; the money is in the journal (kind `conversion`). */
const conversionsTable: Migration = {
  version: 12,
  name: 'conversions',
  statements: [
    `CREATE TABLE conversions (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL,
      user_id uuid NOT NULL,
      convert_from text NOT NULL,
      convert_to text NOT NULL,
      amount numeric(36, 18) NOT NULL,
      converted_amount numeric(36, 18) NOT NULL,
      rate numeric(36, 18) NOT NULL,
      quote_id text,
      created_at timestamptz NOT NULL
    )`,
    `CREATE INDEX conversions_user ON conversions (user_id, seq DESC)`,
  ],
};

export const convertMigrations: Migration[] = [conversionsTable];
