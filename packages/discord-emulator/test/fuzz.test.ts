import { discordErrorMisfit, fuzzRoutes, type FuzzRoute, type ValidCall } from '@app/emulator-fidelity/fuzz';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD_ID, SEEDED_ROLES, createDiscordEmulator, type DiscordEmulator } from '../src/index.ts';

/**
 * The input fuzzer, over every route the emulator registers (read from the server as it registers
 * them, so a new route is fuzzed without being listed here): each call is valid but for one thing,
 * and no answer may be a 5xx or leave Discord's error shapes.
 */

const PREFIX = '/_discord';
const SEED = 20261129;

/** Body fields a valid call carries, by the routes that read them (the path below the prefix). */
function fieldsFor(method: string, path: string, ids: Ids): Record<string, unknown> {
  if (/\/oauth2\/(authorize|token)$/.test(path))
    return {
      client_id: ids.app,
      response_type: 'code',
      grant_type: 'authorization_code',
      code: 'fuzz-code',
      redirect_uri: 'http://127.0.0.1/callback',
      scope: 'identify',
      state: 'fuzz-state',
    };
  if (path.startsWith('/_test/'))
    return {
      userId: ids.user,
      channel: 'image-1',
      command: 'help',
      messageId: ids.message,
      customId: 'fuzz',
      interactionId: '1',
      values: ['a'],
      id: '123456789012345678',
      username: 'fuzz-user',
      // A hold no request matches: the fuzzer must not stop the routes it calls next.
      stage: 'request',
      method: 'NEVER',
      path: '^/never-requested$',
    };
  if (path.startsWith('/app/api/'))
    return {
      userId: ids.user,
      messageId: ids.message,
      customId: 'fuzz',
      interactionId: '1',
      command: 'help',
      content: 'hello',
      options: {},
    };
  if (path.endsWith('/callback')) return { type: 4, data: { content: 'hello' } };
  if (path.endsWith('/users/@me/channels')) return { recipient_id: ids.user };
  if (path.endsWith('/commands')) return { name: 'fuzz', description: 'Fuzzed command', type: 1 };
  if (method === 'GET' && path.endsWith('/messages')) return { limit: 50 };
  if (/\/messages|\/webhooks\//.test(path))
    return { content: 'hello', flags: 0, nonce: 'fuzz', embeds: [], components: [] };
  return {};
}

interface Ids {
  app: string;
  user: string;
  channel: string;
  message: string;
}

function paramsFor(ids: Ids): Record<string, string> {
  return {
    channel: ids.channel,
    message: ids.message,
    guild: GUILD_ID,
    user: ids.user,
    role: SEEDED_ROLES[0]!.id,
    app: ids.app,
    id: '1',
    token: 'fuzz-token',
    change: 'join',
    file: '1f4ac.svg',
    name: 'file.png',
    '*': 'x',
  };
}

describe('input fuzzer', () => {
  let emulator: DiscordEmulator;
  let host: FastifyInstance;
  const routes: FuzzRoute[] = [];
  let ids: Ids;

  beforeAll(async () => {
    // Limits out of the way, so the calls reach the routes instead of the rate limiter.
    emulator = createDiscordEmulator({ prefix: PREFIX, rateLimit: { limit: 1_000_000, windowMs: 1000 } });
    // The server as the emulator's own (startDiscordEmulator) builds it.
    host = Fastify({
      frameworkErrors: (error, request, reply) => emulator.frameworkErrors(error, request, reply),
    });
    host.addHook('onRoute', (route) => void routes.push({ method: route.method, url: route.url }));
    await host.register(emulator.fastifyPlugin, { prefix: PREFIX });
    await host.ready();
    const channel = emulator.channels()[0]!.id;
    const posted = await host.inject({
      method: 'POST',
      url: `${PREFIX}/api/v10/channels/${channel}/messages`,
      headers: { authorization: `Bot ${emulator.botToken}`, 'content-type': 'application/json' },
      payload: { content: 'a message to aim at' },
    });
    ids = {
      app: emulator.applicationId,
      user: emulator.seededUsers[0]!.id,
      channel,
      message: posted.json<{ id: string }>().id,
    };
  });
  afterAll(() => host.close());

  it('answers no 5xx, and every refusal in the shape of its route', { timeout: 240_000 }, async () => {
    const below = (url: string) => url.slice(PREFIX.length);
    const report = await fuzzRoutes(
      {
        prefix: PREFIX,
        routes,
        send: async (request) => {
          const answer = await host.inject({ ...request, remoteAddress: '127.0.0.1' });
          return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
        },
        valid: (method, route): ValidCall => ({
          params: paramsFor(ids),
          fields: fieldsFor(method, below(route.url), ids),
          headers: {
            authorization: `Bot ${emulator.botToken}`,
            cookie: `discord_emulator_user=${ids.user}`,
          },
          encoding: /\/oauth2\//.test(route.url) ? 'form' : 'json',
        }),
        judge: (_method, route, answer) => discordErrorMisfit(below(route.url), answer),
      },
      { seed: SEED, runs: 4, hugeBytes: 1_100_000 },
    );
    console.log(
      `Discord emulator fuzz: ${routes.length} routes, ${report.sent} requests, ${report.serverErrors} × 5xx`,
    );
    // The walk saw the REST API, the page's API and the test control, and sent each its share.
    for (const url of ['/api/v10/channels/:channel', '/app/api/', '/_test/'])
      expect(routes.some((route) => route.url.startsWith(`${PREFIX}${url}`))).toBe(true);
    expect(report.sent).toBeGreaterThan(routes.length * 4);
    expect(report.problems).toEqual([]);
    expect(report.serverErrors).toBe(0);
  });
});
