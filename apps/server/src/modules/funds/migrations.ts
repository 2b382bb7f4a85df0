import type { Migration } from '../../db/migrations.js';
import { networks } from './networks.js';

/** Our own catalogue's text as a SQL literal: the seed runs as plain statements, one at a time. */
function literal(value: string | number | boolean | null): string {
  if (value === null) return 'NULL';
  if (typeof value !== 'string') return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

function row(values: (string | number | boolean | null)[]): string {
  return `(${values.map(literal).join(', ')})`;
}

const networkRows = networks.map((n) =>
  row([n.id, n.code, n.name, n.scheme, n.address_format, n.memo, n.confirmations, n.evm_chain_id]),
);
const coinRows = networks.flatMap((n) => n.coins.map((c) => row([n.id, c.symbol, c.withdraw_fee, c.min_deposit])));

/**
 * Networks (issue 16) seeded from `networks.ts`, and each user's deposit address per network.
 * `derivation_index` comes from one sequence for every network, so no two rows share an HD path
 * and every address is unique across networks too. On a memo network every user shares the
 * exchange's account and the memo tells them apart: uniqueness is of (address, memo).
 * No cascade from users: an address that received funds must keep pointing at its owner.
 */
export const fundsNetworksMigration: Migration = {
  version: 13,
  name: 'funds networks and deposit addresses',
  statements: [
    `CREATE TABLE networks (
      id integer PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      scheme text NOT NULL,
      address_format text NOT NULL,
      memo boolean NOT NULL,
      confirmations integer NOT NULL CHECK (confirmations > 0),
      evm_chain_id integer
    )`,
    `CREATE TABLE network_coins (
      network_id integer NOT NULL REFERENCES networks(id),
      symbol text NOT NULL,
      withdraw_fee numeric(36, 18) NOT NULL CHECK (withdraw_fee >= 0),
      min_deposit numeric(36, 18) NOT NULL CHECK (min_deposit > 0),
      PRIMARY KEY (network_id, symbol)
    )`,
    `CREATE INDEX network_coins_symbol ON network_coins (symbol)`,
    `INSERT INTO networks (id, code, name, scheme, address_format, memo, confirmations, evm_chain_id) VALUES ${networkRows.join(', ')}`,
    `INSERT INTO network_coins (network_id, symbol, withdraw_fee, min_deposit) VALUES ${coinRows.join(', ')}`,
    `CREATE SEQUENCE deposit_address_index AS integer MINVALUE 0 START 0 MAXVALUE 2147483647 NO CYCLE`,
    `CREATE TABLE deposit_addresses (
      user_id uuid NOT NULL REFERENCES users(id),
      network_id integer NOT NULL REFERENCES networks(id),
      address text NOT NULL,
      memo text,
      derivation_index integer NOT NULL UNIQUE CHECK (derivation_index >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, network_id)
    )`,
    `CREATE UNIQUE INDEX deposit_addresses_address ON deposit_addresses (address, (COALESCE(memo, '')))`,
  ],
};
