import { CANCELLATION_RULE } from '@app/domain';
import { expect, test } from '@playwright/test';
import { signIn, uniqueName } from '../support/auth.ts';

/** Small things a visitor notices: wording, prompts, labels and messages in their place. */

test('/success without a receipt shows only the error and the way back', async ({ page }) => {
  await signIn(page, uniqueName('no-receipt'));
  for (const [url, error] of [
    ['/success?v=3.1', 'No session ID found in URL'],
    ['/success?session_id=pi_unknown&v=3.1', 'Failed to fetch session details'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('alert')).toHaveText(error);
    await expect(page.getByText('Thank you!')).toHaveCount(0);
    await expect(page.getByText(/payment went through/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Print Receipt' })).toHaveCount(0);
    await expect(page.locator('#main').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  }
});

test('plans and terms give the one cancellation rule of the terms', async ({ page }) => {
  expect(CANCELLATION_RULE).toBe('Cancel at least 30 days before the renewal date to avoid renewal.');
  await signIn(page, uniqueName('rule'));
  await page.goto('/subscription?v=3.1');
  await expect(page.locator('.lead')).toContainText(CANCELLATION_RULE);
  await expect(page.getByText(/any time before/)).toHaveCount(0);
  await page.goto('/termsofservice?v=3.1');
  await expect(page.getByText(CANCELLATION_RULE)).toHaveCount(2);
});

test('the gift redeemed message sits above the dashboard buttons, not in their row', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/privacypolicy2?v=3.1');
  await admin.getByRole('button', { name: 'Make test gift code' }).click();
  await expect(admin.getByLabel('Gift code')).toHaveValue(/^([0-9A-Z]{4}-){4}[0-9A-Z]{4}$/);
  const code = await admin.getByLabel('Gift code').inputValue();
  await adminContext.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, uniqueName('gift-alert'));
  await page.goto('/dashboard?v=3.1');
  await page.getByRole('button', { name: 'Later' }).click();
  const row = page.getByRole('region', { name: 'Your account' }).locator('.actions');
  const before = (await row.boundingBox())!.height;
  await page.getByRole('button', { name: 'Redeem gift subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem a gift subscription' });
  await dialog.getByLabel('Gift code').fill(code);
  await dialog.getByRole('button', { name: 'Redeem' }).click();

  const message = page.getByRole('status').filter({ hasText: 'Your gift was redeemed' });
  await expect(message).toBeVisible();
  await expect(row.getByRole('status')).toHaveCount(0);
  expect((await message.boundingBox())!.y).toBeLessThan((await row.boundingBox())!.y);
  expect((await row.boundingBox())!.height).toBe(before);
  await context.close();
});

test('a signed-out visitor choosing Subscribe is asked to sign in and comes back there', async ({ page }) => {
  await page.goto('/?v=3.1');
  await page.getByRole('link', { name: 'Subscribe' }).first().click();
  await expect(page).toHaveURL(/\/menu\?signin=required/);
  await expect(page.getByRole('status').filter({ hasText: 'Please log in to continue.' })).toHaveText(
    /^Please log in to continue\./,
  );

  await page.getByRole('link', { name: 'Log in with Discord' }).click();
  await page.getByLabel('Another name').fill(uniqueName('come-back'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/subscription\?v=3\.1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();

  // The return happens once: the dashboard stays the dashboard afterwards.
  await page.goto('/dashboard?v=3.1');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a signed-out visitor choosing Buy credits gets the same prompt', async ({ page }) => {
  await page.goto('/?v=3.1');
  await page.getByRole('link', { name: 'Buy credits' }).first().click();
  await expect(page).toHaveURL(/\/menu\?signin=required/);
  await expect(page.getByText('Please log in to continue.')).toBeVisible();
});

test("the changelog editor's pickers say what they pick", async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/add-changelog-entry?v=3.1');
  await page.getByLabel(/More formatting tools/).check();
  const labels = page.locator(
    '.ql-toolbar :is(.ql-header, .ql-size, .ql-fontsize, .ql-font) > .ql-picker-label',
  );
  await expect(labels).toHaveCount(4);
  const shown = await labels.evaluateAll((elements) =>
    elements.map((element) => ({
      name: element.getAttribute('aria-label'),
      text: getComputedStyle(element, '::before').content,
    })),
  );
  expect(shown).toEqual([
    { name: 'Heading', text: '"Heading"' },
    { name: 'Text size', text: '"Text size"' },
    { name: 'Font size', text: '"Font size"' },
    { name: 'Font', text: '"Font"' },
  ]);
});

test("the admin editor's heading follows a rename", async ({ page }) => {
  const name = uniqueName('rename');
  const other = await page.context().browser()!.newContext();
  await signIn(await other.newPage(), name);
  await other.close();

  await signIn(page, 'admin');
  await page.goto('/privacypolicy2?v=3.1');
  await page.getByLabel('Name, email, Discord id or user id').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Select ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  const renamed = `${name}-b`.slice(-32);
  await page.getByLabel('Discord name').fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved ${renamed}.` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Edit ${renamed}` })).toBeVisible();
});

test('an undecodable changelog address opens the app and uses the title raw', async ({ page }) => {
  const response = await page.goto('/changelog/%E0%A4%A');
  expect(response!.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Entry not found' })).toBeVisible();
  await expect(page).toHaveTitle('Changelog: %E0%A4%A');
  await expect(page.locator('body')).not.toContainText('FST_ERR_BAD_URL');
});
