import { hostname, userInfo } from 'node:os';
import { loadCommandConfig } from '../config.js';
import { adminChains } from './admin-chains.js';
import { openDatabase } from '../db/connection.js';
import { DataDirInUse } from '../db/data-dir-lock.js';
import type { Database } from '../db/database.js';
import { schema } from '../products.js';
import { adminCommands } from './commands.js';
import { runAdmin } from './run.js';

/**
 * `npm run admin -- <command>`: operator commands on the configured database, DATABASE_URL or the
 * embedded one under DATA_DIR. The embedded database takes one process at a time: with the server
 * running on it, the command is refused (stop the server, or let KYC_AUTO_APPROVE_SECONDS approve).
 */
async function main(): Promise<number> {
  const config = loadCommandConfig('admin-command');
  let db: Database | null = null;
  try {
    return await runAdmin(
      adminCommands,
      process.argv.slice(2),
      async () => {
        db = await openDatabase(config, schema);
        return { db, now: () => new Date(), operator: `cli:${userInfo().username}@${hostname()}`, chains: adminChains(config) };
      },
      { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) },
    );
  } finally {
    await (db as Database | null)?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const why =
      err instanceof DataDirInUse
        ? `${err.message}. The server is probably running on this data directory: stop it first, or let the automatic approval (KYC_AUTO_APPROVE_SECONDS) do it.`
        : err instanceof Error
          ? err.message
          : String(err);
    process.stderr.write(`admin command failed: ${why}\n`);
    process.exit(1);
  },
);
