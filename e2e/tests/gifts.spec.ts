import { WELCOME_GRANT } from '@app/domain';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/one-origin.ts';
import { signIn, uniqueName } from '../support/auth.ts';

/** Gift codes on fresh users (the seeded ones are exercised in subscriptions.spec.ts). */

async function openRedeem(page: Page) {
  await page.goto('/dashboard?v=3.1');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  // A new account is asked for its email first; the modal opens with the page, its form follows.
  const emailModal = page.getByRole('dialog', { name: 'Add your email' });
  if (await emailModal.isVisible().catch(() => false))
    await emailModal.getByRole('button', { name: 'Later' }).click();
  await page.getByRole('button', { name: 'Redeem gift subscription' }).click();
  return page.getByRole('dialog', { name: 'Redeem a gift subscription' });
}

test('the redeem modal needs a code and explains a wrong one', async ({ page }) => {
  await signIn(page, uniqueName('gift-wrong'));
  const dialog = await openRedeem(page);
  await expect(dialog.getByLabel('Gift code')).toHaveAttribute('required', '');
  await expect(dialog.getByRole('button', { name: 'Redeem' })).toBeDisabled();
  await dialog.getByLabel('Gift code').fill('AAAA-BBBB-CCCC-DDDD-EEEE');
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That gift code is not valid');
  await expect(page.getByTestId('subscription-status')).toHaveText('free');
});

test("the admin's test gift code is redeemed once from the dashboard", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/privacypolicy2?v=3.1');
  await admin.getByRole('button', { name: 'Make test gift code' }).click();
  const field = admin.getByLabel('Gift code');
  await expect(field).toHaveValue(/^([0-9A-Z]{4}-){4}[0-9A-Z]{4}$/);
  const code = await field.inputValue();
  await adminContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, uniqueName('gift-test'));
  const dialog = await openRedeem(page);
  await dialog.getByLabel('Gift code').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Professional Plan');
  // The plan's credits on top of a new account's welcome grant.
  await expect(page.getByTestId('credits')).toHaveText(String(2500 + WELCOME_GRANT.credits));

  // The gifted plan ends on its own; it cannot be renewed.
  await page.goto('/subscriptionstatus?v=3.1');
  await expect(page.getByText('Gift', { exact: true })).toBeVisible();
  await expect(page.getByTestId('subscription-renewal')).toHaveText(
    /^A gift: active until .+, then it ends\. No card is charged\.$/,
  );
  await expect(page.getByRole('button', { name: 'Renew' })).toHaveCount(0);

  // The plan page shows the gift with its end date and offers no change that would fail.
  await page.getByRole('link', { name: 'Change Subscription' }).click();
  await expect(page.getByRole('status')).toHaveText(
    /^Your gifted Professional Plan runs until \w+ \d{1,2}, \d{4}; you can choose a paid plan from then\.$/,
  );
  await expect(page.getByText(/^Gifted until /)).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Switch to|Choose) / })).toHaveCount(0);

  const other = await context.browser()!.newContext();
  const second = await other.newPage();
  await signIn(second, uniqueName('gift-late'));
  const again = await openRedeem(second);
  await again.getByLabel('Gift code').fill(code);
  await again.getByRole('button', { name: 'Redeem' }).click();
  await expect(again.getByRole('alert')).toHaveText('That gift code has already been used');
  await other.close();
  await context.close();
});

test('payment history: empty for a new user, and the error text when it cannot load', async ({ page }) => {
  await signIn(page, uniqueName('history'));
  await page.goto('/paymenthistory?v=3.1');
  await expect(page.getByRole('heading', { name: 'Payment history' })).toBeVisible();
  await expect(page.getByText('You have not bought any gift codes.')).toBeVisible();
  await page.route('**/api/payment/get_gift_code_list', (route) =>
    route.fulfill({ status: 500, body: '{"error":{"code":"INTERNAL","message":"x"}}' }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Error loading payment history.');
});
