import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

/**
 * The server (src/main.ts) as one JavaScript file, for the tests that start it in a process of its
 * own: under `node --import tsx` each start compiled and loaded its modules through the loader's
 * thread, 12.8 s of CPU for a restart on PGlite against 8.8 s from this bundle (load 18). The same
 * source, bundled at each run. Packages stay outside it, resolved from the repository as under tsx;
 * the workspace packages (TypeScript) are bundled. Each module keeps its own `import.meta.url`
 * (the repository root, the proof-of-reserves worker's file are found from it).
 */
export async function buildServerBundle(): Promise<string> {
  mkdirSync(path.join(SERVER_DIR, '.tmp'), { recursive: true });
  const dir = mkdtempSync(path.join(SERVER_DIR, '.tmp', 'server-bundle-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'main.mjs');
  await build({
    entryPoints: [path.join(SERVER_DIR, 'src/main.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'exchange-server',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@exchange/') ? undefined : { external: true }));
          b.onLoad({ filter: /\.ts$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  return file;
}
