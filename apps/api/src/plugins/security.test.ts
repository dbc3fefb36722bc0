import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityPlugin } from './security.ts';

const app = Fastify();
beforeAll(async () => {
  // A header set before the plugin's hook runs, as another plugin's would be.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-early', 'yes');
    done();
  });
  await app.register(securityPlugin, { paymentOrigins: [], publicUrl: undefined, crossSiteAllowed: [] });
  app.get('/api/thing', () => ({ ok: true }));
  app.get('/api/framed', (_request, reply) => {
    reply.header('x-frame-options', 'SAMEORIGIN');
    return { ok: true };
  });
  app.get('/api/sign-in-page', { config: { page: true } }, (_request, reply) =>
    reply.type('text/html').send('<p>page</p>'),
  );
  app.get('/page', (_request, reply) => reply.type('text/html').send('<p>page</p>'));
  await app.ready();
});
afterAll(async () => app.close());

describe('the security headers', () => {
  it("give an API answer the API's strict set, beside the headers set before them", async () => {
    const response = await app.inject({ url: '/api/thing' });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'x-early': 'yes',
    });
  });

  it('can still be replaced by a route', async () => {
    const response = await app.inject({ url: '/api/framed' });
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("give pages, and a page under /api/, the pages' set from helmet", async () => {
    for (const url of ['/page', '/api/sign-in-page', '/unknown']) {
      const response = await app.inject({ url });
      const policy = String(response.headers['content-security-policy']);
      expect(policy, url).toContain("default-src 'self'");
      expect(policy, url).toContain("frame-ancestors 'self'");
      expect(response.headers, url).toMatchObject({
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'x-content-type-options': 'nosniff',
        'x-early': 'yes',
      });
    }
  });

  it('refuse a state-changing call from another site', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/thing',
      headers: { origin: 'https://elsewhere.example', host: 'localhost' },
    });
    expect(response.statusCode).toBe(403);
  });
});
