import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/** The repository's lint configuration, run on a page module written for the test. */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const eslint = new ESLint({ cwd: root });

/** The lines of `code` that break a rule, once each. */
async function flaggedLines(code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, 'apps/web/src/features/landing/LintProbe.tsx') });
  return [...new Set((result?.messages ?? []).map((message) => message.line))];
}

describe('lint of page text', () => {
  it('fails on text a page shows without going through Lingui', async () => {
    const code = [
      "export const Title = () => <h2>Market overview</h2>;",
      "export const Stale = () => <span>stale</span>;",
      'export const Close = () => <button type="button" aria-label="Close menu" />;',
      "export const Hint = () => <input placeholder={'Search coins'} />;",
    ].join('\n');
    expect(await flaggedLines(code)).toEqual([1, 2, 3, 4]);
  }, 30_000);

  it('passes text wrapped as shared/i18n/README.md says, and codes such as USDT', async () => {
    const code = [
      "import { Trans, useLingui } from '@lingui/react/macro';",
      "export const Title = () => <h2><Trans>Market overview</Trans></h2>;",
      'export function Close() {',
      '  const { t } = useLingui();',
      '  return <button type="button" aria-label={t`Close menu`}>USDT</button>;',
      '}',
    ].join('\n');
    expect(await flaggedLines(code)).toEqual([]);
  }, 30_000);
});
