import { expect, test } from '@playwright/test';

test('a language picked in the header applies to every page and stays after a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('banner').getByRole('button', { name: 'Language and currency' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Español' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Exchange global de derivados cripto' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  const trending = page.locator('section', { has: page.getByRole('heading', { name: 'Criptomonedas en tendencia' }) });
  // Spanish numbers: a decimal comma, and a point between thousands.
  await expect(trending.getByRole('row', { name: /^BTC\/USDT \d{1,3}(\.\d{3})*,\d+ [+-]\d+,\d\d\s?%/ })).toBeVisible();

  await trending.getByRole('link', { name: 'Operar BTC' }).click();
  await expect(page).toHaveURL(/\/spot-trading/);
  await expect(page.getByRole('tab', { name: 'Libro de órdenes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Comprar', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Historial de órdenes' })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('tab', { name: 'Libro de órdenes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'INICIA SESIÓN PARA OPERAR' })).toBeVisible();
});

test.describe('a first visit from a Russian browser', () => {
  test.use({ locale: 'ru-RU' });

  test('opens in Russian', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
  });
});
