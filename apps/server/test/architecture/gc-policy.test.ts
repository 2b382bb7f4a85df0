import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the server process’s GC policy', () => {
  it('is the first thing main.ts imports, so that it is set before the server allocates', () => {
    const main = readFileSync(new URL('../../src/main.ts', import.meta.url), 'utf8');
    const firstImport = main.split('\n').find((line) => line.startsWith('import '));
    expect(firstImport).toBe("import './gc-policy.js';");
    expect(readFileSync(new URL('../../src/gc-policy.ts', import.meta.url), 'utf8')).toContain("setFlagsFromString('--no-allocation-site-pretenuring')");
  });
});
