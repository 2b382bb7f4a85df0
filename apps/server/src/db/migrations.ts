import type { Database } from './database.js';
import { ledgerMigration } from '../ledger/migration.js';
import { tradingMigration, tradingWritePathMigration } from '../trading/migration.js';

interface Migration {
  version: number;
  name: string;
  /** One statement per entry: PGlite's parameterised protocol runs a single statement at a time. */
  statements: string[];
}

/** Ordered, append-only. One schema for PGlite and PostgreSQL; money columns will be NUMERIC. */
export const migrations: Migration[] = [
  {
    version: 1,
    name: 'accounts',
    statements: [
      `CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        uid integer NOT NULL,
        referral_code text NOT NULL,
        password_hash text NOT NULL,
        name text,
        phone_number text,
        country text,
        profile_image_id uuid,
        email_verified boolean NOT NULL DEFAULT false,
        tier integer NOT NULL DEFAULT 0,
        identity_status text NOT NULL DEFAULT 'false',
        role text NOT NULL DEFAULT 'client',
        created_at timestamptz NOT NULL,
        CONSTRAINT users_email_key UNIQUE (email),
        CONSTRAINT users_uid_key UNIQUE (uid),
        CONSTRAINT users_referral_code_key UNIQUE (referral_code)
      )`,
      `CREATE TABLE wallets (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL
      )`,
      `CREATE TABLE one_time_codes (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose text NOT NULL,
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz
      )`,
      `CREATE INDEX one_time_codes_user_purpose ON one_time_codes (user_id, purpose, created_at DESC)`,
      `CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX login_failures_email ON login_failures (email, created_at)`,
      `CREATE TABLE profile_images (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        content_type text NOT NULL,
        data bytea NOT NULL,
        created_at timestamptz NOT NULL
      )`,
      `CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX outbox_to_address ON outbox (to_address, id DESC)`,
    ],
  },
  {
    version: 2,
    name: 'trades',
    statements: [
      `CREATE TABLE trades (
        id bigint PRIMARY KEY,
        symbol text NOT NULL,
        price numeric NOT NULL,
        qty numeric NOT NULL,
        taker_side text NOT NULL CHECK (taker_side IN ('buy', 'sell')),
        maker_order_id text NOT NULL,
        taker_order_id text NOT NULL,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX trades_symbol_time ON trades (symbol, created_at)`,
      `CREATE INDEX trades_time ON trades (created_at)`,
    ],
  },
  ledgerMigration,
  tradingMigration,
  tradingWritePathMigration,
  {
    version: 6,
    name: 'login failures per client address',
    // Rows from before it have no address: they count against the email, never as this client's.
    statements: ['ALTER TABLE login_failures ADD COLUMN client_address text'],
  },
];

/** Arbitrary constant: serialises migrating processes that share one PostgreSQL. */
const MIGRATION_LOCK_KEY = 724_311_001;

export async function migrate(db: Database): Promise<number[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: number[] = [];
  for (const migration of migrations) {
    const didApply = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await q.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.rows.length > 0) return false;
      for (const sql of migration.statements) await q.query(sql);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (didApply) applied.push(migration.version);
  }
  return applied;
}
