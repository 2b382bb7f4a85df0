import type { JSXElementConstructor, ReactNode } from 'react';
import { vi } from 'vitest';
import { I18nProvider } from '@lingui/react';
import type { RenderHookOptions, RenderOptions } from '@testing-library/react';
import { activateLocale, i18n } from '../../src/shared/i18n/i18n';

/**
 * Components render inside the app's I18nProvider, in English as on an en-US browser: every render
 * and renderHook of a test gets the provider around its own wrapper, without each test adding it.
 */
await activateLocale('en');

type Wrapper = JSXElementConstructor<{ children: ReactNode }>;

function withI18n(Inner?: Wrapper): Wrapper {
  return function I18nWrapper({ children }: { children: ReactNode }) {
    return <I18nProvider i18n={i18n}>{Inner ? <Inner>{children}</Inner> : children}</I18nProvider>;
  };
}

vi.mock('@testing-library/react', async (importOriginal) => {
  const rtl = await importOriginal<typeof import('@testing-library/react')>();
  const render = (ui: ReactNode, options?: RenderOptions) => rtl.render(ui, { ...options, wrapper: withI18n(options?.wrapper) });
  const renderHook = (hook: (props: unknown) => unknown, options?: RenderHookOptions<unknown>) =>
    rtl.renderHook(hook, { ...options, wrapper: withI18n(options?.wrapper) });
  // A lazy page's modules go through the macros' Babel pass on first use, which on a loaded machine
  // takes longer than the one second findBy and waitFor wait by default.
  rtl.configure({ asyncUtilTimeout: 5000 });
  return { ...rtl, render: render as typeof rtl.render, renderHook: renderHook as typeof rtl.renderHook };
});
