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
    const child = spawn(bin, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(ANVIL_CHAIN_ID)], { stdio: ['ignore', 'pipe', 'pipe'] });
    // A test worker that dies leaves no node behind.
    const kill = () => child.kill('SIGKILL');
    process.once('exit', kill);
    const stop = async () => {
      process.off('exit', kill);
      child.kill('SIGTERM');
      await exited(child);
    };
    // Ready when this process says it listens: another node answering on the port (a parallel test
    // file that won the race for it) must not be mistaken for ours.
    const outcome = await new Promise<'listening' | string>((resolve) => {
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout = (stdout + chunk.toString()).slice(-4000);
        if (stdout.includes(`Listening on 127.0.0.1:${port}`)) resolve('listening');
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-2000);
      });
      child.once('exit', () => resolve(stderr || 'anvil exited'));
      child.once('error', (err) => resolve(err.message));
    });
    if (outcome === 'listening') {
      // Its request log is not needed; reading it keeps the pipe from filling.
      child.stdout?.resume();
      return { url: `http://127.0.0.1:${port}`, port, stop };
    }
    await stop();
    // Another process took the port between the check and the start: try the next one.
    if (!/address already in use/i.test(outcome)) throw new Error(`anvil did not start on port ${port}: ${outcome}`);
  }
  throw new Error(`no free port for anvil among ${ANVIL_PORTS.join(', ')}`);
}
