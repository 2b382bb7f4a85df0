import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `npm run ledger:check` on the database `env` names, after the server stopped: its verdict (its last line) and any error, in one line for a table. */
export function ledgerCheck(env: Record<string, string>): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ledger-check.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const verdict = r.stdout.trim().split('\n').at(-1) ?? '';
  return `${verdict}${r.stderr.trim() ? ` ${r.stderr.trim().split('\n').slice(0, 3).join(' / ')}` : ''} (exit ${r.status})`;
}
