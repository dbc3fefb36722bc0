import { expect, test } from '@playwright/test';
import { uniqueName } from '../support/auth.ts';

test('a newcomer’s first /make on Discord asks the age band with buttons; 18 or older, and the next /make is queued', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Signed in, the age question not answered yet.
  const name = uniqueName('ageless');
  const signedIn = await page.request.post('/api/auth/local', { data: { discordName: name } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const made = await page.request.post('/api/jobs', {
    data: { command: 'make', options: { prompt: 'a red kite' } },
  });
  expect(made.status()).toBe(403);
  expect((await made.json()).error.code).toBe('AGE_NEEDED');

  await page.goto('/_discord/app');
  await expect(page.locator('.me-name')).toHaveText(name);
  const channel = page.getByRole('button', { name: '# image-4', exact: true });
  if (!(await channel.isVisible())) await page.getByRole('button', { name: 'Channels' }).click();
  await channel.click();
  const input = page.getByRole('combobox', { name: 'Message # image-4' });
  const send = async () => {
    await input.pressSequentially('/make a red kite');
    await expect(page.getByRole('textbox', { name: /^prompt/ })).toHaveValue('a red kite');
    await page.keyboard.press('Enter');
  };
  await send();

  const mine = page.locator('.msg').filter({ hasText: `${name} used /make` });
  const question = mine.filter({ hasText: 'Before your first creation, tell us your age band' });
  await expect(question).toBeVisible();
  await expect(question).toHaveClass(/ephemeral/);
  await expect(question).toContainText('Nothing was charged.');
  await expect(question).toContainText('From 13 to 17, a parent or guardian must have read the terms');
  for (const label of ['13 to 17 — my parent or guardian accepts', '18 or older', 'Under 13'])
    await expect(question.getByRole('button', { name: label, exact: true })).toBeVisible();

  await question.getByRole('button', { name: '18 or older', exact: true }).click();
  const thanked = mine.filter({ hasText: 'Thank you: 18 or older is recorded. Send your command again.' });
  await expect(thanked).toBeVisible();
  await expect(thanked.getByRole('button')).toHaveCount(0);

  await send();
  await expect(mine.filter({ hasText: '/make: Your request is queued' })).toBeVisible();
  const settings = await page.request.get(`/api/users/${(await signedIn.json()).user_id}/settings`);
  expect((await settings.json()).ageBand).toBe('18+');
});
