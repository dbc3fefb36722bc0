import { type Page } from '@playwright/test';
import { expect, test } from '../support/one-origin.ts';
import { signIn, uniqueName } from '../support/auth.ts';

/** The card form's details: inline card checks, plain 3-D Secure wording, the email kept. */

async function openCheckout(page: Page, pack = 'Starter Pack') {
  await page.goto('/credits?v=3.1');
  await page.getByRole('button', { name: `Buy ${pack}` }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
}

async function fillAddress(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address').fill('1 Main Street');
  await page.getByLabel('City').fill('Huntsville');
  await page.getByLabel('Postal code').fill('35801');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

test('the card field says what is wrong as the payer types and leaves each input', async ({ page }) => {
  await signIn(page, uniqueName('card-checks'));
  await openCheckout(page);
  const number = page.getByLabel('Card number');

  // A complete number that fails the checksum is flagged at once.
  await number.fill('4242 4242 4242 4241');
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await number.fill('4242 4242 4242 4242');
  await expect(page.getByText('Your card number is invalid.')).toHaveCount(0);
  await expect(number).not.toHaveAttribute('aria-invalid', 'true');

  // A half-typed number is only an error once the field is left.
  await number.fill('4242 42');
  await expect(page.getByText('Your card number is incomplete.')).toHaveCount(0);
  await page.getByLabel('Expiry').focus();
  await expect(page.getByText('Your card number is incomplete.')).toBeVisible();

  await page.getByLabel('Expiry').fill('13');
  await expect(page.getByText("Your card's expiration month is invalid.")).toBeVisible();
  await page.getByLabel('Expiry').fill('01 / 20');
  await expect(page.getByText("Your card's expiration year is in the past.")).toBeVisible();

  await page.getByLabel('CVC').fill('12');
  await page.getByLabel('Coupon (optional)').focus();
  await expect(page.getByText("Your card's security code is incomplete.")).toBeVisible();
  await expect(page.getByLabel('CVC')).toHaveAccessibleDescription(
    "Your card's security code is incomplete.",
  );
});

test('a failed 3-D Secure check is explained in plain words', async ({ page }) => {
  await signIn(page, uniqueName('3ds-fail'));
  await openCheckout(page);
  await fillAddress(page, 'buyer@example.com');
  await fillCard(page, '4000002500003155');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay now' }).click();
  const authentication = await popup;
  await authentication.getByRole('button', { name: 'Fail authentication' }).click();
  const alert = page.locator('.card-errors').getByRole('alert');
  await expect(alert).toHaveText(
    'Authentication failed: Your bank did not confirm this payment. Try again, or use a different card.',
  );
  await expect(alert).not.toContainText('PaymentMethod');
  await expect(page).toHaveURL(/\/checkout/);
});

test('the email typed on the card form becomes the profile email when it had none', async ({ page }) => {
  await signIn(page, uniqueName('card-email'));
  await page.goto('/dashboard?v=3.1');
  await expect(page.getByRole('dialog', { name: 'Add your email' })).toBeVisible();
  await page.getByRole('button', { name: 'Later' }).click();

  await openCheckout(page);
  const email = `${uniqueName('payer')}@example.com`;
  await fillAddress(page, email);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);

  const me = await page.request.get('/api/auth/', { headers: { accept: 'application/json' } });
  expect(((await me.json()) as { email: string }).email).toBe(email);
  await page.goto('/dashboard?v=3.1');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Add your email' })).toHaveCount(0);
});

test('credit package buttons keep their label on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, uniqueName('credit-layout'));
  await page.goto('/credits?v=3.1');
  const buttons = page.getByRole('button', { name: /^Buy / });
  await expect(buttons).toHaveCount(4);
  for (const button of await buttons.all()) {
    const lines = await button.evaluate((element) => {
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
      const range = document.createRange();
      range.selectNodeContents(element);
      return Math.round(range.getBoundingClientRect().height / lineHeight);
    });
    expect(lines, (await button.textContent()) ?? undefined).toBe(1);
  }
});
