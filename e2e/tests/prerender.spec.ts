import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';

/**
 * Console errors and uncaught errors of the page's code (React reports hydration mismatches as
 * errors). The browser's own network log lines (the signed-out session check answers 401) are not.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const [path, heading] of [
  ['/', 'Turn a sentence into images, video, music and voices.'],
  ['/documentation', 'Documentation'],
] as const) {
  test(`${path} arrives with its main heading in the HTML and hydrates without errors`, async ({
    page,
    request,
  }) => {
    // Before any script runs: the HTML response itself carries the page.
    const response = await request.get(`${path}?v=3.1`, { headers: { accept: 'text/html' } });
    expect(response.headers()['cache-control']).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/);

    const errors = collectErrors(page);
    await page.goto(`${path}?v=3.1`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForLoadState('networkidle');
    // The page is interactive: a client-side navigation works without a reload.
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Privacy Policy' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('other pages arrive as the app shell and the page replaces its loading state', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/changelog?v=3.1', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('class="site-footer"');
  expect(html).toContain('role="status"');
  const errors = collectErrors(page);
  await page.goto('/changelog?v=3.1');
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
  // The entries, or the words for none yet, have replaced the page's loading state.
  await expect(page.getByText('Loading the changelog…')).toHaveCount(0);
  await expect(page.locator('.changelog-list, .changelog-empty')).toBeVisible();
  await page.waitForLoadState('load');
  expect(errors).toEqual([]);
});

test("a private page's shell links the page's own code and starts the sign-in check, which the page reuses", async ({
  page,
  request,
}) => {
  const html = await (await request.get('/studio?v=3.1', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('role="status"');
  expect(html).not.toContain('data-prerendered');
  expect(html).toMatch(
    /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/studio-[^"]+\.js">/,
  );
  expect(html).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">');

  await signIn(page, 'member');
  const checks: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/auth/me') checks.push(sent.url());
  });
  const errors = collectErrors(page);
  await page.goto('/studio?v=3.1');
  await expect(page.getByRole('heading', { level: 1, name: 'Studio' })).toBeVisible();
  await expect(page.getByLabel('Prompt')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(checks).toHaveLength(1);
  expect(errors).toEqual([]);
});
