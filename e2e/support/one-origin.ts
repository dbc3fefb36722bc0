import { test as base, expect, type BrowserContext } from '@playwright/test';

/** The origin the product was started on; every page, script and call must come from it. */
export function appOrigin(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is set by the global setup');
  return new URL(url).origin;
}

/** A URL on the app's own origin whose path starts with `path` (a regular expression source). */
export const onAppOrigin = (path: string) =>
  new RegExp(`^${appOrigin().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path}`);

/**
 * `test` that also checks the whole product answered on one port: every request any browser
 * context of the test made (pages, popups, frames, scripts, API calls, form posts) went to the
 * app's own origin, the Stripe emulator's included.
 */
export const test = base.extend<{ oneOrigin: void }>({
  oneOrigin: [
    async ({ browser, context }, use) => {
      const own = appOrigin();
      const elsewhere: string[] = [];
      const watch = (watched: BrowserContext) =>
        watched.on('request', (request) => {
          const url = new URL(request.url());
          if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== own) elsewhere.push(request.url());
        });
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const created = await newContext(options);
        watch(created);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(elsewhere, 'requests to another origin than the app').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
