import { findTier } from '@app/domain';
import { type Browser, type Page } from '@playwright/test';
import { expect, onAppOrigin, test } from '../support/one-origin.ts';
import { signIn, uniqueName } from '../support/auth.ts';

/**
 * The journeys on the seeded `member` and `free`. Every step that changes their plans lives in this
 * one file, run in order, so no other spec sees them half-way.
 */
test.describe.configure({ mode: 'serial' });

async function pageAs(browser: Browser, discordName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, discordName);
  return page;
}

async function dismissEmailModal(page: Page) {
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  // A new account is asked for its email first; the modal opens with the page, its form follows.
  const emailModal = page.getByRole('dialog', { name: 'Add your email' });
  if (await emailModal.isVisible().catch(() => false))
    await emailModal.getByRole('button', { name: 'Later' }).click();
}

test('member upgrades, schedules a downgrade, cancels after the confirm dialog, and renews', async ({
  browser,
}) => {
  const page = await pageAs(browser, 'member');
  await page.goto('/dashboard?v=3.1');
  await dismissEmailModal(page);
  await expect(page.getByTestId('subscription-status')).toHaveText('Professional Plan');
  const credits = Number(await page.getByTestId('credits').textContent());
  const hypercredits = Number(await page.getByTestId('hypercredits').textContent());

  // Upgrade Professional → Founders Plan from the tier page: it asks first with the amount charged
  // now; keeping the current plan changes nothing.
  await page.goto('/subscription?v=3.1');
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Founders Plan?' });
  await page.getByRole('button', { name: 'Switch to Founders Plan', exact: true }).click();
  await expect(upgrade.getByTestId('upgrade-amount')).toHaveText(/^\$(?!0\.00)\d+\.\d{2}$/);
  const amount = (await upgrade.getByTestId('upgrade-amount').textContent())!;
  const from = findTier('Professional Plan')!;
  const to = findTier('Founders Plan')!;
  await expect(upgrade.getByTestId('upgrade-credits')).toHaveText(
    `${(to.credits - from.credits).toLocaleString('en-US')} credits and ${(to.hypercredits - from.hypercredits).toLocaleString('en-US')} hypercredits`,
  );
  await expect(upgrade.getByTestId('upgrade-renewal')).toContainText(
    'Founders Plan renews at $29.99 a month.',
  );
  await upgrade.getByRole('button', { name: 'Keep my current plan' }).click();
  await expect(upgrade).toBeHidden();
  await page.goto('/dashboard?v=3.1');
  await expect(page.getByTestId('subscription-status')).toHaveText('Professional Plan');
  await expect(page.getByTestId('credits')).toHaveText(String(credits));

  // Confirming charges the amount shown and adds the difference of the plans' credits.
  await page.goto('/subscription?v=3.1');
  await page.getByRole('button', { name: 'Switch to Founders Plan', exact: true }).click();
  await expect(upgrade.getByTestId('upgrade-amount')).toHaveText(amount);
  await upgrade.getByRole('button', { name: 'Confirm upgrade' }).click();
  await expect(page).toHaveURL(/\/subchangelanding/);
  await expect(page.getByTestId('change-kind')).toHaveText('Upgrade');
  await expect(page.getByTestId('change-package')).toHaveText('Founders Plan');
  await expect(page.getByTestId('change-amount')).toHaveText(amount);
  await expect(page.getByText('Amount charged')).toBeVisible();
  await page.goto('/dashboard?refresh=true&v=3.1');
  await expect(page.getByTestId('subscription-status')).toHaveText('Founders Plan');
  await expect(page.getByTestId('credits')).toHaveText(String(credits + to.credits - from.credits));
  await expect(page.getByTestId('hypercredits')).toHaveText(
    String(hypercredits + to.hypercredits - from.hypercredits),
  );

  await page.goto('/subscriptionstatus?v=3.1');
  await expect(page.getByTestId('subscription-tier')).toHaveText('Founders Plan');
  await expect(page.getByTestId('subscription-renewal')).toHaveText(/^Renews on .+ for \$29\.99\.$/);

  // Downgrade back to Professional: scheduled for the period end, its date shown.
  await page.getByRole('link', { name: 'Change Subscription' }).click();
  await page.getByRole('button', { name: 'Switch to Professional Plan', exact: true }).click();
  // First a confirmation with Stripe's preview; nothing has changed yet.
  const downgrade = page.getByRole('dialog', { name: 'Downgrade to Professional Plan?' });
  await expect(downgrade.getByTestId('downgrade-now')).toHaveText('Nothing');
  await expect(downgrade.getByTestId('downgrade-renewal')).toHaveText(
    '$14.99 a month, with 2,500 credits and 50 hypercredits each month',
  );
  const starts = (await downgrade.getByTestId('downgrade-date').textContent())!;
  await downgrade.getByRole('button', { name: 'Keep my current plan' }).click();
  await expect(downgrade).toBeHidden();
  await expect(page).toHaveURL(/\/subscription/);
  await page.getByRole('button', { name: 'Switch to Professional Plan', exact: true }).click();
  await downgrade.getByRole('button', { name: 'Confirm downgrade' }).click();
  await expect(page.getByTestId('change-kind')).toHaveText('Downgrade');
  await expect(page.getByTestId('change-date')).toHaveText(starts);
  const date = (await page.getByTestId('change-date').textContent())!;
  expect(date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await page.getByRole('link', { name: 'Subscription status' }).click();
  await expect(page.getByTestId('subscription-renewal')).toHaveText(
    `Your plan changes to Professional Plan on ${date}.`,
  );

  // Cancel: keeping the plan changes nothing; confirming cancels at the period end.
  const confirm = page.getByRole('dialog', { name: 'Do you really want to cancel?' });
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await confirm.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('subscription-renewal')).toHaveText(/^Your plan changes to/);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await confirm.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByTestId('subscription-renewal')).toHaveText(
    `Currently Active but cancels on ${date}`,
  );

  // Renew undoes it.
  await page.getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByTestId('subscription-renewal')).toHaveText(/^Renews on /);
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();

  // refresh=true re-reads Stripe and shows the same.
  await page.goto('/subscriptionstatus?refresh=true&v=3.1');
  await expect(page.getByTestId('subscription-tier')).toHaveText('Founders Plan');
  await expect(page.getByRole('button', { name: 'Change Default Payment Method' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Your Stripe Info' })).toBeVisible();
  // "Update Your Stripe Info" edits name, email and address here; the card is changed in the portal.
  await page.getByRole('button', { name: 'Update Your Stripe Info' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Update Your Stripe Info' }).getByLabel('Address'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Change Default Payment Method' }).click();
  await expect(page).toHaveURL(onAppOrigin('/_stripe/_emulator/portal/bps_'));
  await page.context().close();
});

test("member gifts Founders Plan; free redeems it; the code is struck through in member's history", async ({
  browser,
}) => {
  const member = await pageAs(browser, 'member');
  await member.goto('/pay?purchaseType=Gift&v=3.1');
  await member.getByRole('button', { name: 'Gift Founders Plan', exact: true }).click();
  await expect(member).toHaveURL(onAppOrigin('/_stripe/_emulator/checkout/cs_'));
  await member.getByLabel('Email').fill('member@example.com');
  await member.getByLabel('Name on card').fill('Member');
  await member.getByLabel('Card number').fill('4242 4242 4242 4242');
  await member.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await member.getByLabel('CVC').fill('123');
  await member.getByRole('button', { name: 'Pay' }).click();
  await expect(member).toHaveURL(/\/success\?session_id=cs_/);
  await expect(member.getByTestId('receipt-purchase')).toHaveText('Gift: Founders Plan');
  const code = (await member.locator('.receipt-gift-code').textContent())!.trim();
  expect(code).toMatch(/^([0-9A-Z]{4}-){4}[0-9A-Z]{4}$/);

  const free = await pageAs(browser, 'free');
  await free.goto('/dashboard?v=3.1');
  await dismissEmailModal(free);
  await expect(free.getByTestId('subscription-status')).toHaveText('free');
  const before = Number(await free.getByTestId('credits').textContent());
  await free.getByRole('button', { name: 'Redeem gift subscription' }).click();
  const dialog = free.getByRole('dialog', { name: 'Redeem a gift subscription' });
  await dialog.getByLabel('Gift code').fill(code);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog).toBeHidden();
  await expect(free.getByTestId('subscription-status')).toHaveText('Founders Plan');
  await expect(free.getByTestId('credits')).toHaveText(String(before + 6000));

  await member.goto('/paymenthistory?v=3.1');
  const entry = member.getByTestId('gift-code-entry').filter({ hasText: code });
  await expect(entry.locator('s')).toHaveText(new RegExp(`^${code}: \\d{4}-\\d{2}-\\d{2}$`));
  await expect(entry).toContainText('No longer valid');
  await expect(member.getByTestId('payment-record').first()).toContainText('Gift: Founders Plan');
  await expect(member.getByRole('link', { name: /Receipt/ }).first()).toBeVisible();
  await expect(member.getByRole('link', { name: /Invoice/ }).first()).toBeVisible();
});

