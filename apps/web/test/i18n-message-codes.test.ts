import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs, type AllCatalogsType } from '@lingui/cli/api';
import { codedMessages, type MessageCode } from '@exchange/contract';
import { untranslatedCodes } from '../lingui/codeCoverage';
import { LOCALE_CODES, SOURCE_LOCALE } from '../src/shared/i18n/locales';

/**
 * Every server message code is translated in every catalogue (issue 40): `npm run i18n:check`
 * runs this file, so a code added to the contract without its translations fails the check.
 */
const configPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'lingui.config.ts');
const translated = LOCALE_CODES.filter((locale) => locale !== SOURCE_LOCALE);

let catalogues: AllCatalogsType;

beforeAll(async () => {
  const [catalog] = await getCatalogs(getConfig({ configPath, skipValidation: true }));
  if (!catalog) throw new Error('lingui.config.ts defines no catalogue');
  catalogues = await catalog.readAll();
}, 120_000);

const only = (locales: readonly string[]) => Object.fromEntries(locales.map((locale) => [locale, catalogues[locale] ?? {}]));

describe('server message codes in the catalogues', () => {
  it('every code is translated in every catalogue, with all its values', () => {
    expect(Object.keys(codedMessages).length).toBeGreaterThan(20);
    expect(untranslatedCodes(only(translated))).toEqual([]);
  });

  it('fails on a code whose translation is missing from one catalogue', () => {
    const code: MessageCode = 'deposit.belowMinimum';
    const es = { ...catalogues.es };
    delete es[codedMessages[code]];
    expect(untranslatedCodes({ ...only(translated), es })).toEqual([`es: ${code} has no translation`]);
  });

  it('fails on a translation that drops a value, and on a code no catalogue knows', () => {
    const code: MessageCode = 'withdraw.dailyLimit';
    const vi = { ...catalogues.vi, [codedMessages[code]]: { translation: 'Vượt hạn mức rút hằng ngày {limit} USDT' } };
    expect(untranslatedCodes({ vi })).toEqual([`vi: ${code} loses {left}`]);
    expect(untranslatedCodes({ ru: {} }, ['earn.belowMinimum'])).toEqual(['ru: earn.belowMinimum has no translation']);
  });
});
