import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueName } from '../support/auth.ts';

/** A new user on the channel page, in the channel named. */
async function openChannel(page: Page, channel: string) {
  const name = uniqueName('chan');
  await signIn(page, name);
  await page.goto('/_discord/app');
  await expect(page.locator('.me-name')).toHaveText(name);
  const link = page.getByRole('button', { name: `# ${channel}`, exact: true });
  if (!(await link.isVisible())) await page.getByRole('button', { name: 'Channels' }).click();
  await link.click();
  await expect(page.locator('#title')).toHaveText(`# ${channel}`);
  return name;
}

test('/make a red fox and Enter posts a result of "a red fox", drawn as Discord draws it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = await openChannel(page, 'image-5');
  const input = page.getByRole('combobox', { name: 'Message # image-5' });
  await input.pressSequentially('/make a red fox');
  // The command is chosen and the text after its name is in its prompt, where typing goes on.
  const prompt = page.getByRole('textbox', { name: /^prompt/ });
  await expect(prompt).toHaveValue('a red fox');
  await expect(prompt).toBeFocused();
  await page.keyboard.press('Enter');

  // Others may use the channel at the same time: this person's messages are the ones that name them.
  const mine = page.locator('.msg').filter({ hasText: `${name} used /make` });
  await expect(mine.filter({ hasText: '/make: Your request is queued' })).toBeVisible();
  const result = mine.filter({ hasText: `@${name} your /make is ready` });
  await expect(result).toBeVisible({ timeout: 90_000 });
  // The result is a card: the grid, then its Markdown text with the labels drawn bold (<strong>),
  // never as asterisks.
  await expect(result.locator('.content strong', { hasText: 'Prompt:' })).toBeVisible();
  await expect(result.locator('.content', { hasText: 'Prompt:' })).toContainText('Prompt: a red fox');
  await expect(result.locator('.content', { hasText: 'Prompt:' })).not.toContainText('**');
  // Every button has a name; its emoji is a picture, not a character an emoji font must draw.
  // The six result buttons, then U1–U4 and V1–V4 (words only, no emoji).
  const buttons = result.getByRole('button');
  await expect(buttons).toHaveCount(14);
  for (const button of await buttons.all()) await expect(button).toHaveAccessibleName(/\S/);
  for (const name of ['Love', 'Edit & regenerate', 'Re-roll', 'Delete', 'Vary', 'GIF']) {
    const button = result.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    await expect(button.locator('img.emoji')).toHaveAttribute('src', /\/app\/emoji\/[0-9a-f-]+\.svg$/);
  }
  for (const name of ['U1 Upscale', 'U4 Upscale', 'V1 Vary', 'V4 Vary'])
    await expect(result.getByRole('button', { name, exact: true })).toBeVisible();
  const dice = result.getByRole('button', { name: 'Re-roll' }).locator('img.emoji');
  await expect.poll(() => dice.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const love = result.getByRole('button', { name: 'Love', exact: true });
  await love.click();
  await expect(result.getByRole('button', { name: 'Love (1)' })).toBeVisible();
  // A button whose answer leaves the message as it was (a window) works again afterwards.
  const edit = result.getByRole('button', { name: 'Edit & regenerate', exact: true });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit & regenerate' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(edit).toBeEnabled();
  // The result with its images and six named buttons fits a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await result.getByRole('button', { name: 'GIF', exact: true }).scrollIntoViewIfNeeded();
  await expect(result.getByRole('button', { name: 'GIF', exact: true })).toBeInViewport();
});

test('Enter with a required option empty moves to it instead of sending', async ({ page }) => {
  const name = await openChannel(page, 'image-2');
  const input = page.getByRole('combobox', { name: 'Message # image-2' });
  await input.fill('/make');
  await input.press('Enter');
  const prompt = page.getByRole('textbox', { name: /^prompt/ });
  // Choosing a command moves into its first required option.
  await expect(prompt).toBeFocused();
  await page.getByRole('combobox', { name: 'Message # image-2' }).press('Enter');
  await expect(prompt).toBeFocused();
  await expect(page.locator('#status')).toHaveText('Fill in prompt to send /make.');
  await expect(page.locator('.msg').filter({ hasText: `${name} used /make` })).toHaveCount(0);
});

test('the channel page has no sideways scroll at 390 px; channels are in a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openChannel(page, 'image-3');
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(390);
  await expect(page.getByRole('button', { name: '# image-1', exact: true })).toBeHidden();
  const menu = page.getByRole('button', { name: 'Channels' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: '# video-2', exact: true }).click();
  await expect(page.locator('#title')).toHaveText('# video-2');
  await expect(page.getByRole('button', { name: '# image-1', exact: true })).toBeHidden();
  expect(await width()).toBeLessThanOrEqual(390);
  const input = page.getByRole('combobox', { name: 'Message # video-2' });
  await input.fill('/video');
  await input.press('Enter');
  expect(await width()).toBeLessThanOrEqual(390);
});

