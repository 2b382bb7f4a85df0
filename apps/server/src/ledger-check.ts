import path from 'node:path';
import { loadCommandConfig } from './config.js';
import type { Database } from './db/database.js';
import { openPglite } from './db/pglite.js';
import { openPostgres } from './db/postgres.js';
import { checkLedger, ledgerReport } from './products.js';

/**
 * `npm run ledger:check`: checks the configured database's ledger invariants, read-only (it does
 * not migrate). Exit code 1 on any breach. With PGlite, stop the server first: one process per data dir.
 */
async function main(): Promise<number> {
  const config = loadCommandConfig('ledger-check');
  const db: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'pglite'));
  try {
    const [found, report] = await db.tx(async (q) => {
      // One snapshot for every check, so concurrent postings cannot show as breaches.
      await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      return [await checkLedger(q), await ledgerReport(q)] as const;
    });
    process.stdout.write('System accounts:\n');
    for (const r of report.rows) process.stdout.write(`  ${r.owner} ${r.wallet} ${r.asset}: ${r.balance}\n`);
    for (const line of report.lines) process.stdout.write(`  ${line}\n`);
    for (const breach of found) process.stderr.write(`BREACH ${breach.rule}: ${breach.detail}\n`);
    process.stdout.write(found.length === 0 ? 'Ledger OK: every invariant holds.\n' : `${found.length} breach(es).\n`);
    return found.length === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // 42P01: undefined table, i.e. the server never migrated this database.
    const noSchema = (err as { code?: string } | null)?.code === '42P01';
    const why = noSchema ? 'the database has no ledger yet; start the server once to create it' : err;
    console.error('ledger check failed:', why instanceof Error ? why.message : why);
    process.exit(1);
  },
);
