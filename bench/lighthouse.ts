import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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
  const server = await startServer('apps/api/src/server.ts', {
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
    for (const page of pages) {
      const result = await lighthouse(
        `${base}${page.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: page.signedIn && cookie ? { Cookie: cookie } : undefined,
        },
        // Desktop-class device: the pages are measured as the product is used most.
        {
          extends: 'lighthouse:default',
          settings: {
            formFactor: 'desktop',
            screenEmulation: { disabled: true },
            throttlingMethod: 'simulate',
          },
        },
      );
      const categories = result?.lhr.categories;
      if (result?.lhr.runtimeError)
        console.log(
          page.path,
          'runtime error:',
          result.lhr.runtimeError.code,
          result.lhr.runtimeError.message,
        );
      if (process.env.BENCH_VERBOSE) {
        const audits = result?.lhr.audits ?? {};
        for (const id of [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ])
          console.log(page.path, id, audits[id]?.displayValue, audits[id]?.score);
        for (const a of Object.values(audits))
          if (a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary') {
            console.log('  failing:', a.id, a.title);
            for (const item of (
              (a.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined)
                ?.items ?? []
            ).slice(0, 6))
              console.log('     ', item.node?.snippet, item.node?.explanation?.split('\n')[1] ?? '');
          }
      }
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
