import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');

/**
 * The wiring that chooses between a single process's parts and the cluster's adapters: the app,
 * its services, the composition root (the cluster's migrations), the entry point, and the config
 * loader and its list of variables, which read the cluster's variables with the cluster's own parser.
 */
const WIRING = new Set(['app.ts', 'services.ts', 'products.ts', 'main.ts', 'config.ts', 'config-variables.ts']);

describe('the cluster adapters', () => {
  it('are imported only by the wiring: everything else depends on the interfaces they implement', () => {
    const importers = sourceFiles(src)
      .filter((file) => !relative(file).startsWith('cluster/') && !WIRING.has(relative(file)))
      .filter((file) => /from\s+['"][./]*\/?cluster\//.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(importers).toEqual([]);
  });

  it('are never named by the ledger', () => {
    const naming = sourceFiles(path.join(src, 'ledger'))
      .filter((file) => /cluster/i.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(naming).toEqual([]);
  });
});
