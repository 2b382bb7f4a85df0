import { expect, test, type Locator } from '@playwright/test';

/** Spec 3 §9: at least 2 and up to 8 decimals with no padding zeros, or 8 decimals under 0.01. */
const PRICE = /^(\d{1,3}(,\d{3})*\.\d{2}(\d{0,6}[1-9])?|0\.\d{8})$/;

async function pricesIn(rows: Locator, cell: string): Promise<string[]> {
  return (await rows.locator(cell).allInnerTexts()).map((text) => text.trim());
}

test('Markets shows prices as the landing page does', async ({ page }) => {
  await page.goto('/market');
  const rows = page.locator('.markets-table tbody tr');
  await expect(rows.first()).toContainText('/USDT');
  const markets = await pricesIn(rows, 'td:nth-child(2)');
  expect(markets.length).toBeGreaterThan(5);
  for (const price of markets) expect(price).toMatch(PRICE);

  await page.goto('/');
  const trending = page.getByRole('table').locator('tbody tr');
  await expect(trending.first()).toContainText('/USDT');
  const landing = await pricesIn(trending, 'td:nth-child(2)');
  expect(landing.length).toBeGreaterThan(5);
  for (const price of landing) expect(price).toMatch(PRICE);
});

test('Markets on a phone keeps Trade and Convert on every row, inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/market');
  const rows = page.locator('.markets-table tbody tr');
  await expect(rows.first()).toContainText('/USDT');
  for (const row of (await rows.all()).slice(0, 5)) {
    for (const name of [/^Trade /, /^Convert /]) {
      const action = row.getByRole('link', { name });
      await expect(action).toBeVisible();
      const box = (await action.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  }
  await page.screenshot({ path: test.info().outputPath('markets-phone.png') });

  const first = rows.first();
  const symbol = (await first.locator('strong').first().innerText()).trim();
  await first.getByRole('link', { name: `Trade ${symbol}` }).click();
  await expect(page).toHaveURL(/\/spot-trading\?coin_pair_id=\d+/);
  await page.goBack();
  await rows.first().getByRole('link', { name: /^Convert / }).click();
  await expect(page).toHaveURL(/\/conversion$/);
});
