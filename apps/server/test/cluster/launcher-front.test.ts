import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { freePort } from '../crash/server-child.js';
import { createPostgresDatabase } from '../helpers.js';
import { NATS_URL, REDIS_URL } from './cluster-processes.js';

const PRIMARY = fileURLToPath(new URL('../../src/cluster/primary.ts', import.meta.url));
const START_DEADLINE_MS = 120_000;

interface PrimaryLine {
  name?: string;
  msg: string;
  worker?: number;
  owns?: boolean;
  orderEntry?: boolean;
}

/** One HTTP/1.1 request on a connection of its own, written in the given pieces; resolves with the status line and body. */
function rawRequest(port: number, pieces: string[], gapMs = 0): Promise<{ status: string; body: string; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', async () => {
      for (const [i, piece] of pieces.entries()) {
        if (i > 0 && gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
        socket.write(piece);
      }
    });
    let got = '';
    socket.on('data', (chunk: Buffer) => {
      got += chunk.toString('utf8');
      const headEnd = got.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(got)?.[1];
      if (headEnd >= 0 && length !== undefined && got.length >= headEnd + 4 + Number(length)) {
        resolve({ status: got.slice(0, got.indexOf('\r\n')), body: got.slice(headEnd + 4), socket });
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`the connection closed before a whole answer came: ${JSON.stringify(got.slice(0, 200))}`)));
  });
}

