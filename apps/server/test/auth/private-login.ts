import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { App } from '../../src/app.js';

/** The /ws/private address of an app listening on loopback. */
export function privateWsUrl(app: App): string {
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/private`;
}

/** Opens /ws/private, sends `login` with the token and answers the server's first reply. */
export async function privateLogin(url: string, token: string): Promise<Record<string, unknown>> {
  const ws = new WebSocket(url);
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const reply = new Promise<Record<string, unknown>>((resolve, reject) => {
      ws.once('message', (raw: Buffer) => resolve(JSON.parse(raw.toString('utf8')) as Record<string, unknown>));
      ws.once('close', () => reject(new Error('closed before answering the login')));
    });
    ws.send(JSON.stringify({ op: 'login', args: [{ token }] }));
    return await reply;
  } finally {
    ws.close();
  }
}
