import { Writable } from 'node:stream';
import { createMetrics } from '@app/jobs';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LogController, type FastifyBaseLogger } from 'fastify';
import { apiLogging } from '../lib/logging.ts';
import { accessLogPlugin } from './access-log.ts';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/**
 * An app as buildApp wires it: routes registered before the plugin in a context of their own (as
 * the payment emulator's are), and after.
 */
async function appWith(accessLog: boolean) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const logging = accessLog ? apiLogging({ level: 'info', stream }) : undefined;
  const log: FastifyBaseLogger | undefined = logging?.log;
  const app = Fastify({
    ...(log ? { loggerInstance: log } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  apps.push(app);
  app.decorate('metrics', createMetrics());
  await app.register(async (scope) => {
    scope.get('/before', async (request) => {
      request.log.warn('said before');
      return { ok: true };
    });
  });
  await app.register(accessLogPlugin, { access: logging?.access });
  app.get('/after/:id', async (request) => {
    request.log.warn('said after');
    return { ok: true };
  });
  await app.ready();
  const counted = async () =>
    [
      ...(await app.metrics.registry.metrics()).matchAll(/hypercreate_http_requests_total\{([^}]*)\} (\d+)/g),
    ].map(([, labels, count]) => `${labels} ${count}`);
  const lines = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
  const said = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; reqId?: string })
      .filter((line) => line.msg.startsWith('said'))
      .map(({ msg, reqId }) => ({ msg, withId: typeof reqId === 'string' && reqId.length > 0 }));
  return { app, counted, lines, said };
}

describe("each request's end", () => {
  for (const accessLog of [true, false])
    it(`counts the product's requests once each, and leaves the routes registered before it out (logging ${accessLog ? 'on' : 'off'})`, async () => {
      const { app, counted, lines } = await appWith(accessLog);
      await app.inject('/before');
      await app.inject('/after/1');
      await app.inject('/after/2');
      await app.inject('/nowhere');
      expect(await counted()).toEqual([
        'method="GET",route="/after/:id",status="200" 2',
        'method="GET",route="unmatched",status="404" 1',
      ]);
      expect(lines().map(({ url, route, statusCode }) => ({ url, route, statusCode }))).toEqual(
        accessLog
          ? [
              { url: '/after/1', route: '/after/:id', statusCode: 200 },
              { url: '/after/2', route: '/after/:id', statusCode: 200 },
              { url: '/nowhere', route: undefined, statusCode: 404 },
            ]
          : [],
      );
    });
});

describe("each request's logger", () => {
  it("is the app's, with the request's id, on every route, those registered before the plugin too", async () => {
    const { app, said } = await appWith(true);
    await app.inject('/before');
    await app.inject('/after/1');
    expect(said()).toEqual([
      { msg: 'said before', withId: true },
      { msg: 'said after', withId: true },
    ]);
  });
});

describe('an access line', () => {
  it("says the request's id, method, URL, route, status and duration, at info level", async () => {
    const { app, lines } = await appWith(true);
    await app.inject('/after/7?page=2');
    expect(lines()).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        reqId: expect.stringMatching(/^req-/),
        method: 'GET',
        url: '/after/7?page=2',
        route: '/after/:id',
        statusCode: 200,
        durationMs: expect.any(Number),
        msg: 'request',
      },
    ]);
    expect(lines()[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('takes tokens and secret parameters out of the URL', async () => {
    const { app, lines } = await appWith(true);
    const token = 'aW50ZXJhY3Rpb24.c2VjcmV0LXRva2VuLXZhbHVlLWZvci10ZXN0cw';
    await app.inject(`/after/${token}?code=abc123secret&state=x`);
    const [line] = lines();
    expect(JSON.stringify(line)).not.toContain(token);
    expect(JSON.stringify(line)).not.toContain('abc123secret');
    expect(line).toMatchObject({ route: '/after/:id', statusCode: 200 });
  });

  it("is not written below the logger's level", async () => {
    const { app, lines, counted } = await appWith(true);
    app.log.level = 'warn';
    await app.inject('/after/1');
    expect(lines()).toEqual([]);
    expect(await counted()).toEqual(['method="GET",route="/after/:id",status="200" 1']);
  });
});
