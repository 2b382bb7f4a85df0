import { expect, test } from '@playwright/test';
import { createUser, signIn } from './session';

/**
 * Issue 40 item 5 in both languages and on both screens: Convert previews the firm quote with its
 * countdown, renews it when it runs out, and converts at the renewed one. flows-round2.spec.ts walks
 * the same in English on a desktop; this covers the other three.
 */

const LANGUAGES = {
  en: {
    from: 'From',
    convert: 'Convert',
    dialog: 'Confirm conversion',
    noFee: 'No fee',
    refreshes: /^Quote refreshes in \d+s$/,
    expires: /^Quote expires in \d+s$/,
    lastSecond: 'Quote expires in 1s',
    renewed: /^The quote expired and was renewed at the current rate/,
    confirm: 'Confirm',
    success: 'Success! Your conversion was processed.',
    available: 'Available: 9,900.00000000 USDT',
    receive: /^0\.\d{1,8} BTC$/,
  },
  es: {
    from: 'Desde',
    convert: 'Convertir',
    dialog: 'Confirmar conversión',
    noFee: 'Sin comisión',
    refreshes: /^La cotización se renueva en \d+ s$/,
    expires: /^La cotización vence en \d+ s$/,
    lastSecond: 'La cotización vence en 1 s',
    renewed: /^La cotización venció y se renovó al tipo actual/,
    confirm: 'Confirmar',
    success: '¡Listo! Tu conversión se ha procesado.',
    available: 'Disponible: 9900,00000000 USDT',
    receive: /^0,\d{1,8} BTC$/,
  },
} as const;

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

for (const [language, words] of Object.entries(LANGUAGES)) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    // English on a desktop is flows-round2.spec.ts's.
    if (language === 'en' && device === 'desktop') continue;
    test(`${device}, ${language}: the convert preview counts down, re-quotes when the quote expires and converts at the new quote`, async ({ browser, request }) => {
      const user = await createUser(request, `requote-${language}-${device}`);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, user);
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      await page.goto('/conversion');
      await expect(page.locator('html')).toHaveAttribute('lang', language);

      await page.getByRole('textbox', { name: words.from }).fill('100');
      await expect(page.getByText(words.refreshes)).toBeVisible();
      await page.getByRole('button', { name: words.convert, exact: true }).click();
      const preview = page.getByRole('dialog', { name: words.dialog });
      await expect(preview.getByTestId('convert-preview-pay')).toHaveText('100 USDT');
      await expect(preview.getByTestId('convert-preview-receive')).toHaveText(words.receive);
      await expect(preview.getByText(words.noFee)).toBeVisible();
      await expect(preview.getByTestId('convert-preview-countdown')).toHaveText(words.expires);
      // The whole preview, its Confirm button included, is on the screen.
      const box = (await preview.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await expect(preview.getByRole('button', { name: words.confirm, exact: true })).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`convert-preview-${language}-${device}.png`) });

      // The quote lives CONVERT_QUOTE_TTL_MS (10 s): the countdown reaching its end is what the test waits for.
      const renewal = page.waitForResponse((r) => r.url().includes('/api/v1/convert/quote') && r.ok(), { timeout: 20_000 });
      await expect(preview.getByTestId('convert-preview-countdown')).toHaveText(words.lastSecond, { timeout: 15_000 });
      const renewed = (await (await renewal).json()) as { quote_id: string; converted_amount: string };
      await expect(preview.getByText(words.renewed)).toBeVisible();
      await expect(preview.getByTestId('convert-preview-countdown')).toHaveText(words.expires);

      const sent = page.waitForRequest((r) => r.url().includes('/api/v1/conversions') && r.method() === 'POST');
      await preview.getByRole('button', { name: words.confirm, exact: true }).click();
      const body = (await sent).postDataJSON() as { quote_id: string; converted_amount: string };
      expect(body.quote_id).toBe(renewed.quote_id);
      expect(body.converted_amount).toBe(renewed.converted_amount);
      await expect(page.getByText(words.success)).toBeVisible();
      await expect(preview).toBeHidden();
      await expect(page.getByTestId('convert-available')).toHaveText(words.available);
      await context.close();
    });
  }
}
