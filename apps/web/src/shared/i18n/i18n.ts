import { i18n, type Messages } from '@lingui/core';
import { LANGUAGE_COOKIE, storageKeys } from '@exchange/contract';
import { setFormatLocale } from '../format/locale';
import { initialLocale, type Locale } from './locales';

/**
 * Each catalogue is its own chunk, fetched only when its language is chosen, so the landing page's
 * budget does not grow with the languages. English has none: a message's id is its English text,
 * and a message with placeholders carries its English form compiled at build time (vite.config.ts).
 */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  'zh-CN': () => import('../../locales/zh-CN.po'),
  es: () => import('../../locales/es.po'),
  vi: () => import('../../locales/vi.po'),
  tr: () => import('../../locales/tr.po'),
  ru: () => import('../../locales/ru.po'),
};

// Every message reaches the runtime compiled (catalogues by @lingui/vite-plugin, English by
// vite.config.ts); a bare string is an English text that is its own id and compiles to itself.
i18n.setMessagesCompiler((message) => [message]);

async function messagesOf(locale: Locale): Promise<Messages> {
  return locale === 'en' ? {} : (await loaders[locale]()).messages;
}

/** Loads a language's messages and makes it the page's language: texts, numbers, dates and `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await messagesOf(locale);
  setFormatLocale(locale);
  document.documentElement.lang = locale;
  i18n.loadAndActivate({ locale, messages });
  rememberForServer(locale);
}

const YEAR_S = 365 * 24 * 60 * 60;

/** Tells the server the page's language, so the next landing page it sends is drawn in it (apps/server/src/plugins/reads-english.ts). */
function rememberForServer(locale: Locale): void {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie, not a text for people
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${YEAR_S}; samesite=lax`;
}

function storedLocale(): string | null {
  try {
    return localStorage.getItem(storageKeys.language);
  } catch {
    return null;
  }
}

/** The language of this visit: the one chosen before, else the browser's if we speak it, else English. */
export function startupLocale(): Locale {
  return initialLocale(storedLocale(), navigator.languages ?? [navigator.language]);
}

/** Switches the language and remembers it for the next visits. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  try {
    localStorage.setItem(storageKeys.language, locale);
  } catch {
    // Private modes may refuse storage: the language still applies to this visit.
  }
}

export { i18n };
