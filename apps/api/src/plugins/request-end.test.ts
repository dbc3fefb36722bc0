import { Writable } from 'node:stream';
import { createMetrics } from '@app/jobs';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { apiLogger } from '../lib/logging.ts';
import { RequestEndController, requestEndPlugin } from './request-end.ts';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An app as buildApp wires it: routes registered before the plugin (as the payment emulator's are), and after. */
async function appWith(accessLog: boolean) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const controller = new RequestEndController();
  const log = accessLog ? apiLogger({ level: 'info', stream }) : undefined;
  const app = Fastify({ logger: false, logController: controller });
  if (log) app.log = log;
  apps.push(app);
  app.decorate('metrics', createMetrics());
  await app.register(
    fp(async (scope) => {
      scope.get('/before', async (request) => {
        request.log.warn('said before');
        return { ok: true };
      });
    }),
  );
  await app.register(requestEndPlugin, { log, controller });
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
      .map((line) => JSON.parse(line) as { msg: string; url: string; route?: string; statusCode: number })
      .filter((line) => line.msg === 'request')
      .map(({ url, route, statusCode }) => ({ url, route, statusCode }));
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
      expect(lines()).toEqual(
        accessLog
          ? [
              { url: '/after/1', route: '/after/:id', statusCode: 200 },
              { url: '/after/2', route: '/after/:id', statusCode: 200 },
              { url: '/nowhere', statusCode: 404 },
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
