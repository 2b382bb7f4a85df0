import type { Migration } from '../db/migrations.js';

/**
 * The venue lease of a cluster (cluster/venue-lease.ts): who owns the venues, until when, and the
 * epoch every venue write carries (ledger/statement.ts, l_fence). A single process never takes it,
 * and its writes carry no epoch; nor do its Idempotency-Key claims.
 */
export const clusterMigrations: Migration[] = [
  {
    version: 23,
    name: 'venue-leases',
    statements: [
      `CREATE TABLE venue_leases (
        name text PRIMARY KEY,
        holder text,
        epoch bigint NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL DEFAULT '-infinity',
        fenced_writes bigint NOT NULL DEFAULT 0
      )`,
      `INSERT INTO venue_leases (name) VALUES ('venues')`,
    ],
  },
  {
    // The lease's epoch a spot order's claim was made under (ledger/idempotency.ts): once the lease
    // has a newer one, the claim's write is refused for ever, so a retry takes the claim over at once
    // instead of after ABANDONED_AFTER_S, and the outcome read says `none`. NULL for every other claim.
    version: 27,
    name: 'idempotency-claim-epoch',
    statements: ['ALTER TABLE idempotency_keys ADD COLUMN epoch bigint'],
  },
];
