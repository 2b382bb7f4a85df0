import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
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

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', '.tmp/**'] },
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      // An import the resolver cannot find is skipped by no-restricted-paths, so it must know .ts and .tsx.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webLayerZones }],
    },
  },
  {
    files: ['**/scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
