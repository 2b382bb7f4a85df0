import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderCycles, folderGraph } from './folder-graph.js';

const src = path.resolve(import.meta.dirname, '../../src');

describe('the server folders', () => {
  it('import each other without a cycle', () => {
    expect(folderCycles(folderGraph(src))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a/x.ts']])],
      ['b', new Map([['c', 'b/y.ts']])],
      ['c', new Map([['a', 'c/z.ts']])],
      ['d', new Map([['a', 'd/w.ts']])],
    ]);
    expect(folderCycles(graph).map((c) => [...c].sort())).toEqual([['a -> b (a/x.ts)', 'b -> c (b/y.ts)', 'c -> a (c/z.ts)']]);
  });
});