test('member redeems a gift bought by another user beside the paid plan; both pages show it with its end date', async ({
  browser,
}) => {
  const buyer = await pageAs(browser, uniqueName('gift-buyer'));
  await buyer.goto('/pay?purchaseType=Gift&v=3.1');
  await buyer.getByRole('button', { name: 'Gift Professional Plan', exact: true }).click();
  await expect(buyer).toHaveURL(/\/_emulator\/checkout\//);
  await buyer.getByLabel('Email').fill('buyer@example.com');
  await buyer.getByLabel('Name on card').fill('Buyer');
  await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await buyer.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await buyer.getByLabel('CVC').fill('123');
  await buyer.getByRole('button', { name: 'Pay' }).click();
  await expect(buyer).toHaveURL(/\/success\?session_id=cs_/);
  const code = (await buyer.locator('.receipt-gift-code').textContent())!.trim();
  await buyer.context().close();

  const member = await pageAs(browser, 'member');
  await member.goto('/dashboard?v=3.1');
  await dismissEmailModal(member);
  await expect(member.getByTestId('subscription-status')).toHaveText('Founders Plan');
  await expect(member.getByTestId('gifted-plan')).toHaveCount(0);
  await member.getByRole('button', { name: 'Redeem gift subscription' }).click();
  const dialog = member.getByRole('dialog', { name: 'Redeem a gift subscription' });
  await dialog.getByLabel('Gift code').fill(code);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog).toBeHidden();

  // The paid plan stays; the gift is listed beside it with the date it ends.
  const gift = member.getByTestId('gifted-plan');
  await expect(gift).toHaveText(/^Gift: Professional Plan, until [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  const shown = (await gift.textContent())!;
  await expect(member.getByTestId('subscription-status')).toHaveText('Founders Plan');

  await member.goto('/subscriptionstatus?v=3.1');
  await expect(member.getByTestId('subscription-tier')).toHaveText('Founders Plan');
  await expect(member.getByTestId('gifted-plan')).toHaveText(shown);

  await member.getByRole('link', { name: 'Change Subscription' }).click();
  await expect(member.getByTestId('gifted-plan')).toHaveText(shown);
  await expect(
    member.getByRole('button', { name: 'Switch to Professional Plan', exact: true }),
  ).toBeEnabled();
  await member.context().close();
});
