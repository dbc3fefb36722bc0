import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';
import { PNG, multipart } from './files.ts';

let t: TestContext;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'changelog-uploads-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = (await t.signIn('admin')).cookie;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (file: ReturnType<typeof multipart>, cookie = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/changelog/upload',
    payload: file.payload,
    headers: { ...file.headers, cookie },
  });
const stored = () => readdirSync(t.settings.uploadDir);

describe('changelog uploads', () => {
  it('accepts a PNG named .txt as a PNG and serves it with its real type, nosniff and a sandbox', async () => {
    const response = await upload(multipart('image', 'notes.txt', PNG, 'text/plain'));
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.png$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses an HTML file named .png, storing nothing', async () => {
    const before = stored();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const response = await upload(multipart('image', 'cute.png', html, 'image/png'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/image and video/);
    expect(stored()).toEqual(before);
  });

  it('refuses an SVG image (it can carry script)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await upload(multipart('image', 'a.svg', svg, 'image/svg+xml'))).statusCode).toBe(400);
  });

  it('refuses an image over 10 MB and any file over 50 MB', async () => {
    const before = stored();
    const bigImage = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const image = await upload(multipart('image', 'big.png', bigImage));
    expect(image.statusCode).toBe(413);
    const huge = Buffer.concat([PNG, Buffer.alloc(50 * 1024 * 1024)]);
    const file = await upload(multipart('image', 'huge.png', huge));
    expect(file.statusCode).toBe(413);
    expect(stored()).toEqual(before);
  });

  it('wants the file in the field "image" as multipart', async () => {
    expect((await upload(multipart('file', 'a.png', PNG))).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/changelog/upload',
      headers: { cookie: admin },
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it("answers 403 to a non-admin's upload", async () => {
    const member = (await t.signIn('member')).cookie;
    const before = stored();
    expect((await upload(multipart('image', 'a.png', PNG), member)).statusCode).toBe(403);
    expect(stored()).toEqual(before);
  });

  it('answers 404 for unknown upload names', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/uploads/nothing-here.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../package.json' })).statusCode).toBe(404);
  });
});
