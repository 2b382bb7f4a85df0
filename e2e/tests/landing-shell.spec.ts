import { expect, test } from '@playwright/test';

const screens = { desktop: { width: 1366, height: 800 }, phone: { width: 412, height: 823 } };

for (const [device, viewport] of Object.entries(screens)) {
  test(`before any script, the English landing page's hero lets its glow fade out, ${device}`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US', viewport });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Global Crypto Derivatives Exchange' })).toBeVisible();
    const { heroBottom, glowFadeEnd } = await page.evaluate(() => {
      const hero = document.querySelector('.hero')?.getBoundingClientRect();
      const glowElement = document.querySelector('.hero__glow');
      const glow = glowElement?.getBoundingClientRect();
      if (!hero || !glow || !glowElement) throw new Error('the page has no hero with a glow');
      // A `circle` radial gradient reaches the farthest corner; its last stop says where it is clear.
      const lastStop = /(\d+(?:\.\d+)?)%\)\s*$/.exec(getComputedStyle(glowElement).backgroundImage)?.[1];
      if (!lastStop) throw new Error('the glow is not a radial gradient ending at a percentage');
      const radius = Math.hypot(glow.width, glow.height) / 2;
      return { heroBottom: hero.bottom, glowFadeEnd: glow.top + glow.height / 2 + (Number(lastStop) / 100) * radius };
    });
    // The hero clips its glow: ending before the glow has faded, it drew a hard edge across the page.
    expect(heroBottom).toBeGreaterThanOrEqual(glowFadeEnd);
    await context.close();
  });
}
