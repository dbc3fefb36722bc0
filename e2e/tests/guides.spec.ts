import { expect, test, type Page } from '@playwright/test';

const footerLink = (page: Page, name: string) =>
  page.getByRole('contentinfo').getByRole('link', { name, exact: true });

async function openHubFromFooter(page: Page) {
  await page.goto('/');
  await footerLink(page, 'Documentation').click();
  await expect(page).toHaveURL(/\/documentation\?v=3\.1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
}

const GUIDES = [
  {
    link: 'Images guide',
    path: '/makecommanddocumentation',
    title: 'Making images with /make',
    headings: ['Prompt weighting', 'Aspect flags', 'Editing images', 'Generative fill'],
    facts: ['2×2 grid', '16:9', '9:16', '0.1-0.9', '256 px'],
  },
  {
    link: 'Video guide',
    path: '/videocommanddocumentation',
    title: 'Making video',
    headings: ['/video', '/batchvideo', '/rawbatchvideo', '/movie'],
    facts: ['3-second', '12-second', '4 scenes', 'music track'],
  },
  {
    link: 'Audio guide',
    path: '/audiocommanddocumentation',
    title: 'Making speech, music and sound',
    headings: ['/speak', '/music', '/sfx', 'Voice flags'],
    facts: ['19 voices', '-narrator', 'In the style of a veteran nature-documentary presenter.'],
  },
  {
    link: 'Lip-sync guide',
    path: '/LipSyncDocumentation',
    title: 'Lip-sync',
    headings: ['Use it honestly', '/lipsync', 'Tips'],
    facts: ['Do not use lip-sync to deceive.', 'A portrait with one clearly visible face.'],
  },
  {
    link: 'LoRA guide',
    path: '/loraDocumentation',
    title: 'Your own LoRA models',
    headings: [
      'Training',
      'Using a LoRA',
      'Samples',
      'Managing your models',
      '/loracreate',
      '/loracreatefromzip',
    ],
    facts: [
      '8 images',
      '8-40',
      'about 15 minutes',
      'direct message',
      '0.85',
      'about 60 seconds',
      'case-sensitive',
    ],
  },
];

for (const guide of GUIDES) {
  test(`the ${guide.link} opens from the hub and shows its headings and facts`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openHubFromFooter(page);
    await page.getByRole('link', { name: guide.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${guide.path}\\?v=3\\.1$`));
    await expect(page.getByRole('heading', { level: 1, name: guide.title })).toBeVisible();
    for (const heading of guide.headings) {
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    }
    const main = page.getByRole('main');
    for (const fact of guide.facts)
      await expect(main.getByText(fact).filter({ visible: true }).first()).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Documentation' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('a command in the hub list jumps to its section in the guide', async ({ page }) => {
  await page.goto('/documentation');
  // A click that lands while the prerendered page is being taken over can be lost; a person clicks again.
  await expect(async () => {
    await page.getByRole('link', { name: 'Video guide: /movie' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/videocommanddocumentation\?v=3\.1#cmd-movie$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '/movie', exact: true })).toBeInViewport();
});

test('the terms open from the footer and the hub, with every term and a relative privacy link', async ({
  page,
}) => {
  await openHubFromFooter(page);
  await page.getByRole('region', { name: 'Rules' }).getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();

  await page.goto('/');
  await footerLink(page, 'Terms of Service').click();
  await expect(page).toHaveURL(/\/termsofservice\?v=3\.1$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Last updated Aug 22, 2023')).toBeVisible();
  for (const fact of [
    'You must be at least 13 years old',
    'a parent or guardian must read and accept',
    'only for people aged 18 or older',
    'You own the images, video and audio you generate',
    'Creations are public by default',
    'other members may make variations',
    'commercial purposes without that creator',
    'renew automatically',
    'cancel at least 30 days before the renewal date',
    'We do not give refunds',
    'terminate your account',
  ]) {
    await expect(main.getByText(fact).first()).toBeVisible();
  }
  const privacy = main.getByRole('link', { name: 'Privacy Policy' });
  await expect(privacy).toHaveAttribute('href', 'privacypolicy');
  expect(new URL(await privacy.evaluate((link) => (link as unknown as { href: string }).href)).pathname).toBe(
    '/privacypolicy',
  );
  await privacy.click();
  await expect(page).toHaveURL(/\/privacypolicy(\?v=3\.1)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test('the relative privacy link also works as a plain page load', async ({ page }) => {
  await page.goto('/termsofservice');
  const href = await page
    .getByRole('main')
    .getByRole('link', { name: 'Privacy Policy' })
    .getAttribute('href');
  await page.goto(new URL(href!, page.url()).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test('the privacy policy opens from the footer and the hub', async ({ page }) => {
  await openHubFromFooter(page);
  await page.getByRole('region', { name: 'Rules' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.goto('/');
  await footerLink(page, 'Privacy Policy').click();
  await expect(page).toHaveURL(/\/privacypolicy\?v=3\.1$/);
  await expect(page.getByRole('heading', { name: 'What we collect' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Service' })).toBeVisible();
});

test('the weighting box shows the weight of each part of a typed prompt', async ({ page }) => {
  await page.goto('/makecommanddocumentation');
  const box = page.getByLabel('Try a prompt');
  await box.fill('a red fox, ((snow)), (trees:0.6), (moon:1.5), (stars)');
  const parts = page.getByRole('list', { name: 'Weight of each part' }).getByRole('listitem');
  await expect(parts).toHaveText([
    'a red fox×1.0 (normal)',
    'snow×1.5 (stronger)',
    'trees×0.6 (weaker)',
    'moon×1.5 (stronger)',
    'stars×1.25 (stronger)',
  ]);
  await box.fill('broken (paren');
  await expect(parts).toHaveText(['broken (paren×1.0 (normal)']);
});

test('a LoRA sample opens in a modal and closes with the keyboard, returning focus', async ({ page }) => {
  await page.goto('/loraDocumentation');
  for (const [index, key] of (['Enter', 'Space'] as const).entries()) {
    const thumb = page.getByRole('button', { name: /^(MoonPeaks|InkWash)/ }).nth(index);
    const model = index === 0 ? 'MoonPeaks' : 'InkWash';
    await thumb.focus();
    await page.keyboard.press(key);
    const dialog = page.getByRole('dialog', { name: `Sample: ${model}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img')).toHaveAccessibleName(/.+/);
    await expect(dialog.getByText(`-lora ${model}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(thumb).toBeFocused();
  }
});
