import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs, type AllCatalogsType, type ExtractedCatalogType } from '@lingui/cli/api';
import { LOCALE_CODES, SOURCE_LOCALE } from '../src/shared/i18n/locales';

/**
 * The catalogues hold every message of the built pages, translated into every language. The
 * messages are extracted from the sources here as `npm run i18n:extract` does, so a text wrapped in
 * the code but never extracted fails as surely as one left untranslated.
 */
const configPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'lingui.config.ts');

let extracted: ExtractedCatalogType;
let catalogues: AllCatalogsType;

beforeAll(async () => {
  const config = getConfig({ configPath, skipValidation: true });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts defines no catalogue');
  const collected = await catalog.collect();
  if (!collected) throw new Error('Extraction failed: see the errors above');
  extracted = collected;
  catalogues = await catalog.readAll();
}, 120_000);

/** `{name}` placeholders and `<0>` tags: a translation must keep every one of its source's. */
function slots(text: string): string[] {
  const names = [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...text.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0]);
  return [...new Set([...names, ...tags])].sort();
}

describe('message catalogues', () => {
  it('extracts the messages of the built pages', () => {
    expect(Object.keys(extracted).length).toBeGreaterThan(100);
  });

  it.each(LOCALE_CODES)('%s holds every extracted message and nothing stale (run npm run i18n:extract)', (locale) => {
    const stored = Object.entries(catalogues[locale] ?? {})
      .filter(([, entry]) => !entry.obsolete)
      .map(([id]) => id)
      .sort();
    const missing = Object.keys(extracted).filter((id) => !stored.includes(id)).map((id) => extracted[id]?.message ?? id);
    const stale = stored.filter((id) => !(id in extracted)).map((id) => catalogues[locale]?.[id]?.message ?? id);
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(LOCALE_CODES.filter((locale) => locale !== SOURCE_LOCALE))('%s translates every message, keeping its placeholders', (locale) => {
    const problems: string[] = [];
    for (const [id, source] of Object.entries(extracted)) {
      const english = source.message ?? id;
      const translation = catalogues[locale]?.[id]?.translation?.trim();
      if (!translation) problems.push(`untranslated: ${english}`);
      else if (slots(translation).join() !== slots(english).join()) problems.push(`placeholders differ: ${english} -> ${translation}`);
    }
    expect(problems).toEqual([]);
  });
});
