import { expect, test } from '@playwright/test';
import { signIn, uniqueName } from '../support/auth.ts';

// Generation runs on the local provider of the embedded default: real files, made on the CPU.
test.setTimeout(180_000);

test('gallery tiles: a video shows a poster frame and a sound a waveform picture', async ({
  browser,
  page,
}) => {
  const user = await signIn(page, uniqueName('tiles'));
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  const granted = await admin.request.patch(`/api/users/${user.user_id}`, { data: { hypercredits: 100 } });
  expect(granted.status(), await granted.text()).toBe(200);
  await adminContext.close();

  const prompts = { video: `tide pools ${Date.now()}`, music: `soft harp ${Date.now()}` };
  const jobs: Record<string, string> = {};
  for (const [command, options] of [
    ['video', { prompt: prompts.video }],
    ['music', { style: prompts.music }],
  ] as const) {
    const sent = await page.request.post('/api/jobs', { data: { command, options } });
    expect(sent.status(), await sent.text()).toBe(202);
    jobs[command] = (await sent.json()).job.id;
  }
  for (const id of Object.values(jobs)) {
    await expect
      .poll(async () => (await (await page.request.get(`/api/jobs/${id}`)).json()).job.status, {
        timeout: 150_000,
      })
      .toBe('succeeded');
  }

  await page.goto('/gallery?kind=video&v=3.1');
  const poster = page.getByRole('img', { name: `Frame of ${prompts.video}` });
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.goto('/gallery?kind=audio&v=3.1');
  const wave = page.getByRole('img', { name: `Waveform of ${prompts.music}` });
  await expect(wave).toBeVisible();
  await expect.poll(() => wave.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
