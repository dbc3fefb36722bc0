import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscordEmulator, startDiscordEmulator, type StartedDiscordEmulator } from '../src/index.ts';

const NOT_FOUND = { message: '404: Not Found', code: 0 };

describe('standalone', () => {
  let discord: StartedDiscordEmulator;
  beforeAll(async () => {
    discord = await startDiscordEmulator();
  });
  afterAll(() => discord.close());

  it("answers Discord's 404 for what it does not serve, whatever the method and body", async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/nope/deeper?x=1'],
      ['GET', '/api/v9/guilds'],
      ['GET', '/api/v10/no-such-route'],
    ] as const) {
      const answer = await fetch(`${discord.url}${path}`, {
        method,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{"a":1}' } : {}),
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(await answer.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers a path that does not decode, or a parameter past the router’s limit, in its shapes', async () => {
    for (const [path, status, body] of [
      ['/api/v10/channels/%E0%A4%A/messages', 400, { message: '400: Bad Request', code: 0 }],
      [`/api/v10/channels/${'9'.repeat(500)}/messages`, 414, { message: '414: URI Too Long', code: 0 }],
      ['/_test/channels/%E0%A4%A/messages', 400, { error: { code: 'invalid_request' } }],
    ] as const) {
      const answer = await fetch(`${discord.url}${path}`);
      expect(answer.status, path).toBe(status);
      expect(await answer.json()).toMatchObject(body);
    }
  });

  it('sends / to the channel page', async () => {
    const answer = await fetch(`${discord.url}/`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/app');
  });
});

describe('mounted under a prefix in a host server', () => {
  const emulator = createDiscordEmulator({ prefix: '/_discord' });
  let host: FastifyInstance;
  beforeAll(async () => {
    host = Fastify();
    host.setNotFoundHandler((_request, reply) => reply.status(404).send({ host: 'not found' }));
    await host.register(emulator.fastifyPlugin, { prefix: emulator.prefix });
    await host.ready();
  });
  afterAll(() => host.close());

  it("answers Discord's 404 below its prefix and leaves the host's own 404 alone", async () => {
    const inside = await host.inject({ method: 'GET', url: '/_discord/nope' });
    expect(inside.statusCode).toBe(404);
    expect(inside.json()).toEqual(NOT_FOUND);
    const outside = await host.inject({ method: 'GET', url: '/nope' });
    expect(outside.json()).toEqual({ host: 'not found' });
    const root = await host.inject({ method: 'GET', url: '/_discord' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/_discord/app');
  });

  it('answers its own JSON APIs in their shape: the page and the test control', async () => {
    const page = await host.inject({ method: 'GET', url: '/_discord/app/api/channels/1/messages' });
    expect(page.statusCode).toBe(401);
    expect(page.json()).toEqual({ error: { code: 'unauthenticated', message: 'Sign in first.' } });
    const control = await host.inject({
      method: 'POST',
      url: '/_discord/_test/users',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(control.statusCode).toBe(415);
    expect(control.json().error.code).toBe('unsupported_media_type');
  });

  it('exchanges an OAuth2 code sent as a form body, and refuses a JSON one', async () => {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: emulator.applicationId,
      scope: 'identify',
      redirect_uri: 'https://shop.example/callback',
      user_id: emulator.seededUsers[0]!.id,
      decision: 'authorize',
    });
    const consent = await host.inject({
      method: 'POST',
      url: '/_discord/oauth2/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: params.toString(),
    });
    expect(consent.statusCode).toBe(302);
    expect(consent.headers['set-cookie']).toMatch(/; Path=\/_discord; HttpOnly/);
    const code = new URL(String(consent.headers.location)).searchParams.get('code')!;
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'https://shop.example/callback',
      client_id: emulator.applicationId,
      client_secret: emulator.clientSecret,
    };
    const asJson = await host.inject({
      method: 'POST',
      url: '/_discord/api/v10/oauth2/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(fields),
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json().error).toBe('invalid_request');
    const token = await host.inject({
      method: 'POST',
      url: '/_discord/api/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const { access_token: accessToken } = token.json<{ access_token: string }>();
    const me = await host.inject({
      method: 'GET',
      url: '/_discord/api/v10/users/@me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json()).toMatchObject({ id: emulator.seededUsers[0]!.id, username: 'admin' });
  });
});
