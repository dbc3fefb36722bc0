import { type Page } from '@playwright/test';
import { expect, test } from '../support/one-origin.ts';
import { signIn, uniqueName } from '../support/auth.ts';

const CARD = {
  ok: '4242424242424242',
  authenticate: '4000002500003155',
  declined: '4000000000000002',
};

async function credits(page: Page): Promise<number> {
  const response = await page.request.get('/api/auth/', { headers: { accept: 'application/json' } });
  return ((await response.json()) as { credits: number }).credits;
}

/** Chooses a credit package and fills the checkout form up to (not including) Pay. */
async function checkoutPackage(page: Page, pack: string, card: string, coupon = '') {
  await page.goto('/credits?v=3.1');
  await page.getByRole('button', { name: `Buy ${pack}` }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await fillCheckout(page, card, coupon);
}

async function fillCheckout(page: Page, card: string, coupon = '') {
  await expect(page.getByLabel('State')).toHaveValue('AL');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await page.getByLabel('Email').fill('buyer@example.com');
  await page.getByLabel('Address').fill('1 Main Street');
  await page.getByLabel('City').fill('Huntsville');
  await page.getByLabel('Postal code').fill('35801');
  if (coupon) await page.getByLabel('Coupon (optional)').fill(coupon);
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeDisabled();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

test('a card purchase with 4242 shows the receipt and raises the dashboard credits', async ({ page }) => {
  await signIn(page, uniqueName('buy-ok'));
  const before = await credits(page);
  await checkoutPackage(page, 'Creator Pack', CARD.ok);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=pi_/);
  await expect(page.getByTestId('receipt-amount')).toHaveText('$12.99');
  await expect(page.getByTestId('receipt-purchase')).toHaveText('Creator Pack');
  await expect(page.getByText('buyer@example.com')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeVisible();
  await page.locator('#main').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('credits')).toHaveText(String(before + 1500));
});

test('3155 asks for authentication, then succeeds', async ({ page }) => {
  await signIn(page, uniqueName('buy-3ds'));
  const before = await credits(page);
  await checkoutPackage(page, 'Starter Pack', CARD.authenticate);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay now' }).click();
  const authentication = await popup;
  await authentication.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=pi_/);
  await expect(page.getByTestId('receipt-amount')).toHaveText('$4.99');
  await expect.poll(() => credits(page)).toBe(before + 500);
});

test('a coupon with 3155: the discounted payment asks for authentication, then succeeds once', async ({
  page,
}) => {
  await signIn(page, uniqueName('buy-coupon-3ds'));
  const before = await credits(page);
  await checkoutPackage(page, 'Creator Pack', CARD.authenticate, 'WELCOME10');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay now' }).click();
  const authentication = await popup;
  await authentication.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=pi_/);
  await expect(page.getByTestId('receipt-amount')).toHaveText('$11.69');
  await expect.poll(() => credits(page)).toBe(before + 1500);
});

test('a declined card shows the error, clears the card field and grants nothing', async ({ page }) => {
  await signIn(page, uniqueName('buy-declined'));
  const before = await credits(page);
  await checkoutPackage(page, 'Starter Pack', CARD.declined);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Payment failed: /);
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeDisabled();
  await expect(page).toHaveURL(/\/checkout/);
  expect(await credits(page)).toBe(before);
});

test('an invalid coupon stops the payment; a valid one takes 10% off', async ({ page }) => {
  await signIn(page, uniqueName('buy-coupon'));
  const before = await credits(page);
  await checkoutPackage(page, 'Studio Pack', CARD.ok, 'NOT-A-COUPON');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Invalid Coupon Entered')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  await expect(page).toHaveURL(/\/checkout/);
  expect(await credits(page)).toBe(before);

  await page.getByLabel('Coupon (optional)').fill('WELCOME10');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/success/);
  await expect(page.getByTestId('receipt-amount')).toHaveText('$35.99');
  expect(await credits(page)).toBe(before + 5000);
});

test('a free user subscribes to Professional Plan monthly: status and credits once', async ({ page }) => {
  await signIn(page, uniqueName('subscribe'));
  const before = await credits(page);
  await page.goto('/subscription?v=3.1');
  await page.getByRole('button', { name: 'Yearly' }).click();
  await expect(page.locator('.tier-old').first()).toBeVisible();
  await page.getByRole('button', { name: 'Monthly' }).click();
  await page.getByRole('button', { name: 'Choose Professional Plan' }).click();
  await fillCheckout(page, CARD.ok);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/success/);
  await expect(page.getByTestId('receipt-amount')).toHaveText('$14.99');
  await page.locator('#main').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Professional Plan');
  await expect(page.getByTestId('credits')).toHaveText(String(before + 2500));
  // Webhooks arrive after the synchronous grant; the balance must not move again.
  await page.waitForTimeout(1500);
  expect(await credits(page)).toBe(before + 2500);
});

test('checkout without navigation state goes to the dashboard', async ({ page }) => {
  await signIn(page, uniqueName('no-state'));
  await page.goto('/checkout?v=3.1');
  await expect(page).toHaveURL(/\/dashboard/);
});

test('the success page without a session id says so', async ({ page }) => {
  await signIn(page, uniqueName('no-session'));
  await page.goto('/success?v=3.1');
  await expect(page.getByText('No session ID found in URL')).toBeVisible();
  await page.goto('/success?session_id=pi_unknown&v=3.1');
  await expect(page.getByText('Failed to fetch session details')).toBeVisible();
});
