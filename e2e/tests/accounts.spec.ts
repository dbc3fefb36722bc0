import { expect, test, type Browser } from '@playwright/test';
import { adminPassword, signIn, uniqueName } from '../support/auth.ts';

async function pageAs(browser: Browser, discordName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signIn(page, discordName);
  return { page, user, context };
}

test('member sees their name, credits and plan on the dashboard', async ({ page }) => {
  await signIn(page, 'member');
  await page.goto('/dashboard?v=3.1');
  await expect(page.getByRole('heading', { name: 'Welcome, member' })).toBeVisible();
  await expect(page.getByTestId('credits')).toHaveText('2500');
  await expect(page.getByTestId('hypercredits')).toHaveText('50');
  await expect(page.getByTestId('subscription-status')).toHaveText('Professional Plan');
  await expect(page.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
    'href',
    '/subscriptionstatus?v=3.1',
  );
  await expect(page.getByRole('link', { name: 'Studio' })).toHaveAttribute('href', '/studio?v=3.1');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("free's subscription button leads to the subscribe page", async ({ page }) => {
  await signIn(page, 'free');
  await page.goto('/dashboard?v=3.1');
  await page.getByRole('button', { name: 'Later' }).click();
  await page.getByRole('link', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/subscription\?v=3\.1$/);
});

test('a user without email is asked for it, and the modal closes on save', async ({ page }) => {
  await signIn(page, uniqueName('noemail'));
  await page.goto('/dashboard?v=3.1');
  const dialog = page.getByRole('dialog', { name: 'Add your email' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('  someone@example.com ');
  await dialog.getByRole('button', { name: 'Save email' }).click();
  await expect(dialog).toBeHidden();
  const me = await page.request.get('/api/auth/');
  expect((await me.json()).email).toBe('someone@example.com');
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a signed-out visitor of a private page lands on /menu', async ({ page }) => {
  await page.goto('/dashboard?v=3.1');
  await expect(page).toHaveURL(/\/menu\?signin=required&v=3\.1$/);
  await expect(page.getByRole('status').filter({ hasText: 'Please log in to continue.' })).toHaveText(
    /^Please log in to continue\./,
  );
  await expect(page.getByRole('link', { name: 'Log in with Discord' })).toBeVisible();
});

test('the landing page explains a failed sign-in', async ({ page }) => {
  await page.goto('/menu?error=discord_denied&v=3.1');
  await expect(page.getByRole('alert')).toContainText('Discord sign-in was cancelled');
});

test('member opening /privacypolicy2 sees no tools, and the server refuses their calls', async ({ page }) => {
  const member = await signIn(page, 'member');
  await page.goto('/privacypolicy2?v=3.1');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Find users' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Grant admin' })).toHaveCount(0);

  expect((await page.request.get('/api/users?query=admin')).status()).toBe(403);
  const patch = await page.request.patch(`/api/users/${member.user_id}`, { data: { credits: 99999 } });
  expect(patch.status()).toBe(403);
  const del = await page.request.post('/api/payment/delete_user', {
    data: { user_id: member.user_id, password: adminPassword() },
  });
  expect(del.status()).toBe(403);
  expect((await (await page.request.get('/api/auth/')).json()).credits).toBe(2500);
});

test("admin sets a user's credits to 15000 and that user's dashboard shows Unlimited", async ({
  page,
  browser,
}) => {
  const name = uniqueName('topup');
  const target = await pageAs(browser, name);

  await signIn(page, 'admin');
  await page.goto('/privacypolicy2?v=3.1');
  await expect(page.getByRole('heading', { name: 'Admin tools' })).toBeVisible();
  await page.getByLabel('Name, email, Discord id or user id').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Select ${name}` }).click();
  await page.getByLabel('Credits', { exact: true }).fill('15000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved ${name}.` })).toBeVisible();

  await target.page.goto('/dashboard?v=3.1');
  await expect(target.page.getByTestId('credits')).toHaveText('Unlimited');
  await target.context.close();
});

test('admin deletes a user after confirming', async ({ page, browser }) => {
  const name = uniqueName('gone');
  const target = await pageAs(browser, name);
  await signIn(page, 'admin');
  await page.goto('/privacypolicy2?v=3.1');
  await page.getByLabel('Name, email, Discord id or user id').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Select ${name}` }).click();
  await page.getByLabel('Admin password').fill(adminPassword());
  await page.getByRole('button', { name: 'Delete user' }).click();
  await page.getByRole('button', { name: `Yes, delete ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toHaveCount(0);
  await expect(
    page.getByText(`Deleted ${name}. Their records stay on file under “Deleted user”.`),
  ).toBeVisible();
  expect((await target.page.request.get('/api/auth/')).status()).toBe(401);
  await target.context.close();
});

test('admin grants admin only after confirming', async ({ page, browser }) => {
  const name = uniqueName('promoted');
  const target = await pageAs(browser, name);
  await signIn(page, 'admin');
  await page.goto('/privacypolicy2?v=3.1');
  await page.getByLabel('Name, email, Discord id or user id').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Select ${name}` }).click();
  await page.getByLabel('Admin password').fill(adminPassword());
  await page.getByRole('button', { name: 'Grant admin' }).click();
  // The page also lists the queue, whose jobs (other journeys') each carry "Cancel and refund".
  await page
    .getByRole('dialog', { name: 'Make this user an admin?' })
    .getByRole('button', { name: 'Cancel', exact: true })
    .click();
  await expect(page.getByRole('dialog', { name: 'Make this user an admin?' })).toHaveCount(0);
  expect((await (await target.page.request.get('/api/auth/authlevel')).json()).authLevel).toBe('user');
  await page.getByRole('button', { name: 'Grant admin' }).click();
  await page.getByRole('button', { name: `Yes, make ${name} an admin` }).click();
  await expect(page.getByText(`${name} is now an admin.`)).toBeVisible();
  expect((await (await target.page.request.get('/api/auth/authlevel')).json()).authLevel).toBe('admin');
  await target.context.close();
});
