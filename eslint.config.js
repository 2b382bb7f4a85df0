import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import lingui from 'eslint-plugin-lingui';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const webFeatures = readdirSync(join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web's layers (ARCHITECTURE.md): app/ composes features; a feature uses shared/ and the contract,
 * never another feature or app/; shared/ uses neither.
 */
const webLayerZones = [
  ...webFeatures.map((feature) => ({
    target: `apps/web/src/features/${feature}`,
    from: 'apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to src/shared/, or compose them in src/app/.',
  })),
  {
    target: 'apps/web/src/features',
    from: 'apps/web/src/app',
    message: 'A feature does not import the app shell: src/app/ composes features, not the other way round.',
  },
  {
    target: 'apps/web/src/shared',
    from: ['apps/web/src/features', 'apps/web/src/app'],
    message: 'src/shared/ is used by features and the app shell and imports neither.',
  },
];

const serverProducts = readdirSync(join(import.meta.dirname, 'apps/server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's kernel: what every product stands on, and which stands on none of them. Its
 * configuration is config/ and the list of variables; config.ts, the wiring, adds what the funds
 * product and the cluster parse from their own variables.
 */
const serverKernel = ['ledger', 'venue', 'db', 'kernel', 'clock', 'config', 'config-variables.ts'].map((part) => `apps/server/src/${part}`);

/**
 * The server's products (apps/server/src/modules, docs/architecture.md): a product imports another
 * only through that one's index, never its internals; the kernel imports no product.
 */
const serverZones = [
  ...serverProducts.map((product) => ({
    target: `apps/server/src/modules/${product}`,
    from: 'apps/server/src/modules',
    except: [`./${product}`, ...serverProducts.filter((other) => other !== product).map((other) => `./${other}/index.ts`)],
    message: 'A product imports another product only through its index (modules/<name>/index.ts), never its internals.',
  })),
  {
    target: serverKernel,
    from: 'apps/server/src/modules',
    message: 'The kernel imports no product: a product hands the kernel what it needs (kernel/product.ts).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.tmp/**',
      // Code that breaks the rules on purpose, for the tests that prove the rules fire (eslint-rules.test.ts).
      'apps/server/test/architecture/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The TypeScript resolver maps the server's `.js` specifiers to their `.ts` files, as tsc does:
    // an import it could not resolve would be skipped by the rules below. Import cycles are oxlint's
    // import/no-cycle (.oxlintrc.json, run first by `npm run lint`): eslint-plugin-import's took 82 of
    // eslint's 147 s of CPU on the whole repository, oxlint's takes 2 s.
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/resolver': { typescript: { noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'] } },
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones }],
    },
  },
  {
    // Small files with one job: a source file past 400 lines is split along its jobs.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // The server's test files share a worker's modules (vitest.config.ts, isolate: false), so a module
    // mocked in one would stay mocked for the files after it.
    files: ['apps/server/test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server test files share their modules (isolate: false): pass a fake in, instead of mocking a module or a global.',
        })),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webLayerZones }],
    },
  },
  {
    // Every text a page shows goes through Lingui (apps/web/src/shared/i18n/README.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // One word in lower case or camelCase: class names, keys, ids, event and storage names.
            '^(?![A-Z])\\S+$',
            // Constants and codes: USDT, BTC/USDT, GET, 1D.
            '^[A-Z0-9_/.-]+$',
            // CSS colours.
            '^rgba?\\(',
          ],
          ignoreNames: [
            { regex: { pattern: 'className$', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            'key', 'id', 'type', 'role', 'to', 'href', 'src', 'target', 'rel', 'method', 'name', 'inputMode',
            'autoComplete', 'pattern', 'Authorization', 'accept', 'align', 'variant', 'side', 'kind', 'status', 'tone',
            'data-testid', 'data-tour', 'data-slot', 'data-label-key', 'viewBox', 'd', 'fill', 'stroke',
            'transform', 'strokeDasharray', 'dateTime', 'width', 'height', 'level', 'bgColor', 'fgColor',
          ],
          ignoreFunctions: [
            'Error', 'console.*', '*.getItem', '*.setItem', '*.removeItem', 'clsx', 'createContext',
            '*.addEventListener', '*.removeEventListener', '*.closest', '*.querySelector', '*.querySelectorAll',
            'useMediaQuery', 'matchMedia', '*.matchMedia', 'navigate', 'apiRequest', 'marketGet', 'fetch',
            'URLSearchParams', 'URL', '*.startsWith', '*.endsWith', '*.includes', '*.replace', '*.split', '*.join',
            '*.test', 'RegExp', 'Intl.*', '*.toLocaleString', 'Symbol', 'setParams', 'useSearchParams', '*.get',
            'tourTarget', 'lazy', 'super',
          ],
        },
      ],
      // The rule above lets single words through; a word shown between tags is text all the same
      // (codes in capitals such as USDT are not words to translate).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[a-z]/]:not(JSXElement[openingElement.name.name="Trans"] JSXText)',
          message: 'Text shown on a page goes in <Trans> (or t`` for attributes) so it is translated.',
        },
      ],
    },
  },
  {
    files: ['**/scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
