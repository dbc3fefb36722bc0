import { expect, test } from '@playwright/test';
import { signIn, uniqueName } from '../support/auth.ts';

test('the bot from the channel page: /make, the queued answer, the result with buttons, love', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = uniqueName('bot');
  await signIn(page, name);
  await page.goto('/dashboard');
  // A new account is asked for its email first.
  await page.getByRole('button', { name: 'Later' }).click();
  await page.getByRole('link', { name: 'Use the bot' }).click();
  await expect(page).toHaveURL(/\/_discord\/app/);
  // The channel page acts as the signed-in user.
  await expect(page.locator('.me-name')).toHaveText(name);

  await page.getByRole('button', { name: '# image-1' }).click();
  const input = page.getByRole('combobox', { name: 'Message # image-1' });
  await input.fill('/make');
  await expect(page.getByRole('option').first()).toContainText('/make');
  await input.press('Enter');
  await page.getByLabel(/prompt/).fill('a lighthouse on a cliff at sunset');
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.locator('.msg', { hasText: '/make: Your request is queued' })).toBeVisible();
  const result = page.locator('.msg', { hasText: 'your /make is ready' });
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(result.locator('img').first()).toBeVisible();
  for (const name of ['Love', 'Edit & regenerate', 'Re-roll', 'Delete', 'Vary', 'GIF']) {
    await expect(result.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await result.getByRole('button', { name: 'Love', exact: true }).click();
  await expect(result.getByRole('button', { name: 'Love (1)' })).toBeVisible();
});
