import { expect, test } from '@playwright/test';
import { signIn, uniqueName } from '../support/auth.ts';
import { appOrigin } from '../support/one-origin.ts';

/*
 * The app started on 127.0.0.1 (as its log prints it) is paid for there: a person who types the
 * other loopback name lands on the one address with their path, and a credit package bought with
 * the card form succeeds, the emulator's card field and 3-D Secure page included (the page's
 * security policy allows them because they are on the same origin).
 */
test('a credit package bought at http://127.0.0.1:PORT, reached by typing localhost', async ({ page }) => {
  const own = new URL(appOrigin());
  expect(own.hostname).toBe('127.0.0.1');
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== own.origin && url.hostname !== 'localhost')
      elsewhere.push(request.url());
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signIn(page, uniqueName('one-address'));
  const before = (await (await page.request.get('/api/auth/')).json()) as { credits: number };

  await page.goto(`http://localhost:${own.port}/credits?v=3.1`);
  await expect(page).toHaveURL(`${own.origin}/credits?v=3.1`);
  await page.getByRole('button', { name: 'Buy Starter Pack' }).click();
  await expect(page).toHaveURL(new RegExp(`^${own.origin.replace(/\./g, '\\.')}/checkout`));
  await page.getByLabel('Email').fill('one-address@example.com');
  await page.getByLabel('Address').fill('1 Main Street');
  await page.getByLabel('City').fill('Huntsville');
  await page.getByLabel('Postal code').fill('35801');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=pi_/);
  await expect(page.getByTestId('receipt-amount')).toHaveText('$4.99');
  await expect
    .poll(async () => ((await (await page.request.get('/api/auth/')).json()) as { credits: number }).credits)
    .toBe(before.credits + 500);
  expect(errors.filter((text) => /Content Security Policy|Failed to fetch/.test(text))).toEqual([]);
  expect(elsewhere).toEqual([]);
});
