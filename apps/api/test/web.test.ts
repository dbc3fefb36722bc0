import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { createTestDatabase } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadSettings } from '../src/settings.ts';
import { TEST_DATA_DIR } from './helpers.ts';

const SHELL = '<!doctype html><div id="root">shell</div>';
const page = (name: string) => `<!doctype html><div id="root" data-prerendered><h1>${name}</h1></div>`;

let distDir: string;
let app: App;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  mkdirSync(path.join(distDir, 'prerendered'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), SHELL);
  writeFileSync(path.join(distDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  for (const name of ['index', 'documentation', 'LipSyncDocumentation']) {
    const file = path.join(distDir, 'prerendered', `${name}.html`);
    writeFileSync(file, page(name));
    writeFileSync(`${file}.br`, brotliCompressSync(page(name)));
    writeFileSync(`${file}.gz`, gzipSync(page(name)));
  }
  const database = await createTestDatabase();
  const settings = loadSettings({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: 'x'.repeat(20),
    DATA_DIR: TEST_DATA_DIR,
  });
  app = await buildApp({ settings, database, webDistDir: distDir });
  await app.ready();
  // Read once, at start-up: later changes on disk are not served.
  writeFileSync(path.join(distDir, 'prerendered', 'documentation.html'), 'changed');
});

afterAll(async () => {
  await app?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('serving the web app', () => {
  it('sends the prerendered page of a static route, not cached, whatever the version query', async () => {
    for (const url of [
      '/documentation',
      '/documentation?v=3.1',
      '/documentation/',
      '/documentation/?v=3.1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toBe(page('documentation'));
    }
    expect((await get('/?v=3.1')).body).toBe(page('index'));
    expect((await get('/')).body).toBe(page('index'));
  });

  it('matches page paths without regard to case, as the router does', async () => {
    expect((await get('/LipSyncDocumentation?v=3.1')).body).toBe(page('LipSyncDocumentation'));
    expect((await get('/lipsyncdocumentation')).body).toBe(page('LipSyncDocumentation'));
  });

  it('sends the precompressed copy the client accepts', async () => {
    const br = await get('/documentation?v=3.1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page('documentation'));
    const gzip = await get('/documentation?v=3.1', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-encoding']).not.toBe('br');
  });

  it('sends the app shell for every other page, and for static pages with other query parameters', async () => {
    for (const url of [
      '/dashboard',
      '/dashboard?v=3.1',
      '/changelog/Version%203.1',
      '/?error=oauth',
      '/no-such-page',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toBe(SHELL);
    }
  });

  it('sends the app shell to a browser opening a page address that cannot be decoded', async () => {
    const page = await get('/changelog/%E0%A4%A?v=3.1', { accept: 'text/html,application/xhtml+xml' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(SHELL);
    // Not a page navigation: the router's refusal stands.
    const call = await app.inject({ method: 'GET', url: '/api/changelog/%E0%A4%A' });
    expect(call.statusCode).toBe(400);
  });

  it('still serves assets, 404s missing assets and unknown API paths as JSON', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/missing-chunk.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const api = await get('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    // The prerendered files are not pages of their own name.
    expect((await get('/prerendered/documentation')).body).toBe(SHELL);
  });
});
