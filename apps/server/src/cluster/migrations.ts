import type { Migration } from '../db/migrations.js';

/**
 * The venue lease of a cluster (cluster/venue-lease.ts): who owns the venues, until when, and the
 * epoch every venue write carries (ledger/statement.ts, l_fence). A single process never takes it,
 * and its writes carry no epoch.
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
];
