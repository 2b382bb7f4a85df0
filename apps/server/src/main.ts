import './gc-policy.js';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { commonPasswords } from './modules/accounts/common-passwords.js';
import { acceptFromFront, type FrontWorker } from './cluster/front-worker.js';
import { outboxStartupNotes } from './modules/outbox/startup-notice.js';

const config = loadConfig();
const app = await buildApp(config);
// Read now rather than by the first sign-up, which would wait for it and hold every other request up.
commonPasswords();
/** A worker of `npm run start:cluster` takes its connections from the launcher (cluster/front.ts). */
const fromLauncher = config.launcherFront === true && typeof process.send === 'function';
let front: FrontWorker | null = null;

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    // The server's own close does not wait for the connections the launcher handed over: they end first.
    await front?.drain();
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
  if (fromLauncher) {
    // Listening (on a loopback port of its own, nobody's to know) is what starts the HTTP server's
    // request timeouts and idle-connection tracking, for the connections the launcher hands over too.
    await app.listen({
      port: 0,
      host: '127.0.0.1',
      exclusive: true,
      listenTextResolver: (address) => `taking connections from the launcher on port ${config.port} (private port ${address})`,
    });
    front = acceptFromFront(app.server, app.services.cluster, app.log);
  } else {
    await app.listen({ port: config.port, host: config.host });
  }
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close();
  process.exit(1);
}

if (app.services.mailer.kind === 'outbox') {
  const address = fromLauncher ? null : app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  for (const note of outboxStartupNotes(config.host, port)) app.log[note.level](note.message);
}
