import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { networksOfCoin } from '../../src/modules/funds/networks.js';
import { repoRoot } from '../../src/paths.js';
import { formatMaximum, maxAmountOf } from '../../src/shared/asset-limits.js';
import { coins, QUOTE_ASSET } from '../../src/shared/catalogue.js';

const START = '<!-- limits table: generated from shared/asset-limits.ts and modules/funds/networks.ts -->';
const END = '<!-- end of limits table -->';

/** The table docs/funds.md must show: every asset with a network, its maximum and its decimals per network. */
function limitsTable(): string {
  const rows = [QUOTE_ASSET, ...coins.map((c) => c.symbol)]
    .map((symbol) => ({ symbol, networks: networksOfCoin(symbol) }))
    .filter((a) => a.networks.length > 0)
    .map(({ symbol, networks }) => {
      const decimals = networks.map((n) => `${n.code} (${n.coins.find((c) => c.symbol === symbol)?.decimals})`).join(', ');
      return `| ${symbol} | ${formatMaximum(maxAmountOf(symbol))} | ${decimals} |`;
    });
  return ['| asset | maximum per operation | networks (decimals) |', '|---|---:|---|', ...rows].join('\n');
}

describe('issue 14 #2: the limits documented per asset and network', () => {
  it('docs/funds.md shows the maxima and decimals the code applies', () => {
    const doc = readFileSync(path.join(repoRoot, 'docs/funds.md'), 'utf8');
    const shown = doc.slice(doc.indexOf(START) + START.length, doc.indexOf(END)).trim();
    expect(shown, `docs/funds.md's limits table should read:\n${limitsTable()}`).toBe(limitsTable());
  });
});
