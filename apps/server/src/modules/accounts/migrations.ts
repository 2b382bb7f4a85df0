import type { Migration } from '../../db/migrations.js';

/** Users, their wallet record, one-time codes, login failures, profile images and the local outbox. */
export const accountMigrations: Migration[] = [
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
    version: 10,
    name: 'login failures per client address',
    // Rows from before it have no address: they count against the email, never as this client's.
    statements: ['ALTER TABLE login_failures ADD COLUMN client_address text'],
  },
  {
    version: 47,
    name: 'account freeze',
    // An operator's freeze (issue 43): while frozen_at is set, the account reads but neither trades nor moves money.
    statements: ['ALTER TABLE users ADD COLUMN frozen_at timestamptz', 'ALTER TABLE users ADD COLUMN frozen_reason text', 'ALTER TABLE users ADD COLUMN frozen_by text'],
  },
];
