import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('foundation', () => {
  it('reports a healthy database', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', backends: [] });
  });

  it('reports a degraded service when the database is gone', async () => {
    const original = t.database.ping;
    t.database.ping = async () => false;
    try {
      const response = await t.app.inject('/api/health');
      expect(response.statusCode).toBe(503);
      expect(response.json().database).toBe('down');
    } finally {
      t.database.ping = original;
    }
  });

  it('serves both catalog files as non-empty lists', async () => {
    for (const url of ['/subscription_details.json', '/credit_packages.json']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      const body = response.json();
      expect(Array.isArray(body) && body.length > 0).toBe(true);
    }
    const tiers = (await t.app.inject('/subscription_details.json')).json();
    expect(tiers[0]).toMatchObject({ tier: 'Founders Image Only Plan', ptype: 'Monthly' });
    expect(Object.keys(tiers[0])).toEqual(
      expect.arrayContaining(['tier', 'price', 'ptype', 'oCost', 'credits', 'details', 'color']),
    );
  });

  it('answers unknown API paths with a JSON 404 in the one error shape', async () => {
    const response = await t.app.inject('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('sends pages a Content-Security-Policy that allows no inline scripts', async () => {
    for (const url of ['/dashboard', '/api/auth/local']) {
      const csp = (await t.app.inject(url)).headers['content-security-policy'] as string;
      const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '))!;
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain('unsafe-inline');
    }
  });

  it('sends API answers a policy under which nothing runs or is framed', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const { headers } = await t.app.inject(url);
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
    }
  });

  it('publishes an OpenAPI document generated from the routes', async () => {
    const response = await t.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths['/api/health'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/auth/'] ?? doc.paths['/api/auth'])).toEqual(['get']);
  });

  it('rejects malformed JSON with a 400 in the error shape, never a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { 'content-type': 'application/json' },
      payload: '{"discordName":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        message: "Body is not valid JSON but content-type is set to 'application/json'",
      },
    });
  });

  it('refuses an oversize body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ discordName: 'x'.repeat(400_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'FST_ERR_CTP_BODY_TOO_LARGE', message: 'Request body is too large' },
    });
  });

  it('hides the text of server errors', async () => {
    const original = t.database.ping;
    t.database.ping = async () => {
      throw new Error('password=hunter2 at db.internal');
    };
    try {
      const response = await t.app.inject('/api/health');
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('hunter2');
      expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: expect.any(String) } });
    } finally {
      t.database.ping = original;
    }
  });
});
