import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { pngImage } from '../support/png.ts';

/** Console errors and uncaught exceptions of a page, as they happen. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('signed-out visits to the landing page, the menu and the editor page log no console error', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  for (const path of ['/', '/menu', '/add-changelog-entry']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
});

test('an image uploaded with the cursor at the end of the entry lands at the end, after a toolbar switch too', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/add-changelog-entry?v=3.1');
  const editor = page.locator('.ql-editor');
  await editor.click();
  await page.locator('.ql-header .ql-picker-label').click();
  await page.locator('.ql-header .ql-picker-item[data-value="1"]').click();
  await page.keyboard.type('Release notes');
  await page.keyboard.press('Enter');
  await page.locator('button.ql-list[value="bullet"]').click();
  await page.keyboard.type('First change');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second change');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('The end');

  // The toolbar switch rebuilds the editor: the cursor it had is gone, and the end is where it goes.
  await page.getByLabel(/More formatting tools/).check();
  await expect(page.locator('button.ql-media')).toBeVisible();
  // One way to add a picture: the upload button (no base64 embed button beside it).
  await expect(page.locator('.ql-toolbar button.ql-image')).toHaveCount(0);
  const upload = async (seed: number) => {
    const chooser = page.waitForEvent('filechooser');
    await page.locator('button.ql-media').click();
    await (
      await chooser
    ).setFiles({ name: `pixel-${seed}.png`, mimeType: 'image/png', buffer: pngImage(seed, 8) });
  };
  await upload(1);
  await expect(editor.locator('img')).toHaveCount(1);
  await expect(editor.locator('> *').last().locator('img')).toHaveCount(1);
  await expect(editor.locator('> *').last()).toContainText('The end');
  await expect(editor.locator('h1 img, li img')).toHaveCount(0);

  // With the cursor put at the end by hand, the next one lands after the first.
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' more');
  await upload(2);
  await expect(editor.locator('img')).toHaveCount(2);
  await expect(editor.locator('h1 img, li img')).toHaveCount(0);
  const last = editor.locator('> *').last();
  await expect(last).toContainText('The end more');
  // The second image is after the text typed at the end.
  expect(
    await last.evaluate((block) => {
      const images = block.querySelectorAll('img');
      return block.lastElementChild === images[images.length - 1];
    }),
  ).toBe(true);
});
