import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { kReplyHeaders, securityPlugin } from './security.ts';

const app = Fastify();
afterAll(async () => app.close());

describe('the security headers', () => {
  it("go into the object this Fastify keeps a reply's headers in, as one copy a route can still change", async () => {
    await app.register(securityPlugin, { paymentOrigins: [], publicUrl: undefined, crossSiteAllowed: [] });
    app.get('/api/thing', (_request, reply) => {
      // Where the plugin put them: the object Fastify writes the head from.
      const kept = typeof kReplyHeaders === 'symbol' ? (reply as never)[kReplyHeaders] : undefined;
      reply.header('x-frame-options', 'SAMEORIGIN');
      return { kept: kept === undefined ? null : Object.keys(kept) };
    });
    const response = await app.inject({ url: '/api/thing' });
    expect(typeof kReplyHeaders).toBe('symbol');
    expect(response.json()).toEqual({
      kept: expect.arrayContaining(['content-security-policy', 'x-content-type-options']),
    });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
  });

  it('are added one by one to a reply that has some already', async () => {
    const other = Fastify();
    other.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-early', 'yes');
      done();
    });
    await other.register(securityPlugin, { paymentOrigins: [], publicUrl: undefined, crossSiteAllowed: [] });
    other.get('/api/thing', () => ({ ok: true }));
    const response = await other.inject({ url: '/api/thing' });
    expect(response.headers).toMatchObject({ 'x-early': 'yes', 'x-frame-options': 'DENY' });
    await other.close();
  });
});
