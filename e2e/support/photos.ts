import { type Page, test } from '@playwright/test';

/**
 * Photographs of pages, to look at, into each test's results folder: taken when `E2E_PHOTOS` is set
 * (`E2E_PHOTOS=1 npm run test:e2e`). A run that only checks leaves them out: encoding a full page as
 * a PNG costs the browser more than most checks it follows.
 */
export const PHOTOS = Boolean(process.env.E2E_PHOTOS);

export async function photograph(page: Page, name: string, { fullPage = true } = {}) {
  if (!PHOTOS) return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}
