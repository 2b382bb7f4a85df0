import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { contractExtractor } from './lingui/contractExtractor';
import { textIdExtractor } from './lingui/textIds';
import { SOURCE_LOCALE, LOCALE_CODES } from './src/shared/i18n/locales';

/**
 * Message catalogues of the web app, one PO file per language in src/locales. Every message's id
 * is its English text (lingui/textIds.ts), the web's and the contract's alike: the contract's
 * user-facing texts are English source strings shared with the server, translated by the web when
 * shown.
 */
export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALE_CODES],
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src', '<rootDir>/../../packages/contract/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
  ],
  extractors: [contractExtractor, textIdExtractor],
  orderBy: 'message',
  // Origins without line numbers, so moving code does not rewrite every catalogue; every id is explicit.
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
});
