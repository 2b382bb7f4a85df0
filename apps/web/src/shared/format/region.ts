import { formatLocale } from './locale';

/** A country or region's name in the page's language ("Philippines", "Филиппины"), else `fallback`. */
export function regionName(code: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([formatLocale()], { type: 'region', fallback: 'none' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}
