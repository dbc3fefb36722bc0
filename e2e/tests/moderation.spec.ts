import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn, uniqueName } from '../support/auth.ts';
import { photograph } from '../support/photos.ts';

// Generation runs on the local provider of the embedded default: real files, made on the CPU.
test.setTimeout(180_000);

async function newUser(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signIn(page, uniqueName(prefix));
  return { context, page, user };
}

async function admin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin');
  return { context, page };
}

/** A finished public /make of this user, made through the API. */
async function makeImage(page: Page, prompt: string): Promise<string> {
  const sent = await page.request.post('/api/jobs', { data: { command: 'make', options: { prompt } } });
  expect(sent.status(), await sent.text()).toBe(202);
  const id = (await sent.json()).job.id as string;
  await expect
    .poll(async () => (await (await page.request.get(`/api/jobs/${id}`)).json()).job.status, {
      timeout: 150_000,
    })
    .toBe('succeeded');
  return id;
}

test('a report from the creation page reaches the queue; hiding takes the creation away and undo brings it back', async ({
  browser,
}) => {
  const creator = await newUser(browser, 'made');
  const prompt = `a tin robot reading ${Date.now()}`;
  const id = await makeImage(creator.page, prompt);

  const reporter = await newUser(browser, 'reporter');
  await reporter.page.goto(`/c/${id}?v=3.1`);
  await reporter.page.getByRole('button', { name: '⚑ Report' }).click();
  const dialog = reporter.page.getByRole('dialog', { name: 'Report this creation' });
  await dialog.getByLabel('What is wrong with it?').selectOption('real-people');
  await dialog.getByLabel(/Anything the moderators should know/).fill('that is my brother');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toContainText('the moderators will look at it');

  const mod = await admin(browser);
  await mod.page.goto('/admin/moderation?v=3.1');
  const item = mod.page.getByRole('listitem', { name: `Report about ${creator.user.discordname}` });
  await expect(item).toContainText('real-people: that is my brother');
  await expect(item).toContainText(prompt);
  await photograph(mod.page, 'moderation-queue');
  await item.getByLabel('Action').selectOption('hide');
  await item.getByLabel('Reason (sent to the person)').fill('shows a real person without consent');
  await item.getByRole('button', { name: 'Hide the creation' }).click();
  await expect(item).toBeHidden();

  await reporter.page.reload();
  await expect(reporter.page.getByRole('heading', { name: 'Creation not found' })).toBeVisible();
  await reporter.page.goto('/gallery?v=3.1');
  // The gallery has loaded (with others' creations, or none at all) and this one is not among them.
  await expect(
    reporter.page
      .getByRole('list', { name: 'Creations' })
      .or(reporter.page.getByText('Nothing here yet.', { exact: false })),
  ).toBeVisible();
  await expect(reporter.page.getByText(prompt)).toHaveCount(0);

  await mod.page.getByLabel('Show').selectOption('resolved');
  const resolved = mod.page
    .getByRole('listitem', { name: `Report about ${creator.user.discordname}` })
    .first();
  await expect(resolved.getByText('hidden', { exact: true })).toBeVisible();
  await resolved.getByRole('button', { name: 'Undo' }).click();
  await expect(resolved.locator('.undone')).toBeVisible();
  await reporter.page.goto(`/c/${id}?v=3.1`);
  await expect(reporter.page.getByRole('heading', { level: 1, name: prompt })).toBeVisible();

  await mod.page.goto('/admin/audit?v=3.1');
  await mod.page.getByLabel('Action').selectOption('moderation.undo-hide');
  await mod.page.getByRole('button', { name: 'Filter' }).click();
  await expect(mod.page.getByRole('cell', { name: 'moderation.undo-hide' }).first()).toBeVisible();
  await expect(mod.page.getByRole('cell', { name: 'moderation.hide', exact: true })).toHaveCount(0);
  await photograph(mod.page, 'moderation-audit');
  await Promise.all([creator.context.close(), reporter.context.close(), mod.context.close()]);
});

