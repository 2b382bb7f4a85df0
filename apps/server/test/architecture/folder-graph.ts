import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's folders as nodes (each direct subfolder of src and of src/modules), and an edge
 * wherever a file of one imports a file of another. Type-only imports count too: a type names what
 * the importer depends on. The files directly in src are no folder: the wiring (app.ts, products.ts)
 * and single-file kernel parts (config.ts, errors.ts) that import no product.
 */
export function folderOf(srcDir: string, file: string): string | null {
  const parts = path.relative(srcDir, file).split(path.sep);
  if (parts.length === 1) return null;
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0]!;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

export function folderGraph(srcDir: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(srcDir)) {
    const from = folderOf(srcDir, file);
    if (from === null) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), (match[1] ?? match[2])!);
      if (!target.startsWith(srcDir + path.sep)) continue;
      const to = folderOf(srcDir, target);
      if (to !== null && to !== from && !edges.has(to)) edges.set(to, path.relative(srcDir, file));
    }
  }
  return graph;
}

/** Every strongly connected set of two or more folders (Tarjan), each with one importing file per edge inside it. */
export function folderCycles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) {
      const members = new Set(component);
      cycles.push(
        component.flatMap((a) => [...(graph.get(a) ?? [])].filter(([b]) => members.has(b)).map(([b, file]) => `${a} -> ${b} (${file})`)),
      );
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
