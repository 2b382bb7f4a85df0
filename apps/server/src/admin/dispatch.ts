import type { AppConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import type { Database } from '../db/database.js';
import { schema } from '../products.js';
import { adminChains } from './admin-chains.js';
import { adminCommands } from './commands.js';
import { runAdmin, type AdminOutput } from './run.js';
import { adminSocketPath } from './socket-server.js';
import { sendToServer } from './socket-client.js';

/**
 * Runs a command line where its database is: on PostgreSQL over its own connection (the server
 * may run beside it); on the embedded database through the running server's socket when one
 * runs, else on the data directory opened here. Answers the exit code.
 */
export async function dispatchAdmin(config: AppConfig, argv: readonly string[], operator: string, io: AdminOutput): Promise<number> {
  if (!config.databaseUrl && argv.length > 0) {
    const answer = await sendToServer(adminSocketPath(config.dataDir), { argv: [...argv], operator });
    if (answer) {
      for (const line of answer.out) io.out(line);
      for (const line of answer.err) io.err(line);
      return answer.code;
    }
  }
  let db: Database | null = null;
  try {
    return await runAdmin(
      adminCommands,
      argv,
      async () => {
        db = await openDatabase(config, schema);
        return { db, now: config.now, operator, chains: adminChains(config) };
      },
      io,
    );
  } finally {
    await (db as Database | null)?.close();
  }
}

