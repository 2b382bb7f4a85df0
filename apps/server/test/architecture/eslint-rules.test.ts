import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');
const server = path.join(repo, 'apps/server');
const oxlint = path.join(repo, 'node_modules/.bin/oxlint');

/** The rules each message of a lint run names. */
async function rulesFired(lint: Promise<ESLint.LintResult[]>): Promise<(string | null)[]> {
  return (await lint).flatMap((result) => result.messages.map((m) => m.ruleId));
}

// ESLint's start (the TypeScript resolver reads every project) takes seconds on a loaded machine.
describe('the lint', { timeout: 120_000 }, () => {
  const eslint = new ESLint({ cwd: repo });

  it('refuses a product importing another product’s internals', async () => {
    const code = "import { SpotOrders } from '../spot/order-service.js';\n\nexport const spot = SpotOrders;\n";
    const filePath = path.join(server, 'src/modules/convert/uses-spot-internals.ts');
    expect(await rulesFired(eslint.lintText(code, { filePath }))).toContain('import/no-restricted-paths');
  });

  it('lets a product import another through its index', async () => {
    const code = "import { SpotOrders } from '../spot/index.js';\n\nexport const spot = SpotOrders;\n";
    const filePath = path.join(server, 'src/modules/convert/uses-spot-index.ts');
    expect(await rulesFired(eslint.lintText(code, { filePath }))).toEqual([]);
  });

  it.each(['ledger', 'venue', 'db', 'kernel', 'clock', 'config'])('refuses the kernel (%s) importing a product', async (part) => {
    const code = "import { spotProduct } from '../modules/spot/index.js';\n\nexport const spot = spotProduct;\n";
    const filePath = path.join(server, `src/${part}/uses-a-product.ts`);
    expect(await rulesFired(eslint.lintText(code, { filePath }))).toContain('import/no-restricted-paths');
  });

  it('refuses the list of configuration variables importing a product', async () => {
    const code = "import { networks } from './modules/funds/index.js';\n\nexport const configVariables = networks;\n";
    const filePath = path.join(server, 'src/config-variables.ts');
    expect(await rulesFired(eslint.lintText(code, { filePath }))).toContain('import/no-restricted-paths');
  });

  it('refuses two modules importing each other', async () => {
    // Cycles are oxlint's rule (`npm run lint` runs it before eslint). .oxlintrc.json leaves the
    // fixtures out of the lint; here they are linted on purpose, with its rules and not its ignores.
    const config = JSON.parse(readFileSync(path.join(repo, '.oxlintrc.json'), 'utf8')) as Record<string, unknown>;
    const withFixtures = path.join(mkdtempSync(path.join(tmpdir(), 'oxlint-')), 'oxlintrc.json');
    writeFileSync(withFixtures, JSON.stringify({ ...config, $schema: undefined, ignorePatterns: [] }));
    const args = ['-c', withFixtures, '--format', 'json', path.join(import.meta.dirname, 'fixtures/cycle')];
    const run = await promisify(execFile)(oxlint, args, { cwd: repo }).then(
      (done) => ({ code: 0, stdout: done.stdout }),
      (failed: { code: number; stdout: string }) => ({ code: failed.code, stdout: failed.stdout }),
    );
    const fired = (JSON.parse(run.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);
    expect(run.code).toBe(1);
    expect(fired).toContain('import(no-cycle)');
  });
});
