import { expect, test } from '@playwright/test';
import { signIn, uniqueName } from '../support/auth.ts';

test('every served page names an icon that is there, the local sign-in page included', async ({ page }) => {
  const pages = [
    '/api/auth/local',
    '/menu',
    '/dashboard',
    '/_discord/app',
    '/_stripe/_emulator/checkout/cs_unknown',
  ];
  await signIn(page, uniqueName('icon'));
  for (const address of pages) {
    await page.goto(address);
    const href = await page.locator('link[rel~="icon"]').first().getAttribute('href');
    expect(href, `${address} names an icon`).toBeTruthy();
    const icon = await page.request.get(new URL(href!, page.url()).href);
    expect(icon.status(), `${address}: ${href}`).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
  }
  // A tab showing something without an icon link (a JSON answer) asks for /favicon.ico.
  const fallback = await page.request.get('/favicon.ico');
  expect(fallback.status()).toBe(200);
  expect(fallback.url()).toMatch(/\/favicon\.svg$/);
});
