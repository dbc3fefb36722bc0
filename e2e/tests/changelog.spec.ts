import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { XSS_CONSOLE_MARKER, XSS_CORPUS, XSS_URL_MARKER } from '@app/domain/testing';
import { signIn, uniqueName } from '../support/auth.ts';

const INVALID_TITLE = 'Invalid Title. Please enter a valid title.';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAH0lEQVR42mNkYPj/n4EIwDiqkL4KGRkZGRgYGBiIVQgAqeMH+X9UnCsAAAAASUVORK5CYII=',
  'base64',
);

/** An API client signed in as the seeded admin, for arranging data. */
async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const response = await api.post('/api/auth/local', { data: { discordName: 'admin' } });
  expect(response.status()).toBe(200);
  return api;
}

async function createEntry(api: APIRequestContext, changeTitle: string, changeText: string) {
  const response = await api.post('/api/changelog', {
    data: { content: { changeTitle, changeDate: 'May 1, 2025', changeText } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; changeTitle: string };
}

/** Records anything a payload would do if it ran. */
function watchForExecution(page: Page) {
  const fired: string[] = [];
  page.on('dialog', (dialog) => {
    fired.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes(XSS_CONSOLE_MARKER)) fired.push(`console: ${message.text()}`);
  });
  page.on('request', (req) => {
    if (req.url().includes(XSS_URL_MARKER) || req.url().includes('evil.example'))
      fired.push(`request: ${req.url()}`);
  });
  page.on('pageerror', (error) => fired.push(`pageerror: ${error.message}`));
  return fired;
}

/** Nothing that could run is left in the shown rich text. */
async function expectInertRichText(page: Page) {
  const problems = await page.locator('.rich-text').evaluateAll((nodes) => {
    const found: string[] = [];
    for (const root of nodes) {
      for (const element of root.querySelectorAll('*')) {
        if (
          /^(script|svg|math|style|form|object|embed|meta|base|link|template|noscript)$/.test(
            element.localName,
          )
        )
          found.push(element.localName);
        for (const name of element.getAttributeNames())
          if (/^on|^srcdoc$|^formaction$/i.test(name)) found.push(`${element.localName}[${name}]`);
        const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
        if (/^\s*(javascript|vbscript|data:text|data:image\/svg)/i.test(url)) found.push(url);
      }
    }
    return found;
  });
  expect(problems).toEqual([]);
}

test('the XSS corpus, saved through the API, runs nothing on the list and detail pages', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await adminApi();
  const run = uniqueName('xss');
  const titles = new Map<string, string>();
  for (const payload of XSS_CORPUS) {
    const title = `${run} ${payload.marker}`;
    await createEntry(api, title, payload.html);
    titles.set(payload.marker, title);
  }

  const fired = watchForExecution(page);
  await page.goto('/changelog');
  for (const payload of XSS_CORPUS) {
    const entry = page.locator('article', {
      has: page.getByRole('link', { name: titles.get(payload.marker)! }),
    });
    await expect(entry.getByText(payload.marker, { exact: false }).first()).toBeVisible();
  }
  await expectInertRichText(page);
  // Hovering, focusing and clicking where handlers were must not run them either.
  await page.getByText(`harmless-03`, { exact: true }).first().hover();

  for (const payload of XSS_CORPUS) {
    const title = titles.get(payload.marker)!;
    await page.goto(`/changelog/${encodeURIComponent(title)}?v=3.1`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(
      page.locator('.rich-text').getByText(payload.marker, { exact: false }).first(),
    ).toBeVisible();
    await expectInertRichText(page);
  }
  await page.waitForTimeout(500);
  expect(fired).toEqual([]);
  await api.dispose();
});

test('an admin writes, edits and deletes an entry in the editor', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const title = uniqueName('Release');
  await page.goto('/changelog');
  await page.getByRole('link', { name: 'Add Entry' }).click();
  await expect(page).toHaveURL(/\/add-changelog-entry\?v=3\.1$/);

  // A title that does not decode is refused, and the error clears on edit.
  await page.getByLabel('Title').fill('Up 100%');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(INVALID_TITLE)).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await expect(page.getByText(INVALID_TITLE)).toHaveCount(0);

  const editor = page.locator('.ql-editor');
  await editor.click();
  await page.locator('.ql-header .ql-picker-label').click();
  await page.locator('.ql-header .ql-picker-item[data-value="2"]').click();
  await page.keyboard.type('What is new');
  await page.keyboard.press('Enter');
  await page.locator('button.ql-bold').click();
  await page.keyboard.type('Faster renders');
  await page.locator('button.ql-bold').click();
  await page.keyboard.type(' for everyone. Read the ');
  await page.keyboard.type('guide');
  for (let i = 0; i < 'guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.locator('button.ql-link').click();
  await page.locator('.ql-tooltip input[type=text]').fill('https://example.com/guide');
  await page.keyboard.press('Enter');
  await editor.press('End');
  await page.keyboard.press('Enter');
  await page.locator('button.ql-list[value="bullet"]').click();
  await page.keyboard.type('First change');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second change');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  // The media button lives in the extended toolbar; the text survives the switch.
  await page.getByLabel(/More formatting tools/).check();
  await expect(page.locator('button.ql-media')).toBeVisible();
  await expect(editor.locator('h2')).toHaveText('What is new');
  await expect(page.locator('.ql-toolbar .ql-picker.ql-fontsize')).toBeVisible();
  await editor.click();
  await page.keyboard.press('Control+End');
  const chooser = page.waitForEvent('filechooser');
  await page.locator('button.ql-media').click();
  await (await chooser).setFiles({ name: 'pixel.txt', mimeType: 'text/plain', buffer: PNG });
  await expect(editor.locator('img[src^="/uploads/"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/changelog/${title}\\?v=3\\.1$`));
  await expect(page).toHaveTitle(`Changelog: ${title}`);
  const shown = page.locator('.rich-text');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(shown.locator('h2')).toHaveText('What is new');
  await expect(shown.locator('strong')).toHaveText('Faster renders');
  await expect(shown.getByRole('link', { name: 'guide' })).toHaveAttribute(
    'href',
    'https://example.com/guide',
  );
  await expect(shown.locator('li')).toHaveText(['First change', 'Second change']);
  const image = shown.locator('img');
  await expect(image).toHaveAttribute('src', /^\/uploads\/.+\.png$/);
  await expect
    .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(8);

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.getByRole('link', { name: title }).click();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/changelog\/edit\/\d+\?v=3\.1$/);
  const edited = `${title} v2`;
  await expect(page.locator('.ql-editor h2')).toHaveText('What is new');
  await page.getByLabel('Title').fill(edited);
  await page.locator('.ql-editor').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('Edited line');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveTitle(`Changelog: ${edited}`);
  await expect(page.locator('.rich-text')).toContainText('Edited line');
  await expect(page.locator('.rich-text strong')).toHaveText('Faster renders');

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete this entry?' })
    .getByRole('button', { name: 'Delete entry' })
    .click();
  await expect(page).toHaveURL(/\/changelog\?v=3\.1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
  await expect(page.getByRole('link', { name: edited })).toHaveCount(0);
  await page.goto(`/changelog/${encodeURIComponent(edited)}`);
  await expect(page.getByRole('heading', { name: 'Entry not found' })).toBeVisible();
});

test('a non-admin sees no Add, Edit, Delete or save button', async ({ page }) => {
  const api = await adminApi();
  const title = uniqueName('Public');
  await createEntry(api, title, '<p>Visible to all</p>');
  await api.dispose();

  await signIn(page, uniqueName('member'));
  await page.goto('/changelog');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Entry' })).toHaveCount(0);
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveTitle(`Changelog: ${title}`);
  await expect(page.getByText('Visible to all')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.goto('/add-changelog-entry');
  await expect(page.getByText('Only admins can add or edit changelog entries.')).toBeVisible();
  await expect(page.locator('.ql-editor')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
});

test('signed-out visitors get a way to sign in instead of the changelog editor', async ({ page }) => {
  for (const path of ['/add-changelog-entry', '/changelog/edit/1']) {
    await page.goto(path);
    await expect(page.getByText('Only admins can add or edit changelog entries.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in with Discord' }).last()).toBeVisible();
    await expect(page.locator('.ql-editor')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Add|Save)$/ })).toHaveCount(0);
  }
});
