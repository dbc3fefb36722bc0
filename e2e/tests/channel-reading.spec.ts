import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueName } from '../support/auth.ts';

/** A new user (with the welcome credits: five grids) on the channel page, in the channel named. */
async function openChannel(page: Page, channel: string) {
  const name = uniqueName('read');
  await signIn(page, name);
  await page.goto('/_discord/app');
  await expect(page.locator('.me-name')).toHaveText(name);
  await page.getByRole('button', { name: `# ${channel}`, exact: true }).click();
  await expect(page.locator('#title')).toHaveText(`# ${channel}`);
  return name;
}

async function make(page: Page, channel: string, typed: string) {
  const input = page.getByRole('combobox', { name: `Message # ${channel}` });
  await input.pressSequentially(typed);
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue('');
}

test('after five commands the newest result is in view', async ({ page }) => {
  test.setTimeout(180_000);
  const name = await openChannel(page, 'image-4');
  for (let n = 1; n <= 5; n++) await make(page, 'image-4', `/make a lantern number ${n}`);
  const mine = page.locator('.msg').filter({ hasText: `@${name} your /make is ready` });
  const newest = mine.filter({ hasText: 'a lantern number 5' });
  await expect(newest).toBeVisible({ timeout: 150_000 });
  await expect(mine).toHaveCount(5, { timeout: 150_000 });
  // The last of them, with its grid loaded, is on screen: the page followed the new messages.
  const last = mine.last();
  await expect(last.locator('.v2-gallery img').first()).toBeVisible();
  await expect
    .poll(() =>
      last
        .locator('.v2-gallery img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(last).toBeInViewport();
  await expect(page.locator('#new-messages')).toBeHidden();

  // Reading older messages: what arrives below raises the "new messages" bar instead of moving the view.
  const list = page.locator('#messages');
  await list.evaluate((el) => (el.scrollTop = 0));
  const channelId = await page.evaluate(() =>
    fetch('/_discord/app/api/state')
      .then((r) => r.json())
      .then(
        (s: { channels: { id: string; name: string }[] }) => s.channels.find((c) => c.name === 'image-4')!.id,
      ),
  );
  const sent = await page.request.post(`/_discord/app/api/channels/${channelId}/messages`, {
    multipart: { payload_json: JSON.stringify({ content: `a note for ${name}` }) },
  });
  expect(sent.status()).toBe(200);
  const bar = page.getByRole('button', { name: /new messages? — jump to present/ });
  await expect(bar).toBeVisible();
  expect(await list.evaluate((el) => el.scrollTop)).toBeLessThan(50);
  await bar.click();
  await expect(page.locator('.msg', { hasText: `a note for ${name}` })).toBeInViewport();
  await expect(bar).toBeHidden();
});

test('/make prompt: a red fox is the prompt "a red fox", as Discord\'s composer reads it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = await openChannel(page, 'image-3');
  const input = page.getByRole('combobox', { name: 'Message # image-3' });
  await input.pressSequentially('/make prompt: a red fox');
  const prompt = page.getByRole('textbox', { name: /^prompt/ });
  await expect(prompt).toHaveValue('a red fox');
  await page.keyboard.press('Enter');
  const result = page.locator('.msg').filter({ hasText: `@${name} your /make is ready` });
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(result.locator('.content', { hasText: 'Prompt:' })).toContainText('Prompt: a red fox');
  await expect(result).not.toContainText('prompt:');
  // The card's Media Gallery: the grid's four images, each named and opening the single image.
  await expect(result.locator('.v2-gallery img')).toHaveCount(4);
  for (const n of [1, 2, 3, 4])
    await expect(
      result.locator('.v2-gallery').getByRole('link', { name: `Image ${n}`, exact: true }),
    ).toBeVisible();
});

test('reloading with an Edit window open does not open it again', async ({ page, context }) => {
  test.setTimeout(120_000);
  const name = await openChannel(page, 'image-2');
  await make(page, 'image-2', '/make a quiet harbour');
  const result = page.locator('.msg').filter({ hasText: `@${name} your /make is ready` });
  await expect(result).toBeVisible({ timeout: 90_000 });
  await result.getByRole('button', { name: 'Edit & regenerate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit & regenerate' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Prompt' })).toHaveValue('a quiet harbour');

  await page.reload();
  await page.getByRole('button', { name: '# image-2', exact: true }).click();
  await expect(result).toBeVisible();
  // The server still holds the window open, and the page has read that twice since: it stays shut.
  const openModals = () =>
    page.evaluate(() =>
      fetch('/_discord/app/api/state')
        .then((r) => r.json())
        .then((s: { modals: unknown[] }) => s.modals.length),
    );
  expect(await openModals()).toBeGreaterThan(0);
  for (let round = 0; round < 2; round++)
    await page.waitForResponse((response) => response.url().endsWith('/_discord/app/api/state'));
  await expect(dialog).toBeHidden();
  // A new browser session of the same person: not there either.
  const other = await context.newPage();
  await other.goto('/_discord/app');
  await other.getByRole('button', { name: '# image-2', exact: true }).click();
  await expect(other.locator('.msg').filter({ hasText: `@${name} your /make is ready` })).toBeVisible();
  await expect(other.getByRole('dialog', { name: 'Edit & regenerate' })).toBeHidden();
});
