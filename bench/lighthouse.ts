import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { explain } from './lighthouse-explain.ts';
import { startServer, stop } from './lib.ts';

export interface LighthouseScore {
  page: string;
  performance: number;
  accessibility: number;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Lighthouse performance and accessibility of the given pages, against the production build
 * started as `npm start` starts it. Pages marked `signedIn` are audited with a member's session.
 */
export async function benchLighthouse(
  pages: { path: string; signedIn?: boolean }[],
): Promise<LighthouseScore[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const server = await startServer('apps/api/dist/server.js', {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const base = `http://127.0.0.1:${server.port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const signIn = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ discordName: 'member' }),
    });
    const cookie = /sid=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')?.[0];
    const scores: LighthouseScore[] = [];
    const audit = (page: { path: string; signedIn?: boolean }) =>
      lighthouse(
        `${base}${page.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: page.signedIn && cookie ? { Cookie: cookie } : undefined,
        },
        // Lighthouse's own desktop preset (desktop screen, its simulated dense-4G desktop network
        // and CPU), the form the product's pages are used in most.
        desktopConfig,
      );
    for (const page of pages) {
      let result = await audit(page);
      // A failed trace recording (NO_NAVSTART and the like) is Lighthouse's own hiccup: it asks
      // to be run again, so it is, up to twice.
      for (let attempt = 0; attempt < 2 && result?.lhr.runtimeError; attempt++) result = await audit(page);
      const categories = result?.lhr.categories;
      if (result && (process.env.BENCH_VERBOSE || result.lhr.runtimeError)) explain(page.path, result.lhr);
      scores.push({
        page: page.path,
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      });
    }
    return scores;
  } finally {
    chrome.kill();
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
