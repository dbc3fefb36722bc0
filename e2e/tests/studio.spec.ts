import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn, uniqueName } from '../support/auth.ts';
import { pngImage } from '../support/png.ts';

// Generation runs on the local provider of the embedded default: real files, made on the CPU.
test.setTimeout(180_000);

async function newUser(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signIn(page, uniqueName(prefix));
  return { context, page, user };
}

/** An admin sets the user's balances (the admin tools' edit call). */
async function adminSets(browser: Browser, userId: string, fields: Record<string, number>) {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  const response = await admin.request.patch(`/api/users/${userId}`, { data: fields });
  expect(response.status(), await response.text()).toBe(200);
  await adminContext.close();
}

async function create(page: Page, prompt: string) {
  await page.getByLabel('Prompt').fill(prompt);
  await page.getByRole('button', { name: 'Create' }).click();
  // New cards go on top, so the first card made from this prompt stays the last one.
  return page.getByRole('article').filter({ hasText: prompt }).last();
}

test('a signed-in user makes an image, loves, re-rolls and GIFs it, and finds it in the gallery and the history', async ({
  browser,
}) => {
  const { page, context } = await newUser(browser, 'studio');
  await page.goto('/studio?v=3.1');
  await expect(page.getByRole('heading', { name: 'Studio' })).toBeVisible();
  await expect(page.getByTestId('studio-cost')).toContainText('Costs 4 credits');
  // Nothing typed yet: Create says why it cannot be pressed.
  await expect(page.getByRole('button', { name: 'Create' })).toBeDisabled();
  await expect(page.getByText('Type a prompt first.')).toBeVisible();

  const prompt = `a lighthouse in a storm ${Date.now()}`;
  const card = await create(page, prompt);
  await expect(card.getByRole('status')).toContainText(
    /Waiting in the queue: position \d+|Working on it|Done/,
  );
  await expect(card.getByRole('list', { name: 'Images' }).getByRole('img')).toHaveCount(4, {
    timeout: 120_000,
  });

  const love = card.getByRole('button', { name: /Love/ });
  await love.click();
  await expect(card.getByRole('button', { name: /Loved/ })).toHaveAttribute('aria-pressed', 'true');

  await card.getByRole('button', { name: 'Re-roll' }).click();
  await expect(page.getByRole('article').filter({ hasText: prompt })).toHaveCount(2);
  await card.getByRole('button', { name: 'GIF' }).click();
  const gif = page.getByRole('article').filter({ hasText: '/gif' }).first();
  await expect(gif.getByRole('status')).toHaveText('Done', { timeout: 120_000 });

  // The full-size view opens from the grid and closes with Escape.
  await card.getByRole('button', { name: 'Show image 1 of 4 at full size' }).click();
  await expect(page.getByRole('dialog', { name: 'Image 1 of 4' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const jobLink = await card.getByRole('link', { name: 'Open page' }).getAttribute('href');
  await page.goto('/gallery?v=3.1');
  await expect(page.getByRole('link', { name: new RegExp(prompt) }).first()).toBeVisible();
  await page.goto(jobLink!);
  await expect(page.getByRole('heading', { name: prompt, level: 1 })).toBeVisible();
  await expect(page.getByTestId('creator')).toHaveText(/^studio-/);

  await page.goto('/credithistory?v=3.1');
  const table = page.getByRole('table', { name: 'Your credit history' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Newest first: the GIF (2), the re-roll (4), the first grid (4), then the welcome credits (20).
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Charge for /gif');
  await expect(rows.nth(1)).toContainText('−2 credits');
  await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('10');
  await expect(rows.nth(3)).toContainText('Charge for /make');
  await expect(rows.nth(3).getByRole('cell').nth(3)).toHaveText('16');
  await expect(rows.nth(4)).toContainText('Welcome credits');
  await expect(rows.nth(4).getByRole('cell').nth(3)).toHaveText('20');
  await rows.nth(3).getByRole('link', { name: 'see the creation' }).click();
  await expect(page.getByRole('heading', { name: prompt, level: 1 })).toBeVisible();
  await context.close();
});

test('not enough credits is said in place, with a way to buy more', async ({ browser }) => {
  const { page, context, user } = await newUser(browser, 'poor');
  await adminSets(browser, user.user_id, { credits: 2 });
  await page.goto('/studio?v=3.1');
  await page.getByLabel('Prompt').fill('a cat');
  await expect(page.getByText('Not enough credits: this costs 4 and you have 2.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create' })).toBeDisabled();
  await context.close();
});

test('a speech job plays in the audio player', async ({ browser }) => {
  const { page, context, user } = await newUser(browser, 'speaker');
  await adminSets(browser, user.user_id, { hypercredits: 10 });
  await page.goto('/studio?command=speak&v=3.1');
  await expect(page.getByTestId('studio-cost')).toContainText('Costs 2 hypercredits');
  await page.getByLabel('Text').fill('Hello from the studio');
  await page.getByLabel('Voice').selectOption('-narrator');
  await page.getByRole('button', { name: 'Create' }).click();
  const card = page.getByRole('article').filter({ hasText: 'Hello from the studio' });
  const audio = card.locator('audio');
  await expect(audio).toHaveCount(1, { timeout: 120_000 });
  const duration = await audio.evaluate(
    (element: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        if (element.readyState >= 1) resolve(element.duration);
        else element.addEventListener('loadedmetadata', () => resolve(element.duration));
      }),
  );
  expect(duration).toBeGreaterThan(0.3);
  await context.close();
});

test('a signed-out visitor sees the gallery and a creation, not the studio; private creations are 404 to others', async ({
  browser,
}) => {
  const { page: maker, context: makerContext } = await newUser(browser, 'maker');
  const submit = async (prompt: string) => {
    const response = await maker.request.post('/api/jobs', {
      data: { command: 'make', options: { prompt } },
    });
    expect(response.status(), await response.text()).toBe(202);
    return ((await response.json()) as { job: { id: string } }).job.id;
  };
  const publicId = await submit('a public meadow');
  const privateId = await submit('a private garden');
  await expect
    .poll(async () => (await (await maker.request.get(`/api/jobs/${publicId}`)).json()).job.status, {
      timeout: 120_000,
    })
    .toBe('succeeded');
  await expect
    .poll(async () => (await (await maker.request.get(`/api/jobs/${privateId}`)).json()).job.status, {
      timeout: 120_000,
    })
    .toBe('succeeded');
  expect((await maker.request.patch(`/api/jobs/${privateId}`, { data: { public: false } })).status()).toBe(
    200,
  );

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/gallery?v=3.1');
  await expect(visitor.getByRole('heading', { name: 'Gallery' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /a public meadow/ }).first()).toBeVisible();
  await expect(visitor.getByRole('link', { name: /a private garden/ })).toHaveCount(0);

  const page = await visitor.request.get(`/c/${publicId}`, { headers: { accept: 'text/html' } });
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<meta property="og:image"');
  await visitor.goto(`/c/${publicId}`);
  await expect(visitor.getByRole('heading', { name: 'a public meadow', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Re-roll' })).toHaveCount(0);

  const hidden = await visitor.request.get(`/c/${privateId}`, { headers: { accept: 'text/html' } });
  expect(hidden.status()).toBe(404);
  await visitor.goto(`/c/${privateId}`);
  await expect(visitor.getByRole('heading', { name: 'Creation not found' })).toBeVisible();

  await visitor.goto('/studio?v=3.1');
  await expect(visitor).toHaveURL(/\/menu\?signin=required/);
  await visitorContext.close();
  await makerContext.close();
});

test('a LoRA trained from 8 images is used with -lora in the studio', async ({ browser }) => {
  const { page, context, user } = await newUser(browser, 'lora');
  await adminSets(browser, user.user_id, { credits: 1000 });
  const name = `Face${Date.now().toString(36)}`;
  await page.goto('/loras?v=3.1');
  await expect(page.getByText('You have no LoRA models yet.')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  const images = page.getByLabel('Images (png or jpg)');
  // Seven are refused before anything is uploaded.
  await images.setInputFiles(
    Array.from({ length: 7 }, (_, index) => ({
      name: `face-${index}.png`,
      mimeType: 'image/png',
      buffer: pngImage(index),
    })),
  );
  await expect(page.getByText('Choose exactly 8 images; you chose 7.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Train' })).toBeDisabled();
  await images.setInputFiles(
    Array.from({ length: 8 }, (_, index) => ({
      name: `face-${index}.png`,
      mimeType: 'image/png',
      buffer: pngImage(index),
    })),
  );
  await page.getByRole('button', { name: 'Train' }).click();
  const training = page.getByRole('article').filter({ hasText: '/loracreate' });
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(item).toContainText('Training… samples appear when it is done.');
  await expect(training.getByRole('status')).toHaveText('Done', { timeout: 150_000 });
  // The list follows the training: the model is ready with the preview its training drew.
  await expect(item).toContainText('Ready');
  const sample = item.getByRole('img', { name: `Sample image 1 made with the ${name} LoRA` });
  await expect(sample).toHaveAttribute('loading', 'lazy');
  await sample.scrollIntoViewIfNeeded();
  await expect
    .poll(() => sample.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await item.getByRole('button', { name: `Show sample 1 of ${name} at full size` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Sample of ${name}` });
  await expect(dialog.getByRole('img')).toBeVisible();
  await expect
    .poll(() => dialog.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(256);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await item.getByRole('link', { name: 'Use in the studio' }).click();
  await expect(page).toHaveURL(/\/studio\?command=make&lora=/);
  await expect(page.getByLabel('LoRA model')).toHaveValue(name);
  const card = await create(page, 'a portrait in the park');
  await expect(card.getByRole('list', { name: 'Images' }).getByRole('img')).toHaveCount(4, {
    timeout: 150_000,
  });
  const job = await (await page.request.get('/api/jobs?mine=true')).json();
  const made = (job.jobs as { command: string; options: { prompt?: string } }[]).find(
    (entry) => entry.command === 'make',
  );
  expect(made?.options.prompt).toContain(`-lora ${name}`);
  await context.close();
});

test('after a cancel in the studio, the balance shown is the one the server holds', async ({ browser }) => {
  const { page, context, user } = await newUser(browser, 'refund');
  await adminSets(browser, user.user_id, { hypercredits: 100 });
  await page.goto('/studio?command=movie&v=3.1');
  const balance = page.getByTestId('studio-balance');
  await expect(balance).toHaveText('100');
  const card = await create(page, `a slow sunrise over hills ${Date.now()}`);
  // The hold shows at once.
  await expect(balance).toHaveText('75');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('status')).toContainText(/Cancelled/i, { timeout: 60_000 });
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { hypercredits: number } };
  expect(me.user.hypercredits).toBe(100);
  await expect(balance).toHaveText(String(me.user.hypercredits));
  await context.close();
});
