/** The languages the web app speaks, each named in its own language as the language picker lists it. */
export const LOCALES = [
  { code: 'en', name: 'English' },
  { code: 'zh-CN', name: '简体中文' },
  { code: 'es', name: 'Español' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'ru', name: 'Русский' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];

export const SOURCE_LOCALE: Locale = 'en';

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((locale) => locale.code);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

/**
 * The language of a first visit: the first of the browser's languages we speak, matched on the whole
 * tag and then on the language alone ("es-MX" reads Spanish). Chinese is matched on its script:
 * "zh", "zh-CN" and "zh-Hans-*" read Simplified Chinese, while Traditional Chinese readers
 * ("zh-TW", "zh-HK", "zh-Hant") get their next language rather than the wrong script.
 */
export function localeFromBrowser(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return SOURCE_LOCALE;
}

const TRADITIONAL_CHINESE = ['hant', 'tw', 'hk', 'mo'];

function matchLocale(tag: string): Locale | null {
  const [language, ...subtags] = tag.toLowerCase().split(/[-_]/);
  if (language === 'zh') {
    if (subtags.includes('hans')) return 'zh-CN';
    return subtags.some((subtag) => TRADITIONAL_CHINESE.includes(subtag)) ? null : 'zh-CN';
  }
  return LOCALE_CODES.find((code) => code === language) ?? null;
}

/** The remembered choice if it is one we speak, else the browser's language. */
export function initialLocale(stored: string | null, languages: readonly string[]): Locale {
  return isLocale(stored) ? stored : localeFromBrowser(languages);
}
