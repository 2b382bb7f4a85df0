import net from 'node:net';
import { adminSocketAnswer, type AdminSocketAnswer, type AdminSocketRequest } from '@exchange/contract';

/** No server listens there: no socket file, or one a stopped server left. */
const NO_SERVER = new Set(['ENOENT', 'ECONNREFUSED']);

/**
 * Sends the command line to the server running on this data directory and answers what it
 * printed; null when no server listens, so the command opens the data directory itself.
 */
export function sendToServer(file: string, request: AdminSocketRequest): Promise<AdminSocketAnswer | null> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.createConnection(file, () => socket.write(`${JSON.stringify(request)}\n`));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (NO_SERVER.has(err.code ?? '')) resolve(null);
      else reject(new Error(`the running server's admin socket ${file} failed: ${err.message}`));
    });
    socket.on('end', () => {
      try {
        resolve(adminSocketAnswer.parse(JSON.parse(received)));
      } catch {
        reject(new Error(`the running server answered something this command cannot read: run the same version of the server and of npm run admin`));
      }
    });
  });
}
