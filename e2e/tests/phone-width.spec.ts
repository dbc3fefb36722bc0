import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueName } from '../support/auth.ts';
import { PHOTOS, photograph } from '../support/photos.ts';
import { pngImage } from '../support/png.ts';

/**
 * Every page at a phone's width (390 px): nothing scrolls sideways, the sticky header is one short
 * line, and payment history shows its amounts and documents. With `E2E_PHOTOS` set, each page is
 * also photographed at 1280 and 390 px into the test results, to look at.
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

/** Opens a page at the phone's width and checks it; photographed at both widths when asked. */
async function checkAtPhoneWidth(page: Page, name: string, open: (page: Page) => Promise<void>) {
  if (PHOTOS) {
    await page.setViewportSize(DESKTOP);
    await open(page);
    await photograph(page, `${name}-${DESKTOP.width}`);
  }
  await page.setViewportSize(PHONE);
  await open(page);
  await expectPhoneFriendly(page, name);
  await photograph(page, `${name}-${PHONE.width}`);
}

test('the landing page fits a phone with a one-line header', async ({ page }) => {
  await checkAtPhoneWidth(page, 'landing', async (on) => {
    await on.goto('/?v=3.1');
    await expect(on.getByRole('heading', { level: 1 })).toBeVisible();
  });
  // The name stays the logo link's accessible name though only the logo shows.
  await expect(page.getByRole('link', { name: 'HyperCreate', exact: true })).toBeVisible();
});

test('no signed-in page scrolls sideways at 390 px, and each header is one line', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  for (const { name, open } of PAGES) await checkAtPhoneWidth(page, name, open);
});

/** Waits for a job made through the API to end, and answers it. */
async function finished(page: Page, id: string) {
  let job: { status: string } = { status: 'queued' };
  await expect
    .poll(
      async () => {
        job = (await (await page.request.get(`/api/jobs/${id}`)).json()).job;
        return job.status;
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toMatch(/^(succeeded|failed|cancelled)$/);
  expect(job.status).toBe('succeeded');
}

test('no studio page scrolls sideways at 390 px, with creations, a LoRA and charges to show', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signIn(page, uniqueName('phone'));
  const granted = await admin.request.patch(`/api/users/${user.user_id}`, {
    data: { credits: 1000, hypercredits: 100 },
  });
  expect(granted.status(), await granted.text()).toBe(200);

  // A creation with a long prompt, and a LoRA with its sample image, made through the API.
  const prompt =
    'a lighthouse on a basalt cliff above a storm-lashed harbour at dusk, fishing boats sheltering, ((gulls)), oil painting';
  const made = await page.request.post('/api/jobs', { data: { command: 'make', options: { prompt } } });
  expect(made.status(), await made.text()).toBe(202);
  const creationId = (await made.json()).job.id as string;
  const images: Record<string, string> = { name: 'HarbourLightsWithAVeryLongModelName' };
  for (let index = 1; index <= 8; index++) {
    const sent = await page.request.post('/api/uploads', {
      multipart: { file: { name: `harbour-${index}.png`, mimeType: 'image/png', buffer: pngImage(index) } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    images[`image${index}`] = (await sent.json()).upload.id;
  }
  const lora = await page.request.post('/api/jobs', { data: { command: 'loracreate', options: images } });
  expect(lora.status(), await lora.text()).toBe(202);
  await finished(page, creationId);
  await finished(page, (await lora.json()).job.id);

  const studio = (command: string, label: string) => ({
    name: `studio-${command}`,
    open: async (on: Page) => {
      await visit(`/studio?command=${command}&v=3.1`, 'heading', 'Studio')(on);
      await expect(on.getByLabel(label, { exact: true })).toBeVisible();
    },
  });
  const pages: { name: string; open(on: Page): Promise<void>; as?: Page }[] = [
    studio('make', 'Prompt'),
    studio('Change', 'Image'),
    studio('video', 'Prompt'),
    studio('speak', 'Text'),
    studio('lipsync', 'Audio'),
    studio('loracreate', 'Name'),
    {
      name: 'my-creations',
      open: async (on) => {
        await visit('/studio/mine?v=3.1', 'heading', 'My creations')(on);
        await expect(on.getByRole('img').first()).toBeVisible();
        // Each card's public switch names its creation.
        await expect(
          on.getByRole('checkbox', { name: `Show in the public gallery: ${prompt}` }),
        ).toBeChecked();
      },
    },
    {
      name: 'gallery',
      open: async (on) => {
        await visit('/gallery?v=3.1', 'heading', 'Gallery')(on);
        await expect(on.getByRole('img').first()).toBeVisible();
      },
    },
    { name: 'creation', open: visit(`/c/${creationId}?v=3.1`, 'heading', prompt) },
    {
      name: 'loras',
      open: async (on) => {
        await visit('/loras?v=3.1', 'heading', 'LoRA models')(on);
        await expect(on.getByRole('img', { name: /made with the HarbourLights/ })).toBeVisible();
      },
    },
    {
      name: 'credit-history',
      open: async (on) => {
        await visit('/credithistory?v=3.1', 'heading', 'Credit history')(on);
        await expect(on.getByRole('row').nth(1)).toBeVisible();
      },
    },
    {
      name: 'admin-queue-and-ledger',
      as: admin,
      open: async (on) => {
        await visit('/privacypolicy2?v=3.1', 'heading', 'Admin tools')(on);
        await expect(on.getByRole('heading', { name: 'Job queue' })).toBeVisible();
        const counts = on.getByRole('table', { name: 'Jobs per family and state' });
        await expect(counts).toBeVisible();
        // Every column of counts is in view, without scrolling the table.
        const { scrollWidth, clientWidth } = await counts.evaluate((table) => ({
          scrollWidth: table.parentElement!.scrollWidth,
          clientWidth: table.parentElement!.clientWidth,
        }));
        expect(scrollWidth, 'the queue counts scroll sideways').toBeLessThanOrEqual(clientWidth);
        // The user's credit history, as the admin sees it.
        await on.getByLabel('Name, email, Discord id or user id').fill(user.discordname);
        await on.getByRole('button', { name: 'Search' }).click();
        await on.getByRole('button', { name: `Select ${user.discordname}`, exact: true }).click();
        await expect(
          on
            .getByRole('table', { name: `Credit history of ${user.discordname}` })
            .getByRole('row')
            .nth(1),
        ).toBeVisible();
      },
    },
  ];
  for (const { name, open, as } of pages) await checkAtPhoneWidth(as ?? page, name, open);
  await context.close();
  await adminContext.close();
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
