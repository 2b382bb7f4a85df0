import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');
const server = path.join(repo, 'apps/server');

/** The rules each message of a lint run names. */
async function rulesFired(lint: Promise<ESLint.LintResult[]>): Promise<(string | null)[]> {
  return (await lint).flatMap((result) => result.messages.map((m) => m.ruleId));
}

// ESLint's start (the TypeScript resolver reads every project) takes seconds on a loaded machine.
describe('the lint', { timeout: 120_000 }, () => {
  // These snippets have no file on disk, which import/no-cycle cannot place in its graph (it throws);
  // the cycle rule is proven on real fixture files below.
  const eslint = new ESLint({ cwd: repo, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

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
    // The fixtures are left out of `npm run lint`; here they are linted on purpose.
    const withFixtures = new ESLint({ cwd: repo, ignore: false });
    const fired = await rulesFired(withFixtures.lintFiles([path.join(import.meta.dirname, 'fixtures/cycle/first.ts')]));
    expect(fired).toContain('import/no-cycle');
  });
});
