import { DataDirInUse } from '../db/data-dir-lock.js';
import { adminCli } from './cli.js';

/**
 * `npm run admin -- <command>`: operator commands on the configured database, DATABASE_URL or the
 * embedded one under DATA_DIR; with the server running on the embedded one, the server runs the
 * command through its socket (DATA_DIR/admin.sock).
 */
adminCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const why =
      err instanceof DataDirInUse
        ? `${err.message}. Another process holds this data directory without answering on its admin socket: stop it first.`
        : err instanceof Error
          ? err.message
          : String(err);
    process.stderr.write(`admin command failed: ${why}\n`);
    process.exit(1);
  },
);
