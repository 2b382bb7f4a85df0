import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PRIMARY = fileURLToPath(new URL('../../src/cluster/primary.ts', import.meta.url));
const CLUSTER_VARIABLES = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'JWT_SECRET', 'WORKERS', 'CLUSTER_NAME'];

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The launcher as `npm run start:cluster` runs it, with only the given cluster variables set. */
async function launch(set: Record<string, string>): Promise<Ended> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !CLUSTER_VARIABLES.includes(name)));
  const child = spawn(process.execPath, ['--import', 'tsx', PRIMARY], { env: { ...env, ...set }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

describe('npm run start:cluster refuses to start without what a cluster needs', () => {
  it('names every missing variable and exits 1', async () => {
    const { code, stderr } = await launch({});
    expect(code).toBe(1);
    expect(stderr).toContain('npm run start:cluster needs DATABASE_URL, NATS_URL, REDIS_URL, JWT_SECRET');
  });

  it('refuses a configuration the server would refuse, before building the web app', async () => {
    const { code, stdout, stderr } = await launch({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/never_opened',
      NATS_URL: 'nats://127.0.0.1:4222',
      REDIS_URL: 'redis://127.0.0.1:6379',
      JWT_SECRET: 'launcher-test-secret',
      // Set, so that loading the configuration writes no key file into the data directory.
      TWO_FACTOR_KEY: 'launcher-test-key',
      CLUSTER_NAME: 'not a token',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('CLUSTER_NAME may hold only letters, digits, - and _');
    expect(stdout).toBe('');
  });
});
