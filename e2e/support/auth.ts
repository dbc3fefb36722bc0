import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { runFolder } from './run-folders.ts';

/** The seeded users. Each signs in once per run (the `sign-in` setup project) and tests reuse it. */
export const SEEDED_ROLES = ['admin', 'member', 'free'] as const;
export type SeededRole = (typeof SEEDED_ROLES)[number];

export const STATE_DIR = runFolder('sessions');

/** Where the setup project keeps a seeded user's signed-in browser state. */
export const storageStatePath = (role: SeededRole) => path.join(STATE_DIR, `${role}.json`);

const isSeededRole = (name: string): name is SeededRole => (SEEDED_ROLES as readonly string[]).includes(name);

export interface SignedInUser {
  user_id: string;
  discordname: string;
  credits: number;
}

/**
 * Signs the page's browser context in and returns the user as the server now sees it. A seeded
 * user's session comes from the setup project (no sign-in request); any other name signs in
 * through local sign-in, creating the user when new. Use a unique name for tests that change a
 * user's state.
 */
export async function signIn(page: Page, discordName: string): Promise<SignedInUser> {
  if (isSeededRole(discordName)) {
    const state = JSON.parse(readFileSync(storageStatePath(discordName), 'utf8')) as {
      cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0];
    };
    await page.context().addCookies(state.cookies);
    const me = await page.request.get('/api/auth/');
    expect(me.status(), await me.text()).toBe(200);
    return (await me.json()) as SignedInUser;
  }
  const response = await page.request.post('/api/auth/local', { data: { discordName } });
  expect(response.status(), await response.text()).toBe(200);
  const user = (await response.json()) as SignedInUser;
  // The first sign-in's age question, answered as an adult (its own journey tests the question).
  const age = await page.request.put(`/api/users/${user.user_id}/age`, { data: { band: '18+' } });
  expect(age.status(), await age.text()).toBe(200);
  return user;
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
