import { parse as parseCookies } from 'cookie';
import { LANGUAGE_COOKIE } from '@exchange/contract';

/** The first language of an Accept-Language header, by quality and then by order. */
function firstLanguage(header: string | undefined): string | null {
  const ranked = (header ?? '')
    .split(',')
    .map((item, order) => {
      const [tag = '', ...params] = item.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((item) => item.tag !== '' && item.tag !== '*' && item.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked[0]?.tag ?? null;
}

/**
 * Whether a visitor will surely read the web app in English: their chosen language (the cookie the
 * web app keeps) is English or, with no choice made, their browser's first language is. A visitor
 * it is unsure of gets the page without English text drawn ahead of the app.
 */
export function readsEnglish(cookieHeader: string | undefined, acceptLanguage: string | undefined): boolean {
  const chosen = parseCookies(cookieHeader ?? '')[LANGUAGE_COOKIE];
  if (chosen !== undefined) return chosen === 'en';
  const first = firstLanguage(acceptLanguage);
  return first === null || first.toLowerCase().split(/[-_]/)[0] === 'en';
}
