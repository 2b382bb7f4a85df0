import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { adminSocketRequest, type AdminSocketAnswer } from '@exchange/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminContext } from './command.js';
import { adminCommands } from './commands.js';
import { runAdmin } from './run.js';

/** The socket of a server on the embedded database, in its data directory. */
export const ADMIN_SOCKET = 'admin.sock';
/** A command line is a few words: a longer request is no command. */
const MAX_REQUEST_BYTES = 64 * 1024;

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, ADMIN_SOCKET);
}

/** Runs one command line in this process, its printed lines collected for the answer. */
export async function answerCommand(argv: readonly string[], ctx: () => Promise<AdminContext>): Promise<AdminSocketAnswer> {
  const answer: AdminSocketAnswer = { code: 0, out: [], err: [] };
  try {
    answer.code = await runAdmin(adminCommands, argv, ctx, { out: (line) => answer.out.push(line), err: (line) => answer.err.push(line) });
  } catch (err) {
    answer.code = 1;
    answer.err.push(`admin command failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  return answer;
}

/**
 * The embedded database takes one process, so while the server holds it `npm run admin` sends its
 * command line here, and the server runs it on its own connection. The socket is the owner's
 * only (mode 0600): whoever may open it may open the data directory itself.
 */
export async function listenAdminSocket(dataDir: string, context: (operator: string) => AdminContext, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const file = adminSocketPath(dataDir);
  // A socket file left by a killed server refuses connections; this process holds the data directory's lock, so it is stale.
  rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) socket.destroy();
      else if (received.includes('\n')) void reply(received.slice(0, received.indexOf('\n')));
    });
    socket.on('error', () => socket.destroy());
    async function reply(line: string): Promise<void> {
      socket.removeAllListeners('data');
      let answer: AdminSocketAnswer;
      try {
        const request = adminSocketRequest.parse(JSON.parse(line));
        log.info({ argv: request.argv.slice(0, 2), operator: request.operator }, 'admin command over the socket');
        answer = await answerCommand(request.argv, async () => context(request.operator));
      } catch {
        answer = { code: 2, out: [], err: ['The admin socket got a request it cannot read: run the same version of npm run admin as the server.'] };
      }
      socket.end(`${JSON.stringify(answer)}\n`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket is made 0600 from its first moment: the bind happens within listen(), under this umask.
    const umask = process.umask(0o177);
    try {
      server.listen(file, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(file, { force: true });
    });
}
