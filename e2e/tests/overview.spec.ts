import { readFileSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { photograph } from '../support/photos.ts';

const PANELS = [
  'revenue-daily',
  'revenue-weekly',
  'plans',
  'subscribers',
  'ledger-credits',
  'ledger-hypercredits',
  'jobs',
  'queue-waits',
  'host-utilization',
  'host-failures',
  'top-spenders',
];

/** Pixels of a chart's canvas drawn in colour (the series), apart from grey axes, grid and text. */
async function colouredPixels(chart: Locator): Promise<number> {
  return chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d')!;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      const [r, g, b, a] = [data[index]!, data[index + 1]!, data[index + 2]!, data[index + 3]!];
      if (a > 100 && Math.max(r, g, b) - Math.min(r, g, b) > 80) count += 1;
    }
    return count;
  });
}

test('the admin overview draws every chart from the seeded month, with its table and CSV', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signIn(page, 'admin');
  await page.goto('/admin/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  for (const id of PANELS) {
    const panel = page.locator(`[data-panel="${id}"]`);
    const chart = panel.locator('.overview-chart').first();
    await expect(chart.locator('canvas'), id).toBeVisible();
    await expect.poll(() => colouredPixels(chart), { message: `${id} draws its series` }).toBeGreaterThan(40);
    await expect(panel.locator('.overview-table table tbody tr').first(), id).toBeAttached();
  }
  await photograph(page, 'overview');

  // The table is the chart's figures in words, and the CSV is the same rows in raw units.
  const revenue = page.locator('[data-panel="revenue-daily"]');
  await revenue.getByText('Table: Revenue by day').click();
  await expect(revenue.locator('.overview-table table')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    revenue.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^overview-revenue-daily-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Day,gross_cents,refunds_cents,disputes_cents,net_cents,payments');
  expect(lines).toHaveLength(31);
  const range = /(\d{4}-\d{2}-\d{2})-to-(\d{4}-\d{2}-\d{2})/.exec(download.suggestedFilename())!;
  const api = await page.request.get(`/api/admin/overview/revenue?from=${range[1]}&to=${range[2]}`);
  const totals = (await api.json()).totals;
  const gross = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0);
  const net = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[4]), 0);
  expect(gross).toBe(totals.grossCents);
  expect(net).toBe(totals.netCents);
  expect(gross).toBeGreaterThan(0);

  for (const id of PANELS.filter((panel) => panel !== 'revenue-daily')) {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(`[data-panel="${id}"]`).getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const text = readFileSync(await file.path(), 'utf8');
    expect(text.trim().split('\r\n').length, id).toBeGreaterThan(1);
  }

  // A shorter range asks the server again.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByText(/^Showing \d{4}-\d{2}-\d{2} to/)).toBeVisible();
  await expect(revenue.locator('.overview-table table tbody tr')).toHaveCount(7);
  expect(errors).toEqual([]);
});

test('members do not see the overview and its reads answer 403', async ({ page }) => {
  await signIn(page, 'member');
  await page.goto('/admin/overview');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  await expect(page.locator('.overview-chart')).toHaveCount(0);
  for (const section of [
    'revenue',
    'subscriptions',
    'credits',
    'jobs',
    'queue-waits',
    'hosts',
    'top-spenders',
  ]) {
    const response = await page.request.get(`/api/admin/overview/${section}`);
    expect(response.status(), section).toBe(403);
  }
});
