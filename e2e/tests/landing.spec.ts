import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

test('the landing page shows what the product does and how to start', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('images, video, music');
  await expect(page.getByRole('link', { name: 'Log in with Discord' })).toHaveAttribute(
    'href',
    '/api/auth/discord',
  );
  await expect(page.getByRole('link', { name: 'Subscribe' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy credits' })).toBeVisible();
  await expect(page.getByText('Version 3.1')).toBeVisible();
  expect(errors).toEqual([]);
});

test('/menu is the landing page too, and unknown pages say so', async ({ page }) => {
  await page.goto('/menu');
  await expect(page.getByRole('link', { name: 'Log in with Discord' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('hashed assets are cached for a year and pages are not', async ({ request }) => {
  const html = await request.get('/');
  expect(html.headers()['cache-control']).toBe('no-cache');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())![1]!;
  const asset = await request.get(script, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toContain('immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
});

test('the landing page loads only its own code, within the 90 kB gzip budget', async ({ page }) => {
  const scripts: Promise<{ url: string; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) {
      scripts.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body).length })));
    }
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  // The editor, checkout, Stripe and the store load with the pages that need them.
  expect(
    loaded.map((script) => script.url).filter((url) => /editor|quill|checkout|stripe|base-api/.test(url)),
  ).toEqual([]);
  const total = loaded.reduce((sum, script) => sum + script.gzip, 0);
  expect(total).toBeLessThanOrEqual(90 * 1024);
});

test('a page address ending in something like an extension still opens the app', async ({
  page,
  request,
}) => {
  await page.goto('/changelog/Version%203.1');
  await expect(page.getByText('Version 3.1', { exact: true })).toBeVisible();
  await expect(page.locator('#root')).not.toBeEmpty();
  const missingAsset = await request.get('/assets/missing-chunk.js');
  expect(missingAsset.status()).toBe(404);
});
