import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

/** The ports this suite may use for its node; the first free one is taken. */
export const ANVIL_PORTS = [8545, 8546, 8547, 8548, 8549];
/** Anvil's default chain id; the suite tells the adapter to expect it (EVM_CHAIN_ID_*). */
export const ANVIL_CHAIN_ID = 31337;

export interface Anvil {
  url: string;
  port: number;
  /** Ends the node and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * The anvil binary of the npm package @foundry-rs/anvil, which installs it as its platform package
 * (@foundry-rs/anvil-linux-amd64 on CI); ANVIL_BIN points elsewhere on a platform without one.
 */
function anvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const require = createRequire(import.meta.url);
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`${pkg} is not installed: run npm install, or set ANVIL_BIN to an anvil binary`);
  }
  return path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Starts a fresh chain (anvil: a block per transaction, instant) on the first free port of ANVIL_PORTS. */
export async function startAnvil(): Promise<Anvil> {
  const bin = anvilBinary();
  for (const port of ANVIL_PORTS) {
    if (!(await portIsFree(port))) continue;
    const child = spawn(bin, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(ANVIL_CHAIN_ID), '--silent'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    // A test worker that dies leaves no node behind.
    const kill = () => child.kill('SIGKILL');
    process.once('exit', kill);
    const url = `http://127.0.0.1:${port}`;
    const stop = async () => {
      process.off('exit', kill);
      child.kill('SIGTERM');
      await exited(child);
    };
    for (let tries = 0; tries < 200 && child.exitCode === null; tries++) {
      if (await answers(url)) return { url, port, stop };
      await new Promise((r) => setTimeout(r, 50));
    }
    await stop();
    // Another process may have taken the port between the check and the start: try the next one.
    if (!/address already in use/i.test(stderr)) throw new Error(`anvil did not start on port ${port}: ${stderr}`);
  }
  throw new Error(`no free port for anvil among ${ANVIL_PORTS.join(', ')}`);
}
