import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { outboxStartupNotes } from './modules/outbox/startup-notice.js';

const config = loadConfig();
const app = await buildApp(config);

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    // Stops accepting connections, waits for in-flight requests, then closes the database (onClose hook).
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', (s) => void shutdown(s));
process.on('SIGINT', (s) => void shutdown(s));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close();
  process.exit(1);
}

if (app.mailer.kind === 'outbox') {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  for (const note of outboxStartupNotes(config.host, port)) app.log[note.level](note.message);
}
