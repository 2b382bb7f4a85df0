import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { adminCli } from '../src/admin/cli.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

export interface AdminAnswer {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin -- <argv>` as an operator runs it: its own process, configured by the environment.
 * Each costs a `tsx` start that compiles the server (7 s of CPU at a load of 15), so one command
 * (console-cli.test.ts) runs this way and the others through `adminCommand`.
 */
export async function adminProcess(env: Record<string, string>, ...argv: string[]): Promise<AdminAnswer> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/admin/main.ts', ...argv], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/**
 * The same command line in this process (`adminCli`, what main.ts runs): its own configuration and
 * database connection, or the running server's socket, as in a process of its own.
 */
export async function adminCommand(env: Record<string, string>, ...argv: string[]): Promise<AdminAnswer> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await adminCli(
    argv,
    {
      out: (line) => out.push(`${line}\n`),
      err: (line) => err.push(`${line}\n`),
    },
    { ...process.env, LOG_LEVEL: 'silent', ...env },
  );
  return { code, stdout: out.join(''), stderr: err.join('') };
}
