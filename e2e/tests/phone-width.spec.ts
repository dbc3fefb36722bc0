import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signIn } from '../support/auth.ts';

/**
 * Every page at a phone's width (390 px): nothing scrolls sideways, the sticky header is one short
 * line, and payment history shows its amounts and documents. Each page is also photographed at
 * 390 and 1280 px into the test results, to look at.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const PAGES: { name: string; open(page: Page): Promise<void> }[] = [
  { name: 'dashboard', open: visit('/dashboard?v=3.1', 'heading', /^Welcome/) },
  { name: 'plans', open: visit('/subscription?v=3.1', 'heading', 'Choose your plan') },
  { name: 'credits', open: visit('/credits?v=3.1', 'heading', 'Buy credits') },
  {
    name: 'checkout',
    async open(page) {
      await visit('/credits?v=3.1', 'heading', 'Buy credits')(page);
      await page.getByRole('button', { name: 'Buy Starter Pack' }).click();
      await expect(page.getByLabel('Card number')).toBeVisible();
    },
  },
  { name: 'status', open: visit('/subscriptionstatus?v=3.1', 'heading', 'Your subscription') },
  {
    name: 'history',
    async open(page) {
      await visit('/paymenthistory?v=3.1', 'heading', 'Payment history')(page);
      await expect(page.getByTestId('payment-record').first()).toBeVisible();
    },
  },
  { name: 'guides', open: visit('/documentation?v=3.1', 'heading', 'Documentation') },
  { name: 'image-guide', open: visit('/makecommanddocumentation?v=3.1', 'heading', /images/i) },
  { name: 'video-guide', open: visit('/videocommanddocumentation?v=3.1', 'heading', /video/i) },
  { name: 'audio-guide', open: visit('/audiocommanddocumentation?v=3.1', 'heading', /speech/i) },
  { name: 'lipsync-guide', open: visit('/LipSyncDocumentation?v=3.1', 'heading', /lip/i) },
  { name: 'lora-guide', open: visit('/loraDocumentation?v=3.1', 'heading', /lora/i) },
  { name: 'changelog', open: visit('/changelog?v=3.1', 'heading', 'Changelog') },
  {
    name: 'admin',
    async open(page) {
      await visit('/privacypolicy2?v=3.1', 'heading', 'Admin tools')(page);
      await page.getByLabel('Name, email, Discord id or user id').fill('admin');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('button', { name: 'Select admin', exact: true })).toBeVisible();
    },
  },
];

function visit(url: string, role: 'heading', name: string | RegExp) {
  return async (page: Page) => {
    await page.goto(url);
    await expect(page.getByRole(role, { name, level: 1 }).first()).toBeVisible();
  };
}

async function expectPhoneFriendly(page: Page, name: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  const header = (await page.locator('.site-header').boundingBox())!;
  expect(header.height, `${name}: header height`).toBeLessThan(72);
  // One line: every header link sits on the same row.
  const tops = await page
    .locator('.site-header a')
    .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(Math.max(...tops) - Math.min(...tops), `${name}: header links on one line`).toBeLessThan(16);
}

async function photograph(page: Page, testInfo: TestInfo, name: string, width: number) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
}

test('the landing page fits a phone with a one-line header', async ({ page }, testInfo) => {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/?v=3.1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await photograph(page, testInfo, 'landing', viewport.width);
  }
  await expectPhoneFriendly(page, 'landing');
  // The name stays the logo link's accessible name though only the logo shows.
  await expect(page.getByRole('link', { name: 'HyperCreate', exact: true })).toBeVisible();
});

test('no signed-in page scrolls sideways at 390 px, and each header is one line', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  for (const { name, open } of PAGES) {
    await page.setViewportSize(DESKTOP);
    await open(page);
    await photograph(page, testInfo, name, DESKTOP.width);
    await page.setViewportSize(PHONE);
    await open(page);
    await expectPhoneFriendly(page, name);
    await photograph(page, testInfo, name, PHONE.width);
  }
});

test('payment history shows the amount and the documents of a payment on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  // The seeded admin has paid for a plan.
  await signIn(page, 'admin');
  await page.goto('/paymenthistory?v=3.1');
  const record = page.getByTestId('payment-record').first();
  await expect(record).toBeVisible();
  const amount = record.locator('td.amount');
  await expect(amount).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(record.getByRole('link', { name: /^(Invoice|Receipt)/ }).first()).toBeVisible();
  for (const part of [amount, record.getByRole('link', { name: /^(Invoice|Receipt)/ }).last()]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  // Each value says what it is, as the column headings do on a wide screen.
  expect(await amount.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Amount"');
});

test('guide tables fit a phone screen instead of being cut off', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const url of [
    '/documentation',
    '/makecommanddocumentation',
    '/videocommanddocumentation',
    '/audiocommanddocumentation',
    '/LipSyncDocumentation',
    '/loraDocumentation',
  ]) {
    await page.goto(`${url}?v=3.1`);
    const overflow = await page
      .locator('.table-wrap')
      .evaluateAll((wraps) => wraps.map((wrap) => wrap.scrollWidth - wrap.clientWidth));
    expect(overflow.length, url).toBeGreaterThan(0);
    expect(Math.max(...overflow), `${url}: a table is wider than the screen`).toBeLessThanOrEqual(1);
  }
});
