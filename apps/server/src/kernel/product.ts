import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import type { Migration } from '../db/migrations.js';
import type { Queryable } from '../db/database.js';
import type { RecordWriter } from '../ledger/records.js';
import type { LedgerCheck } from '../ledger/check.js';
import type { SystemAccount } from '../ledger/accounts.js';

/** What a product adds to the ledger: the kernel assembles these from every product before the first write. */
export interface ProductLedger {
  /** Its owners that are not users; those that may go negative issue or absorb money (ledger/accounts.ts). */
  systemAccounts?: readonly SystemAccount[];
  /** Its rows in the ledger's batch statement, in a fixed order within the product. */
  recordWriters?: readonly RecordWriter<never>[];
  /** Its reconciliation checks, run by `npm run ledger:check` and the invariant tests. */
  checks?: readonly LedgerCheck[];
  /** Lines `npm run ledger:check` prints after the reported balances (say, a desk's result at market prices). */
  report?: (q: Queryable) => Promise<readonly string[]>;
}

/**
 * A product: one folder under src/modules whose index exports this, listed once in src/products.ts.
 * `Services` is what the app opened for every product (src/services.ts); the kernel never reads it.
 */
export interface Product<Services = unknown> {
  name: string;
  /** Its schema changes; versions are global and never reused (db/migrations.ts). */
  migrations?: readonly Migration[];
  ledger?: ProductLedger;
  /** Its /api/v1 routes: mounted under that prefix, each checking the client's API key. */
  api?: FastifyPluginAsync<Services & FastifyPluginOptions>;
  /** Everything else it serves or runs: routes outside /api/v1, websocket channels, background jobs (started and stopped by its hooks). */
  plugin?: FastifyPluginAsync<Services & FastifyPluginOptions>;
}
