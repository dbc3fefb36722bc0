import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoApp } from './fixtures/demo-app.ts';

let browser: Browser;
let demo: Awaited<ReturnType<typeof startDemoApp>>;
let page: Page;

beforeAll(async () => {
  demo = await startDemoApp();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext();
  await context.addCookies([{ name: 'sid', value: 'member', url: demo.url }]);
  page = await context.newPage();
  page.setDefaultTimeout(8000);
  page.on('pageerror', (err) => {
    throw err;
  });
});

afterAll(async () => {
  await browser?.close();
  await demo?.app.close();
});

it('uses the bot from the channel page: /make with autocomplete, a button, a modal and a DM', async () => {
  await page.goto(`${demo.url}/_discord/app`);
  await expect.poll(() => page.locator('.me-name').textContent()).toBe('Member');
  await page.getByRole('button', { name: '# image-2' }).click();
  await expect.poll(() => page.locator('#title').textContent()).toBe('# image-2');

  const input = page.getByRole('combobox', { name: 'Message # image-2' });
  await input.fill('/m');
  await expect
    .poll(() => page.getByRole('option').allTextContents())
    .toEqual(['/makeMake an image', '/musicMake music']);
  await input.press('Enter');
  await page.getByLabel(/prompt/).fill('a red fox');
  await page
    .locator('#opt-image')
    .setInputFiles({ name: 'start.png', mimeType: 'image/png', buffer: Buffer.alloc(68, 1) });
  await page.getByRole('button', { name: 'Send' }).click();

  const answer = page.locator('.msg', {
    hasText: 'Here is your image of a red fox from start.png (68 bytes)',
  });
  await answer.waitFor();
  expect(await answer.locator('.used').textContent()).toBe('Member used /make');
  // A menu whose answer leaves its message as it was shows its placeholder again, ready for use.
  const style = answer.getByRole('combobox', { name: 'Pick a style' });
  await style.selectOption('ink');
  await page.locator('.msg.ephemeral', { hasText: 'Style: ink' }).waitFor();
  await expect.poll(() => style.inputValue()).toBe('');
  await expect.poll(() => style.isEnabled()).toBe(true);
  await answer.getByRole('button', { name: 'Name it' }).click();

  const dialog = page.getByRole('dialog', { name: 'Name your image' });
  await dialog.waitFor();
  await dialog.getByLabel('Title').fill('Sunset');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  const named = page.locator('.msg', { hasText: 'Named: Sunset' });
  await named.waitFor();
  expect(await named.locator('.mention-me').textContent()).toBe('@Member');

  await page.getByRole('button', { name: '@ HyperCreate' }).click();
  const dm = page.locator('.msg', { hasText: 'Your image "Sunset" is ready' });
  await dm.waitFor();
  const img = dm.locator('img');
  await expect
    .poll(() =>
      img.evaluate((el) => (el as unknown as { complete: boolean; naturalWidth: number }).naturalWidth),
    )
    .toBe(2);
});

it('refuses the page and its API to a visitor the host does not sign in', async () => {
  const stranger = await browser.newPage();
  await stranger.goto(`${demo.url}/_discord/app`);
  await expect.poll(() => stranger.locator('#root').textContent()).toMatch(/Sign in to the app first/);
  await stranger.close();
  const res = await fetch(`${demo.url}/_discord/app/api/channels/100000000000000200/messages`);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ error: { code: 'unauthenticated', message: 'Sign in first.' } });
});
