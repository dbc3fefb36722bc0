import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { onChangingRoutes } from './changing-routes.ts';

describe('hooks on the routes that can change something', () => {
  it('run on routes taking other methods than GET and HEAD, and not on reads', async () => {
    const app = Fastify();
    const seen: string[] = [];
    onChangingRoutes(app, (request, _reply, payload, done) => {
      seen.push(`${request.method} ${request.url}`);
      done(null, payload);
    });
    app.get('/read', async () => 'read');
    app.post('/write', async () => 'written');
    app.route({ method: ['GET', 'PUT'], url: '/both', handler: async () => 'both' });
    for (const [method, url] of [
      ['GET', '/read'],
      ['HEAD', '/read'],
      ['POST', '/write'],
      ['GET', '/both'],
      ['PUT', '/both'],
    ] as const)
      expect((await app.inject({ method, url })).statusCode).toBe(200);
    expect(seen).toEqual(['POST /write', 'GET /both', 'PUT /both']);
  });
});
