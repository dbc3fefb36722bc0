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

test('the landing page loads only its own code: its first load within the 90 kB gzip budget, the strip after it', async ({
  page,
  request,
}) => {
  // The first load is what the page's HTML names (its script and the chunks it preloads); the
  // strip of recent creations is fetched after the first paint, by design outside that budget.
  const html = await (await request.get('/')).text();
  const firstLoad = new Set(
    [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="(\/[^"]+\.js)"/g)].map(
      (match) => match[1]!,
    ),
  );
  expect(firstLoad.size).toBeGreaterThan(0);
  const scripts: Promise<{ path: string; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) {
      const path = new URL(response.url()).pathname;
      scripts.push(response.body().then((body) => ({ path, gzip: gzipSync(body).length })));
    }
  });
  await page.goto('/');
  // The strip has come (its link shows whether or not anything public has been made yet).
  await expect(page.getByRole('link', { name: 'See the whole gallery' })).toBeVisible();
  const loaded = await Promise.all(scripts);
  // The editor, checkout, Stripe and the store load with the pages that need them.
  expect(
    loaded.map((script) => script.path).filter((path) => /editor|quill|checkout|stripe|base-api/.test(path)),
  ).toEqual([]);
  const sum = (list: { gzip: number }[]) => list.reduce((total, script) => total + script.gzip, 0);
  const first = loaded.filter((script) => firstLoad.has(script.path));
  expect(first.map((script) => script.path).sort()).toEqual([...firstLoad].sort());
  expect(sum(first)).toBeLessThanOrEqual(90 * 1024);
  // The strip's own code (the creation grid and what it prices and names) stays small.
  expect(sum(loaded) - sum(first)).toBeLessThanOrEqual(12 * 1024);
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
