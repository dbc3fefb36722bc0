import { type AddressInfo, connect } from 'node:net';
import { Writable } from 'node:stream';
import { createTestDatabase } from '@app/db/testing';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { loadSettings } from '../src/settings.ts';
import { TEST_ADMIN_PASSWORD, TEST_DATA_DIR } from './helpers.ts';

/** Collects the access lines a logger writes. */
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
  accessLines(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
  }
}

const log = new LogCapture();
let app: App;
let port: number;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** Requests to the slow route wait here until the test lets them answer. */
const waiting: (() => void)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const settings = loadSettings({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DATA_DIR: TEST_DATA_DIR,
  });
  app = await buildApp({ settings, database, logger: { level: 'info', stream: log } });
  app.get('/slow-for-test/:n', async (request) => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { n: (request.params as { n: string }).n };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

// A test that failed part-way leaves no request waiting for the next one.
afterEach(() => {
  for (const release of waiting.splice(0)) release();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

/** Sends raw HTTP/1.1 requests on one kept connection; resolves with the connection once sent. */
async function send(...paths: string[]) {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
  return { socket, received: () => received };
}

const linesFor = (url: string) => log.accessLines().filter((line) => line.url === url);

it('gives a request its client gave up on one line, marked aborted, and none once it ends', async () => {
  const { socket } = await send('/slow-for-test/1?from=test');
  await until(() => waiting.length === 1);
  socket.destroy();
  await until(() => linesFor('/slow-for-test/1?from=test').length === 1);
  expect(linesFor('/slow-for-test/1?from=test')[0]).toMatchObject({
    level: 30,
    method: 'GET',
    route: '/slow-for-test/:n',
    aborted: true,
    msg: 'request',
  });
  expect(linesFor('/slow-for-test/1?from=test')[0]!.reqId).toEqual(expect.any(String));
  // The handler ends after all: its request keeps its one line.
  waiting.shift()!();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(linesFor('/slow-for-test/1?from=test')).toHaveLength(1);
});

it('gives every request in flight on a closed connection its aborted line', async () => {
  const { socket } = await send('/slow-for-test/2', '/slow-for-test/3');
  await until(() => waiting.length === 2);
  socket.destroy();
  await until(() => linesFor('/slow-for-test/3').length === 1 && linesFor('/slow-for-test/2').length === 1);
  expect([...linesFor('/slow-for-test/2'), ...linesFor('/slow-for-test/3')]).toMatchObject([
    { aborted: true },
    { aborted: true },
  ]);
});

it('writes an answered request one line, not aborted, when its kept connection closes later', async () => {
  const { socket, received } = await send('/slow-for-test/4');
  await until(() => waiting.length === 1);
  waiting.shift()!();
  await until(() => received().includes('{"n":"4"}'));
  await until(() => linesFor('/slow-for-test/4').length === 1);
  socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(linesFor('/slow-for-test/4')).toHaveLength(1);
  expect(linesFor('/slow-for-test/4')[0]).toMatchObject({ statusCode: 200, route: '/slow-for-test/:n' });
  expect(linesFor('/slow-for-test/4')[0]).not.toHaveProperty('aborted');
});

it('counts each answered request once in the metrics beside its one line, matched or not', async () => {
  const count = async (route: string) => {
    const text = await app.metrics.registry.metrics();
    const match = new RegExp(
      `hypercreate_http_requests_total\\{method="GET",route="${route.replaceAll('/', '\\/')}",status="(\\d+)"\\} (\\d+)`,
    ).exec(text);
    return Number(match?.[2] ?? 0);
  };
  const [beforeSlow, beforeUnmatched] = [await count('/slow-for-test/:n'), await count('unmatched')];
  const answer = fetch(`http://127.0.0.1:${port}/slow-for-test/counted`);
  await until(() => waiting.length === 1);
  waiting.shift()!();
  expect((await answer).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/api/no-such-route-for-test`)).status).toBe(404);
  await until(() => linesFor('/api/no-such-route-for-test').length === 1);
  expect(await count('/slow-for-test/:n')).toBe(beforeSlow + 1);
  expect(await count('unmatched')).toBe(beforeUnmatched + 1);
  expect(linesFor('/slow-for-test/counted')).toEqual([
    expect.objectContaining({ route: '/slow-for-test/:n', statusCode: 200, method: 'GET' }),
  ]);
  expect(linesFor('/api/no-such-route-for-test')).toEqual([
    expect.not.objectContaining({ route: expect.anything() }),
  ]);
});
