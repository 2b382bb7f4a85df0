import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

/** `npm run admin -- <argv>` as an operator runs it: its own process, configured by the environment. */
export async function adminProcess(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
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
