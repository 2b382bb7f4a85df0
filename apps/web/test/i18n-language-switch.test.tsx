import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { msg } from '@lingui/core/macro';
import { ID_TYPES, LANGUAGE_COOKIE, storageKeys, walletMessages } from '@exchange/contract';
import { routes } from '../src/app/routes';
import { activateLocale } from '../src/shared/i18n/i18n';
import { formatPrice } from '../src/shared/format/price';
import { useContractText } from '../src/shared/i18n/contractText';
import { LOCALES } from '../src/shared/i18n/locales';

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

const header = () => within(screen.getByRole('banner'));

async function openLanguages() {
  await userEvent.click(header().getByRole('button', { name: /Language and currency|Idioma y moneda/ }));
  return within(await screen.findByRole('dialog'));
}

beforeEach(() => localStorage.clear());

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await activateLocale('en');
});

describe('choosing a language', () => {
  it('lists the six languages, each by its own name and in its own language', async () => {
    renderAt('/account/profile/preferences');
    const dialog = await openLanguages();
    const options = within(dialog.getByRole('radiogroup', { name: 'Language' })).getAllByRole('radio');
    expect(options.map((option) => [option.textContent, option.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['简体中文', 'zh-CN'],
      ['Español', 'es'],
      ['Tiếng Việt', 'vi'],
      ['Türkçe', 'tr'],
      ['Русский', 'ru'],
    ]);
    expect(dialog.getByRole('radio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
  });

  it('switches the page to the chosen language, remembers it and sets <html lang>', async () => {
    renderAt('/account/profile/preferences');
    const dialog = await openLanguages();
    await userEvent.click(dialog.getByRole('radio', { name: 'Español' }));

    // The catalogue loads, then the modal closes on the page now in Spanish.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(header().getByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Preferencias' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(storageKeys.language)).toBe('es');
    expect(formatPrice(103631.08)).toBe('103.631,08');

    const reopened = await openLanguages();
    expect(reopened.getByRole('radio', { name: 'Español' }).getAttribute('aria-checked')).toBe('true');
  });

  it("shows the contract's texts in the chosen language", async () => {
    await activateLocale('ru');
    renderAt('/account/profile/preferences');
    expect(await screen.findByText('Эта функция скоро появится')).toBeTruthy();
    expect(document.documentElement.lang).toBe('ru');
  });
});

describe('useContractText', () => {
  it('translates a text the catalogue knows and shows any other as it came, without warnings', async () => {
    await activateLocale('ru');
    const warn = vi.spyOn(console, 'warn');
    const { result } = renderHook(() => useContractText());
    expect(result.current(walletMessages.insufficientBalance)).toBe('Недостаточно средств');
    expect(result.current('API Error: 502 Bad Gateway')).toBe('API Error: 502 Bad Gateway');
    expect(result.current(msg`Trade`)).toBe('Торговать');
    expect(warn).not.toHaveBeenCalled();
  });

  it('translates the verification ID types in every language', async () => {
    for (const { code } of LOCALES.filter((locale) => locale.code !== 'en')) {
      await activateLocale(code);
      const { result, unmount } = renderHook(() => useContractText());
      for (const { name } of ID_TYPES) expect(result.current(name), `${name} in ${code}`).not.toBe(name);
      unmount();
    }
    await activateLocale('es');
    const { result } = renderHook(() => useContractText());
    expect(result.current(ID_TYPES.find((type) => type.apiValue === 'passport')!.name)).toBe('Pasaporte');
  });

  it('shows English texts as they are, with no catalogue loaded', () => {
    const { result } = renderHook(() => useContractText());
    expect(result.current(walletMessages.insufficientBalance)).toBe('Insufficient balance');
    expect(result.current(msg`Trade`)).toBe('Trade');
  });
});

describe('the language cookie', () => {
  it('tells the server the page’s language each time one is applied, so it can draw the next landing page in it', async () => {
    await activateLocale('es');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=es`);
    await activateLocale('en');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
  });
});
