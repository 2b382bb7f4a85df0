import { describe, expect, it } from 'vitest';
import { initialLocale, localeFromBrowser } from '../src/shared/i18n/locales';

describe('the language of a visit', () => {
  it.each([
    [['es-MX', 'en-US'], 'es'],
    [['ru'], 'ru'],
    [['tr-TR'], 'tr'],
    [['vi-VN', 'en'], 'vi'],
    [['zh-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-Hans-HK'], 'zh-CN'],
    [['de-DE', 'ru-RU'], 'ru'],
    [['zh-TW', 'es'], 'es'],
    [['zh-Hant'], 'en'],
    [['de-DE', 'fr'], 'en'],
    [['en-US'], 'en'],
    [[], 'en'],
  ])('the browser asking for %j reads %s', (languages, expected) => {
    expect(localeFromBrowser(languages)).toBe(expected);
  });

  it('prefers the remembered choice to the browser', () => {
    expect(initialLocale('tr', ['es-ES'])).toBe('tr');
  });

  it('ignores a remembered value it does not speak', () => {
    expect(initialLocale('fr', ['vi'])).toBe('vi');
    expect(initialLocale(null, ['vi'])).toBe('vi');
  });
});