describe('npm run start:cluster: the launcher hands each connection to a worker', () => {
  let child: ChildProcess;
  let drop: () => Promise<void>;
  let port: number;
  let out = '';
  /** A call sent as soon as the launcher's port took connections, before any worker was ready. */
  let early: Promise<{ status: string; socket: net.Socket }>;
  const lines = (): PrimaryLine[] =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{"level"'))
      .map((l) => JSON.parse(l) as PrimaryLine)
      .filter((l) => l.name === 'cluster-primary');
  const handed = () => lines().filter((l) => l.msg === 'connection handed to a worker');
  const owner = () => lines().findLast((l) => l.msg === 'worker owns the venues')?.worker;
  const waitFor = async (what: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!what()) {
      if (child.exitCode !== null) throw new Error(`the launcher exited (${child.exitCode}):\n${out.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`timed out; launcher output:\n${out.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', PRIMARY], {
      env: {
        // As an operator starts it: vitest's NODE_ENV=test would build the web app for tests.
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST'))),
        DATABASE_URL: database.url,
        NATS_URL,
        REDIS_URL,
        JWT_SECRET: randomBytes(24).toString('hex'),
        TWO_FACTOR_KEY: randomBytes(24).toString('hex'),
        CLUSTER_NAME: `t${randomBytes(5).toString('hex')}`,
        WORKERS: '2',
        OWNER_ORDER_CONNECTIONS: '1',
        // The early connection waits as long as the workers may take to start on a loaded machine.
        WORKER_WAIT_SECONDS: String(START_DEADLINE_MS / 1000),
        RATE_LIMIT_AUTH_PER_MINUTE: '0',
        PORT: String(port),
        HOST: '127.0.0.1',
        SMTP_URL: '',
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
    await waitFor(() => lines().some((l) => l.msg === 'listening'), START_DEADLINE_MS);
    early = rawRequest(port, [`GET /api/v1/status?apikey=${DEFAULT_API_KEY} HTTP/1.1\r\nHost: x\r\n\r\n`]);
    await waitFor(() => owner() !== undefined && lines().filter((l) => l.msg === 'worker ready').length === 2, START_DEADLINE_MS);
  }, START_DEADLINE_MS + 10_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    await drop?.();
  });

  it('answers a connection that came before any worker was ready, once one is', { timeout: START_DEADLINE_MS }, async () => {
    const { status, socket } = await early;
    socket.destroy();
    expect(status).toBe('HTTP/1.1 200 OK');
  });

  it('deals other connections to the workers in turn', async () => {
    const before = handed().length;
    for (let i = 0; i < 4; i++) {
      const { status, socket } = await rawRequest(port, [`GET /api/v1/status?apikey=${DEFAULT_API_KEY} HTTP/1.1\r\nHost: x\r\n\r\n`]);
      socket.destroy();
      expect(status).toBe('HTTP/1.1 200 OK');
    }
    // The launcher's log comes through a pipe, which may lag behind the answers.
    await waitFor(() => handed().length >= before + 4);
    const dealt = handed().slice(before);
    expect(dealt.map((l) => l.orderEntry)).toEqual([false, false, false, false]);
    expect(new Set(dealt.map((l) => l.worker)).size).toBe(2);
  });

  it('hands an order connection to the venues owner, up to its share, and again once one closed', async () => {
    const order = `POST /api/v1/orders?apikey=not-a-key&uid=1&coin_id=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n`;
    const before = handed().length;
    const first = await rawRequest(port, [order]);
    const second = await rawRequest(port, [order]);
    const third = await rawRequest(port, [order]);
    expect([first.status, second.status, third.status]).toEqual(Array(3).fill('HTTP/1.1 401 Unauthorized'));
    await waitFor(() => handed().length >= before + 3);
    const [a, b, c] = handed().slice(before);
    expect(a).toMatchObject({ worker: owner(), orderEntry: true });
    // The owner holds its one order connection: the next two go in turn, one of them to the other worker.
    expect([b?.worker, c?.worker]).toContain(lines().find((l) => l.msg === 'worker ready' && l.worker !== owner())?.worker);

    first.socket.destroy();
    second.socket.destroy();
    third.socket.destroy();
    // The workers report the closed order connections; then the owner takes the next one again.
    await new Promise((r) => setTimeout(r, 500));
    const again = await rawRequest(port, [order]);
    again.socket.destroy();
    await waitFor(() => handed().length >= before + 4);
    expect(handed().at(-1)).toMatchObject({ worker: owner(), orderEntry: true });
  });

  it('passes on what the client sends after the request line, however late it comes', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' });
    const { status, body: answer, socket } = await rawRequest(
      port,
      [
        'POST /api/user_account/login HTTP/1.1\r\n',
        `Host: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body.slice(0, 10),
        body.slice(10),
      ],
      100,
    );
    socket.destroy();
    expect(status).toBe('HTTP/1.1 401 Unauthorized');
    expect(JSON.parse(answer)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('serves a websocket through a worker', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/public`);
    const first = await new Promise<string>((resolve, reject) => {
      ws.once('error', reject);
      ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'books5', instId: 'BTC-USDT' }] })));
      ws.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (text.startsWith('{"arg":{"channel":"books5"')) resolve(text);
      });
    });
    ws.close();
    expect(JSON.parse(first)).toMatchObject({ arg: { channel: 'books5', instId: 'BTC-USDT' } });
  });

  // Past its 30 s grace the launcher kills the workers and exits 1: exit 0 means they finished.
  it('on SIGTERM answers the calls in flight on busy keep-alive connections, closes them, then exits 0', { timeout: 60_000 }, async () => {
    // A new address each time: failures for one would lock it (429). A failed login hashes a password, so it takes a while.
    const login = () => {
      const body = JSON.stringify({ email: `nobody.${randomBytes(4).toString('hex')}@example.com`, password: 'not-the-password-1' });
      return `POST /api/user_account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    };
    const statuses: number[] = [];
    let lost = 0;
    // One call in flight on each connection, the next sent as soon as the answer is in, until an answer says the connection closes.
    const connections = Array.from(
      { length: 3 },
      () =>
        new Promise<void>((resolve) => {
          let waiting = false;
          let text = '';
          const send = () => {
            waiting = true;
            socket.write(login());
          };
          const socket = net.connect(port, '127.0.0.1', send);
          socket.on('data', (chunk: Buffer) => {
            text += chunk.toString('latin1');
            const headEnd = text.indexOf('\r\n\r\n');
            const length = Number(/content-length: (\d+)/i.exec(text.slice(0, headEnd))?.[1] ?? 0);
            if (headEnd < 0 || text.length < headEnd + 4 + length) return;
            statuses.push(Number(text.slice(9, 12)));
            const closing = /\r\nconnection: close\r\n/i.test(text.slice(0, headEnd + 2));
            text = '';
            waiting = false;
            if (!closing) send();
          });
          socket.on('error', () => undefined);
          socket.on('close', () => {
            if (waiting) lost += 1;
            resolve();
          });
        }),
    );
    await waitFor(() => statuses.length >= 9);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await Promise.all(connections);
    expect(lines().filter((l) => l.msg === 'worker stopped')).toHaveLength(2);
    expect(lost).toBe(0);
    // Every call was answered by a working server, not one whose database had closed.
    expect(statuses.filter((status) => status !== 401)).toEqual([]);
  });
});
