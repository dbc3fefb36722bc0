import { type Page } from '@playwright/test';
import { expect, test } from '../support/one-origin.ts';
import { signIn, uniqueName } from '../support/auth.ts';
import { photograph } from '../support/photos.ts';

/**
 * The billing pages say what is true: a once-only coupon is checked and priced before Pay and
 * never shows on renewals; "Update Your Stripe Info" changes the Stripe customer itself.
 */
async function fillAddressAndCard(page: Page) {
  await page.getByLabel('Email').fill('welcome@example.com');
  await page.getByLabel('Address').fill('1 Main Street');
  await page.getByLabel('City').fill('Huntsville');
  await page.getByLabel('Postal code').fill('35801');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

test('WELCOME10 on a first plan invoice: accepted and priced before Pay, then renewals at full price', async ({
  page,
}) => {
  await signIn(page, uniqueName('welcome-plan'));
  await page.goto('/subscription?v=3.1');
  await page.getByRole('button', { name: 'Choose Professional Plan' }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await fillAddressAndCard(page);

  // Checked when applied: a wrong code is refused at once (SPEC §8), nothing is paid.
  const coupon = page.getByLabel('Coupon (optional)');
  await coupon.fill('NOT-A-COUPON');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid Coupon Entered')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);

  // WELCOME10: 'Coupon Accepted' and the discounted total, before Pay.
  await coupon.fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon Accepted')).toBeVisible();
  await expect(page.getByTestId('coupon-total')).toHaveText('New total: $13.49');
  await photograph(page, 'checkout-coupon');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/success/);
  await expect(page.getByTestId('receipt-amount')).toHaveText('$13.49');

  // The status page: the plan renews at its full price, with no badge of the used coupon.
  await page.goto('/subscriptionstatus?refresh=true&v=3.1');
  await expect(page.getByTestId('subscription-tier')).toHaveText('Professional Plan');
  await expect(page.getByTestId('subscription-renewal')).toHaveText(/^Renews on .+ for \$14\.99\.$/);
  await expect(page.locator('.subscription-badge')).toHaveCount(0);
  await photograph(page, 'status-after-coupon');

  // "Update Your Stripe Info": name, email and address, saved to the Stripe customer.
  await page.getByRole('button', { name: 'Update Your Stripe Info' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Your Stripe Info' });
  await expect(dialog.getByLabel('Address')).toBeVisible();
  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByLabel('Address').fill('12 Analytical Row');
  await dialog.getByLabel('City').fill('London');
  await dialog.getByLabel('State').fill('Greater London');
  await dialog.getByLabel('Postal code').fill('NW1 2DB');
  await dialog.getByLabel('Country').selectOption('GB');
  await photograph(page, 'stripe-info');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details were saved.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const stripeId = ((await (await page.request.get('/api/auth/')).json()) as { stripeid: string }).stripeid;
  expect(stripeId).toMatch(/^cus_/);
  const customer = await (await page.request.get(`/api/payment/customer/${stripeId}`)).json();
  expect(customer).toMatchObject({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    address: {
      line1: '12 Analytical Row',
      city: 'London',
      state: 'Greater London',
      postal_code: 'NW1 2DB',
      country: 'GB',
    },
  });
});
