import { existsSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { buildApp } from '../../src/app.js';
import { adminSocketPath } from '../../src/admin/socket-server.js';
import { sendToServer } from '../../src/admin/socket-client.js';
import { testConfig } from '../helpers.js';

/** One raw line to the socket and the raw answer, as a client of another version would send it. */
function rawRequest(file: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.createConnection(file, () => socket.write(line));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the admin socket of a server on the embedded database', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('runs a command line, refuses a request it cannot parse in plain words, and is gone once the server stops', async () => {
    const config = testConfig({ pgliteInMemory: false });
    dirs.push(config.dataDir);
    const app = await buildApp(config);
    const file = adminSocketPath(config.dataDir);
    try {
      const listed = await sendToServer(file, { argv: ['operators', 'list'], operator: 'cli:test' });
      expect(listed).toEqual({ code: 0, out: ['No operators yet: make the first with npm run admin -- operators grant <email> admin'], err: [] });
      const unknown = await sendToServer(file, { argv: ['operators', 'promote'], operator: 'cli:test' });
      expect(unknown?.code).toBe(2);
      expect(unknown?.err[0]).toContain('Unknown command: operators promote');
      const garbage = JSON.parse(await rawRequest(file, '{"argv": "rm -rf /"}\n')) as { code: number; err: string[] };
      expect(garbage).toEqual({ code: 2, out: [], err: ['The admin socket got a request it cannot read: run the same version of npm run admin as the server.'] });
    } finally {
      await app.close();
    }
    expect(existsSync(file)).toBe(false);
    expect(await sendToServer(file, { argv: ['operators', 'list'], operator: 'cli:test' })).toBeNull();
  });

  it('still serves when the socket cannot be opened (a data directory path too long for a Unix socket)', async () => {
    const root = path.join(os.tmpdir(), `exch-long-${process.pid}`);
    dirs.push(root);
    const dataDir = path.join(root, 'd'.repeat(60), 'e'.repeat(60));
    mkdirSync(dataDir, { recursive: true });
    const app = await buildApp(testConfig({ pgliteInMemory: false, dataDir }));
    try {
      expect((await app.inject({ url: `/api/v1/status?apikey=${DEFAULT_API_KEY}` })).statusCode).toBe(200);
      expect(existsSync(adminSocketPath(dataDir))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
