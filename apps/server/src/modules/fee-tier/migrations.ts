import type { Migration } from '../../db/migrations.js';

/**
 * Version 19, the fee tier (issue 17): a user's fills by time, which the 30-day volume reads.
 * users.tier (version 1) is no longer read: the tier is worked out from the fills and balances. It
 * stays, so that a process still running the previous release keeps answering during a deploy.
 */
export const feeTierMigration: Migration = {
  version: 19,
  name: 'fee-tier',
  statements: [
    'CREATE INDEX IF NOT EXISTS spot_fills_user_time ON spot_fills (user_id, created_at)',
    'CREATE INDEX IF NOT EXISTS futures_fills_user_time ON futures_fills (user_id, created_at)',
  ],
};

/**
 * Version 55, the spot fee table (issue 43): each tier's maker and taker rate, which an administrator
 * changes from the console (schedule.ts). It starts at the rate every fill paid until now.
 */
export const feeRatesMigration: Migration = {
  version: 55,
  name: 'fee-rates',
  statements: [
    `CREATE TABLE fee_rates (
      tier text PRIMARY KEY CHECK (tier IN ('level_1', 'premium')),
      maker_rate numeric NOT NULL CHECK (maker_rate >= 0 AND maker_rate <= 0.01),
      taker_rate numeric NOT NULL CHECK (taker_rate >= 0 AND taker_rate <= 0.01),
      updated_at timestamptz,
      updated_by text
    )`,
    `INSERT INTO fee_rates (tier, maker_rate, taker_rate) VALUES ('level_1', 0.001, 0.001), ('premium', 0.001, 0.001)`,
  ],
};

/**
 * Version 58, the futures fees per tier (issue 43): each tier's futures maker and taker rate beside
 * the spot ones, starting at the rate every futures fill paid until now (FUTURES_FEE_RATE), with the
 * spot columns' bounds. An opening order's row keeps the rate its hold reserved for fees, so that
 * a rate raised while it rests never takes more than the hold has (futures/fill-booking.ts); rows
 * from before reserved FUTURES_FEE_RATE, which a null stands for.
 */
export const futuresFeeRatesMigration: Migration = {
  version: 58,
  name: 'futures-fee-rates',
  statements: [
    `ALTER TABLE fee_rates
      ADD COLUMN futures_maker_rate numeric NOT NULL DEFAULT 0.0005 CHECK (futures_maker_rate >= 0 AND futures_maker_rate <= 0.01),
      ADD COLUMN futures_taker_rate numeric NOT NULL DEFAULT 0.0005 CHECK (futures_taker_rate >= 0 AND futures_taker_rate <= 0.01)`,
    'ALTER TABLE futures_positions ADD COLUMN fee_rate_reserved numeric',
  ],
};
