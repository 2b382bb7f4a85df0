import { expect, test } from '@playwright/test';

test('the chart embed is 320 px tall on a phone and fills the window on a desktop', async ({ browser }) => {
  for (const [viewport, height] of [
    [{ width: 390, height: 844 }, 320],
    [{ width: 1440, height: 900 }, 900],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto('/tradingviewEmbed');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('BTC/USDT');
    expect((await page.locator('.chart-embed').boundingBox())?.height).toBe(height);
    await context.close();
  }
});

test('coin_pair_id is the pair id the rest of the app uses: 2 draws ETH', async ({ page, request }) => {
  const coins = (await (await request.get('/api/v1/coins?apikey=nexa-web')).json()) as { id: number; symbol: string }[];
  expect(coins.find((coin) => coin.id === 2)?.symbol).toBe('ETH');
  await page.goto('/tradingviewEmbed?coin_pair_id=2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ETH/USDT');
  await page.goto('/spot-trading?coin_pair_id=2');
  await expect(page.getByRole('form', { name: 'Buy ETH' })).toBeVisible();
});