test('a horror channel asks once for 18+ before showing anything', async ({ page }) => {
  await openChannel(page, 'image-1');
  await page.getByRole('button', { name: '# image-horror', exact: true }).click();
  const gate = page.getByRole('group', { name: 'Age-restricted channel' });
  await expect(gate).toContainText('You must be 18 or older to view it.');
  await expect(page.getByRole('combobox', { name: /Message/ })).toBeHidden();
  // Nope goes back to where the person was.
  await gate.getByRole('button', { name: 'Nope' }).click();
  await expect(page.locator('#title')).toHaveText('# image-1');

  await page.getByRole('button', { name: '# image-horror', exact: true }).click();
  await gate.getByRole('button', { name: 'Continue' }).click();
  await expect(gate).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Message # image-horror' })).toBeVisible();
  // Asked once: the other horror channel and a reload open straight away.
  await page.getByRole('button', { name: '# video-horror', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Message # video-horror' })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: '# image-horror', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Message # image-horror' })).toBeVisible();
});

test('a command outside its channels is answered privately with links to the right ones', async ({
  page,
}) => {
  await openChannel(page, 'image-3');
  const input = page.getByRole('combobox', { name: 'Message # image-3' });
  await input.pressSequentially('/video a wave');
  await page.keyboard.press('Enter');
  const answer = page.locator('.msg.ephemeral', { hasText: '/video works in' });
  await expect(answer).toContainText('Only you can see this message');
  await answer.getByRole('link', { name: '#video-1' }).click();
  await expect(page.locator('#title')).toHaveText('# video-1');
});

test("Discord's Markdown is drawn, never shown as symbols, and never runs as HTML", async ({ page }) => {
  await openChannel(page, 'image-6');
  const text = [
    '**bold** *italic* __under__ ~~gone~~ `code` ||hidden|| [docs](https://example.com/guide) <#100000000000000207>',
    '# Title',
    '> quoted',
    '```',
    'line one',
    '```',
    '<img src=x onerror=alert(1)> [bad](javascript:alert(1)) 🎲',
  ].join('\n');
  // Several lines, as Shift+Enter makes them in Discord: sent the way the page sends a message.
  const image6 = '100000000000000205';
  const sent = await page.request.post(`/_discord/app/api/channels/${image6}/messages`, {
    multipart: { payload_json: JSON.stringify({ content: text }) },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const content = page.locator(`.msg[data-id="${(await sent.json()).id}"] .content`);
  await expect(content.locator('strong')).toHaveText('bold');
  await expect(content.locator('em')).toHaveText('italic');
  await expect(content.locator('u')).toHaveText('under');
  await expect(content.locator('s')).toHaveText('gone');
  await expect(content.locator('code.inline-code')).toHaveText('code');
  await expect(content.locator('pre code')).toHaveText('line one');
  await expect(content.locator('blockquote')).toHaveText('quoted');
  await expect(content.getByRole('heading', { name: 'Title' })).toBeVisible();
  await expect(content.getByRole('link', { name: 'docs' })).toHaveAttribute(
    'href',
    'https://example.com/guide',
  );
  await expect(content.getByRole('link', { name: '#video-1' })).toBeVisible();
  // A spoiler stays hidden until pressed.
  const spoiler = content.getByRole('button', { name: 'Spoiler, press to reveal' });
  await spoiler.click();
  const revealed = content.locator('.spoiler.revealed');
  await expect(revealed).toHaveText('hidden');
  // It stays revealed, and keeps the focus, when the next message arrives and the list is drawn again.
  const next = await page.request.post(`/_discord/app/api/channels/${image6}/messages`, {
    multipart: { payload_json: JSON.stringify({ content: 'and one more' }) },
  });
  expect(next.status(), await next.text()).toBe(200);
  await expect(page.locator(`.msg[data-id="${(await next.json()).id}"]`)).toContainText('and one more');
  await expect(revealed).toHaveText('hidden');
  await expect(revealed).toBeFocused();
  // Raw HTML stays text, a javascript: link is no link, and emoji are pictures.
  await expect(content.locator('img:not(.emoji)')).toHaveCount(0);
  await expect(content).toContainText('<img src=x onerror=alert(1)>');
  await expect(content.getByRole('link', { name: 'bad' })).toHaveCount(0);
  await expect(content.getByRole('img', { name: '🎲' })).toHaveAttribute('src', /1f3b2\.svg$/);
  await expect(content).not.toContainText('**');
});
