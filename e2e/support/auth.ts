import { expect, type Page } from '@playwright/test';

/**
 * Signs the page's browser context in through local sign-in (creating the user when new) and
 * returns the user. Use a unique name for tests that change a user's state.
 */
export async function signIn(page: Page, discordName: string) {
  const response = await page.request.post('/api/auth/local', { data: { discordName } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { user_id: string; discordname: string; credits: number };
}

/** A name no other test uses, within Discord-like limits. */
export function uniqueName(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 32);
}

/** The admin password the server printed at start-up (embedded default). */
export function adminPassword(): string {
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!password) throw new Error('The server did not print an admin password');
  return password;
}
