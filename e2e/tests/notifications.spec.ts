import { expect, test, type APIRequestContext } from '@playwright/test';
import { createUser, placeLimitBuy, signIn, type TestUser } from './session';

/** TRC20's network id (apps/server/src/modules/funds/networks.ts): 19 confirmations, seconds on the e2e chain. */
const TRC20 = 2;

/** What the bell says, in each language the test reads it in. */
const texts = {
  en: { locale: 'en-US', bell: 'Notifications', unread: (n: number) => `Notifications, ${n} unread`, filled: 'Buy order filled', credited: 'Deposit credited', credit: '25 USDT via TRC20 is in your account.' },
  es: {
    locale: 'es-ES',
    bell: 'Notificaciones',
    unread: (n: number) => `Notificaciones, ${n} sin leer`,
    filled: 'Orden de compra ejecutada',
    credited: 'Depósito acreditado',
    credit: '25 USDT vía TRC20 ya está en tu cuenta.',
  },
} as const;

const viewports = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function depositUsdt(request: APIRequestContext, user: TestUser, amount: string): Promise<void> {
  const headers = { Authorization: `Bearer ${user.token}` };
  expect((await request.get(`/api/v1/deposit-address?apikey=nexa-web&uid=${user.uid}&network_id=${TRC20}`, { headers })).ok()).toBe(true);
  const sent = await request.post('/api/v1/simulated-chain/deposits', { headers, data: { apikey: 'nexa-web', uid: user.uid, network_id: TRC20, symbol: 'USDT', amount } });
  expect(sent.status(), await sent.text()).toBe(200);
}

for (const [language, words] of Object.entries(texts)) {
  for (const [device, viewport] of Object.entries(viewports)) {
    test.describe(`the bell in ${language} on ${device}`, () => {
      test.use({ locale: words.locale, viewport });

      test('a fill and a deposit appear live with the unread count', async ({ page, request }) => {
        const user = await createUser(request, `bell-${language}-${device}`);
        await signIn(page, user);
        await page.goto('/assets');
        const banner = page.getByRole('banner');
        await expect(banner.getByRole('button', { name: words.bell, exact: true })).toBeVisible();
        await expect(banner.getByTestId('bell-unread')).toHaveCount(0);

        // A limit buy above the market fills at once against the simulated market's quotes.
        expect(await placeLimitBuy(request, user, { symbol: 'BTC', amount: '0.001', priceFactor: 1.05 })).toBe('filled');
        await expect(banner.getByRole('button', { name: words.unread(1) })).toBeVisible({ timeout: 20_000 });
        await expect(banner.getByTestId('bell-unread')).toHaveText('1');

        await depositUsdt(request, user, '25');
        await expect(banner.getByRole('button', { name: words.unread(2) })).toBeVisible({ timeout: 30_000 });
        await expect(banner.getByTestId('bell-unread')).toHaveText('2');

        await banner.getByRole('button', { name: words.unread(2) }).click();
        const panel = banner.getByRole('tabpanel');
        await expect(panel.getByText(words.filled)).toBeVisible();
        await expect(panel.getByText(words.credited)).toBeVisible();
        await expect(panel.getByText(words.credit)).toBeVisible();
        // The panel fits the screen, whatever its width.
        const box = await panel.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);

        await panel.getByRole('link', { name: new RegExp(words.credited) }).click();
        await expect(page).toHaveURL(/\/deposit$/);
        await expect(banner.getByRole('button', { name: words.unread(1) })).toBeVisible();
      });
    });
  }
}
