import type { DepositWallet } from '@exchange/contract';
import type { Migration } from '../../../db/migrations.js';
import type { Queryable } from '../../../db/database.js';

/**
 * Where a user's deposits are credited (issue 40): Funding unless they chose Spot. The deposit row
 * keeps the wallet its credit went to, so a later change of mind never rewrites the past.
 */
export const depositCreditWalletMigration: Migration = {
  version: 29,
  name: 'deposit credit wallet',
  statements: [
    `CREATE TABLE deposit_settings (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      credit_wallet text NOT NULL CHECK (credit_wallet IN ('funding', 'spot')),
      updated_at timestamptz NOT NULL
    )`,
    `ALTER TABLE deposits ADD COLUMN credited_wallet text CHECK (credited_wallet IN ('funding', 'spot'))`,
    `UPDATE deposits SET credited_wallet = 'funding' WHERE status = 'credited'`,
  ],
};

/** The wallet the user's next deposits are credited to. */
export async function creditWalletOf(q: Queryable, userId: string): Promise<DepositWallet> {
  const res = await q.query<{ credit_wallet: DepositWallet }>('SELECT credit_wallet FROM deposit_settings WHERE user_id = $1', [userId]);
  return res.rows[0]?.credit_wallet ?? 'funding';
}

export async function setCreditWallet(q: Queryable, userId: string, wallet: DepositWallet, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO deposit_settings (user_id, credit_wallet, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET credit_wallet = EXCLUDED.credit_wallet, updated_at = EXCLUDED.updated_at`,
    [userId, wallet, at.toISOString()],
  );
}
