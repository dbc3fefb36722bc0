import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_RETRY_MIN_MS, requestBytes, requestJson } from '../src/providers/shared/http.ts';

/** A backend whose answers the test scripts, one per request, recording what it was asked. */
let server: Server;
let base: string;
let script: ((response: ServerResponse) => void)[];
let seen: string[];

beforeEach(async () => {
  script = [];
  seen = [];
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    seen.push(`${request.method} ${request.url}`);
    const next = script.shift();
    if (next) next(response);
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const busy = (response: ServerResponse) => response.writeHead(503).end('busy');
const dropped = (response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('{"half":');
  response.socket?.destroy();
};
const call = { timeoutMs: 2_000, label: 'generation service' };

describe('backend calls', () => {
  it('tells of an answer before reading its body, and lets what that frees run before the reading', async () => {
    const order: string[] = [];
    script.push((response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('not json'),
    );
    const reading = requestJson(`${base}/sdapi/v1/txt2img`, {
      ...call,
      json: {},
      onAnswer: () => {
        order.push('answered');
        // Work the answer frees: the slot's next request, a chain of awaits before it is sent.
        void (async () => {
          for (let hop = 0; hop < 50; hop++) await Promise.resolve();
          order.push('freed work');
        })();
      },
    }).catch((error: unknown) => {
      order.push('read');
      throw error;
    });
    await expect(reading).rejects.toMatchObject({ code: 'BACKEND_BAD_ANSWER' });
    expect(order).toEqual(['answered', 'freed work', 'read']);
  });

  it('tries a read again through a short blip and returns the answer', async () => {
    script.push(busy, dropped);
    await expect(requestJson(`${base}/history/p1`, call)).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['GET /history/p1', 'GET /history/p1', 'GET /history/p1']);
  });

  it('gives up on a read after its retries with the last failure in plain words', async () => {
    script.push(busy, busy, busy, busy);
    await expect(requestBytes(`${base}/view?filename=a.png`, call)).rejects.toMatchObject({
      code: 'BACKEND_BUSY',
      retryable: true,
      message: 'The generation service is busy; try again in a moment.',
    });
    expect(seen).toHaveLength(3);
  });

  it('never repeats a write or a refused read', async () => {
    script.push(busy);
    await expect(requestJson(`${base}/prompt`, { ...call, json: { prompt: {} } })).rejects.toMatchObject({
      code: 'BACKEND_BUSY',
    });
    script.push((response) => response.writeHead(404).end('no such file'));
    await expect(requestJson(`${base}/view`, call)).rejects.toMatchObject({
      code: 'BACKEND_REJECTED',
      retryable: false,
    });
    expect(seen).toEqual(['POST /prompt', 'GET /view']);
  });

  it('stops waiting to try again when the job is cancelled', async () => {
    script.push(busy, busy, busy);
    const controller = new AbortController();
    const read = requestJson(`${base}/history/p1`, { ...call, signal: controller.signal });
    // Cancelled as soon as the first try has reached the backend, long before the second is due.
    while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(read).rejects.toMatchObject({ code: 'CANCELLED', retryable: false });
    // No try comes after the cancel, even once the pause before the next would have passed.
    await new Promise((resolve) => setTimeout(resolve, 3 * READ_RETRY_MIN_MS));
    expect(seen).toEqual(['GET /history/p1']);
  });

  it('lets a caller that polls anyway turn the retries off', async () => {
    script.push(busy);
    await expect(requestJson(`${base}/progress`, { ...call, retries: 0 })).rejects.toMatchObject({
      code: 'BACKEND_BUSY',
    });
    expect(seen).toEqual(['GET /progress']);
  });

  it('reports an answer cut short after its headers as dropped, and one whose body stalls past the timeout as slow', async () => {
    script.push(dropped);
    await expect(requestJson(`${base}/sdapi/v1/txt2img`, { ...call, json: {} })).rejects.toMatchObject({
      code: 'BACKEND_DROPPED',
      retryable: true,
    });
    script.push((response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).write('{"slow":'),
    );
    await expect(
      requestJson(`${base}/sdapi/v1/txt2img`, { ...call, timeoutMs: 150, json: {} }),
    ).rejects.toMatchObject({ code: 'BACKEND_TIMEOUT', retryable: true });
  });

  it('sends the JSON body with its type, and the credentials of the address as basic authentication', async () => {
    let received: { headers: IncomingMessage['headers']; body: string } | undefined;
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received = { headers: request.headers, body };
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"images":["a"]}');
      });
    });
    const withUser = base.replace('http://', 'http://webui:s%40cret@');
    await expect(
      requestJson(`${withUser}/sdapi/v1/txt2img`, { ...call, json: { prompt: 'dusk' } }),
    ).resolves.toEqual({ images: ['a'] });
    expect(received!.headers['content-type']).toBe('application/json');
    expect(received!.headers.authorization).toBe(`Basic ${Buffer.from('webui:s@cret').toString('base64')}`);
    expect(JSON.parse(received!.body)).toEqual({ prompt: 'dusk' });
  });

  it('keeps the connection to a backend open from one call to the next', async () => {
    const sockets = new Set<unknown>();
    server.on('connection', (socket) => sockets.add(socket));
    for (let i = 0; i < 3; i++) await requestJson(`${base}/sdapi/v1/progress`, call);
    expect(sockets.size).toBe(1);
  });
});