test('a blocklisted term is refused in the studio with its category, and the refusal is queued', async ({
  browser,
}) => {
  const mod = await admin(browser);
  const term = `quorblin${Date.now().toString(36)}`;
  await mod.page.goto('/admin/blocklist?v=3.1');
  const form = mod.page.getByRole('form', { name: 'Add a term' });
  await form.getByLabel('Term').fill(term);
  await form.getByLabel('Category').selectOption('hate');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(mod.page.getByRole('rowheader', { name: term })).toBeVisible();
  await photograph(mod.page, 'moderation-blocklist');

  const person = await newUser(browser, 'blocked');
  await person.page.goto('/studio?v=3.1');
  await person.page.getByLabel('Prompt').fill(`a poster about ${term.toUpperCase()}`);
  await person.page.getByRole('button', { name: 'Create' }).click();
  await expect(person.page.getByText('Your prompt was refused: hate. Nothing was charged.')).toBeVisible();

  await mod.page.goto('/admin/moderation?v=3.1');
  await mod.page.getByLabel('Kind').selectOption('refusal');
  await expect(
    mod.page.getByRole('listitem', { name: `Refused prompt about ${person.user.discordname}` }),
  ).toContainText(term.toUpperCase());
  await mod.page.goto('/admin/blocklist?v=3.1');
  await mod.page.getByRole('button', { name: `Remove ${term}` }).click();
  await expect(mod.page.getByRole('rowheader', { name: term })).toHaveCount(0);
  await Promise.all([person.context.close(), mod.context.close()]);
});

test('the first studio visit asks the age band; 13 to 17 needs a guardian; the answer is kept', async ({
  page,
}) => {
  const name = uniqueName('age');
  const signedIn = await page.request.post('/api/auth/local', { data: { discordName: name } });
  expect(signedIn.status()).toBe(200);
  await page.goto('/studio?v=3.1');
  const question = page.getByRole('form', { name: 'Before your first creation: how old are you?' });
  await expect(question).toBeVisible();
  await expect(page.getByLabel('Prompt')).toHaveCount(0);
  await question.getByLabel('13 to 17').check();
  const go = question.getByRole('button', { name: 'Continue' });
  await expect(go).toBeDisabled();
  await question.getByLabel(/A parent or guardian has read the terms/).check();
  await photograph(page, 'moderation-age');
  await go.click();
  await expect(page.getByLabel('Prompt')).toBeVisible();

  // The answer is kept: the question is not asked again.
  await page.reload();
  await expect(page.getByLabel('Prompt')).toBeVisible();
  await expect(page.getByRole('form', { name: /how old are you/ })).toHaveCount(0);
});

/** A signed-in person on the channel page, in #image-4. */
async function inChannel(page: Page, name: string) {
  await signIn(page, name);
  await page.goto('/_discord/app');
  await expect(page.locator('.me-name')).toHaveText(name);
  const link = page.getByRole('button', { name: '# image-4', exact: true });
  if (!(await link.isVisible())) await page.getByRole('button', { name: 'Channels' }).click();
  await link.click();
  await expect(page.locator('#title')).toHaveText('# image-4');
}

test('"Report creation" from a result’s Apps menu on the channel page opens the form and files the report', async ({
  browser,
  page,
}) => {
  const maker = uniqueName('chanmake');
  await inChannel(page, maker);
  const prompt = `a copper kettle ${Date.now()}`;
  await page.getByRole('combobox', { name: 'Message # image-4' }).pressSequentially(`/make ${prompt}`);
  await page.keyboard.press('Enter');
  await expect(page.locator('.msg').filter({ hasText: `@${maker} your /make is ready` })).toBeVisible({
    timeout: 120_000,
  });

  const context = await browser.newContext();
  const other = await context.newPage();
  await inChannel(other, uniqueName('chanrep'));
  const result = other.locator('.msg').filter({ hasText: prompt }).filter({ hasText: 'is ready' });
  await result.getByText('Apps').click();
  await result.getByRole('button', { name: 'Report creation' }).click();
  const modal = other.locator('dialog[open]');
  await expect(modal).toContainText('Report creation');
  const note = `copied from my portfolio ${Date.now()}`;
  await modal.getByRole('textbox').fill(note);
  await photograph(other, 'moderation-discord-report', { fullPage: false });
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(other.getByText('Thank you: the moderators will look at it.')).toBeVisible();

  const mod = await admin(browser);
  await mod.page.goto('/admin/moderation?v=3.1');
  await expect(mod.page.getByRole('listitem', { name: `Report about ${maker}` })).toContainText(note);
  await Promise.all([context.close(), mod.context.close()]);
});
