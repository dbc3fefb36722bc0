import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  type AccessLine,
  LazyChildLogger,
  accessLineWriter,
  redactingLogOptions,
  serverLogDestination,
  writeJsonNumber,
} from './logging.ts';

const token = 'aW50ZXJhY3Rpb24.c2VjcmV0LXRva2VuLXZhbHVlLWZvci10ZXN0cw';

/** Where the lines go: any stream (each line as text), or the server's destination (as bytes into its batch). */
type Sink = 'stream' | 'server destination';
const SINKS: Sink[] = ['stream', 'server destination'];

/** A logger whose lines are captured; `lines()` reads them all so far. */
function capture(options: pino.LoggerOptions = {}, sink: Sink = 'stream') {
  if (sink === 'server destination') {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'access-line-')), 'log');
    const fd = openSync(file, 'a');
    const destination = serverLogDestination(fd);
    const log = pino(redactingLogOptions({ level: 'info', ...options }), destination);
    const lines = () => {
      destination.flushSync();
      return readFileSync(file, 'utf8').split('\n').filter(Boolean);
    };
    return { log, lines, close: () => closeSync(fd) };
  }
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const log = pino(redactingLogOptions({ level: 'info', ...options }), stream);
  return { log, lines: () => written, close: () => undefined };
}

/** The line pino writes for the same request through a child logger, as the access log once did. */
function pinoLine({ reqId, url, ...fields }: AccessLine, options?: pino.LoggerOptions) {
  const { log, lines } = capture(options);
  const { method, route, ...end } = fields;
  log.child({ reqId }).info({ method, url, route, ...end }, 'request');
  return lines()[0]!;
}

function writtenLines(lines: AccessLine[], options?: pino.LoggerOptions, sink: Sink = 'stream') {
  const captured = capture(options, sink);
  const write = accessLineWriter(captured.log);
  expect(write).toBeDefined();
  for (const line of lines) write!(line);
  const written = captured.lines();
  captured.close();
  return written;
}

const writtenLine = (line: AccessLine, options?: pino.LoggerOptions, sink?: Sink) =>
  writtenLines([line], options, sink)[0]!;

const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

for (const sink of SINKS)
  describe(`the access line, into ${sink === 'stream' ? 'any stream' : "the server's destination"}`, () => {
    it('is the line pino writes: same keys in the same order, level, base fields and message', () => {
      const line: AccessLine = {
        reqId: 'req-2a',
        method: 'GET',
        url: '/subscription_details.json',
        route: '/subscription_details.json',
        statusCode: 200,
        durationMs: 0.4,
      };
      const written = writtenLine(line, undefined, sink);
      expect(withoutTime(written)).toBe(withoutTime(pinoLine(line)));
      expect(Object.keys(JSON.parse(written) as object)).toEqual([
        'level',
        'time',
        'pid',
        'hostname',
        'reqId',
        'method',
        'url',
        'route',
        'statusCode',
        'durationMs',
        'msg',
      ]);
      expect(JSON.parse(written)).toMatchObject({ level: 30, msg: 'request', statusCode: 200 });
    });

    it("writes a fixed route's URL as pino does, again and again, with a query or without", () => {
      const route = '/credit_packages.json';
      const line = (url: string): AccessLine => ({
        reqId: 'req-7',
        method: 'GET',
        url,
        route,
        statusCode: 200,
        durationMs: 1,
      });
      // The same other URL twice, another, then the first again: the URL member of the last one
      // is kept for its route, and must never be another URL's.
      const urls = [route, `${route}/`, `${route}/`, `${route}?sid=abc`, `${route}/`, route];
      const lines = writtenLines(urls.map(line), undefined, sink);
      expect(lines.map(withoutTime)).toEqual(urls.map((url) => withoutTime(pinoLine(line(url)))));
      expect(lines[3]).toContain('sid=[REDACTED]');
      expect(JSON.parse(lines[4]!)).toMatchObject({ url: `${route}/`, route });
    });

    it('leaves an unmatched route out and marks an aborted request, as pino did', () => {
      const aborted: AccessLine = {
        reqId: 'req-3',
        method: 'POST',
        url: '/nowhere',
        route: undefined,
        aborted: true,
      };
      expect(withoutTime(writtenLine(aborted, undefined, sink))).toBe(withoutTime(pinoLine(aborted)));
      expect(JSON.parse(writtenLine(aborted, undefined, sink))).not.toHaveProperty('route');
    });

    it('keeps the base fields a logger was given', () => {
      const line: AccessLine = {
        reqId: 'r',
        method: 'GET',
        url: '/',
        route: '/',
        statusCode: 304,
        durationMs: 2,
      };
      const options = { base: { service: 'api' } };
      expect(withoutTime(writtenLine(line, options, sink))).toBe(withoutTime(pinoLine(line, options)));
    });

    it('takes tokens and secret parameters out of the URL and escapes what JSON must', () => {
      const url = `/_discord/api/v10/interactions/9/${token}/callback?client_secret=pi_1_secret_Zz9Yy8Xx7&q="\\é`;
      const written = writtenLine(
        {
          reqId: 'r',
          method: 'POST',
          url,
          route: undefined,
          statusCode: 204,
          durationMs: 1,
        },
        undefined,
        sink,
      );
      expect(written).not.toContain(token);
      expect(written).not.toContain('Zz9Yy8Xx7');
      const parsed = JSON.parse(written) as { url: string };
      expect(parsed.url).toBe(
        '/_discord/api/v10/interactions/9/[REDACTED]/callback?client_secret=[REDACTED]&q="\\é',
      );
    });

    it('takes a secret out of a request id a client could have chosen', () => {
      const written = writtenLine(
        {
          reqId: `/interactions/1/${token}`,
          method: 'GET',
          url: '/',
          route: '/',
          statusCode: 200,
          durationMs: 1,
        },
        undefined,
        sink,
      );
      expect(written).not.toContain(token);
      expect(JSON.parse(written)).toMatchObject({ reqId: '/interactions/1/[REDACTED]' });
    });

    it('is left to pino when the logger adds fields of its own', () => {
      expect(accessLineWriter(capture({ mixin: () => ({ extra: 1 }) }, sink).log)).toBeUndefined();
      expect(accessLineWriter(capture({ nestedKey: 'data' }, sink).log)).toBeUndefined();
    });
  });

describe("a request's lazy logger", () => {
  it('logs with its bindings, through the redaction, once something logs', () => {
    const { log, lines } = capture();
    const child = new LazyChildLogger(log, { reqId: 'req-9' }, {});
    expect(child.level).toBe('info');
    expect(child.isLevelEnabled('info')).toBe(true);
    expect(child.isLevelEnabled('debug')).toBe(false);
    child.debug('not written');
    child.warn({ token }, 'called %s', `/interactions/1/${token}`);
    child.child({ job: 'j1' }).error('failed');
    expect(lines().map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([
      { level: 40, reqId: 'req-9', token: '[REDACTED]', msg: 'called /interactions/1/[REDACTED]' },
      { level: 50, reqId: 'req-9', job: 'j1', msg: 'failed' },
    ]);
  });

  it('keeps a level of its own', () => {
    const { log, lines } = capture();
    const child = new LazyChildLogger(log, { reqId: 'r' }, { level: 'warn' });
    expect(child.isLevelEnabled('info')).toBe(false);
    expect(child.isLevelEnabled('error')).toBe(true);
    expect(child.level).toBe('warn');
    child.info('quiet');
    child.error('loud');
    expect(lines()).toHaveLength(1);
  });
});

describe("the access line, into the server's destination", () => {
  it("keeps its place among pino's own lines", () => {
    const captured = capture({}, 'server destination');
    const write = accessLineWriter(captured.log)!;
    captured.log.info('before');
    write({ reqId: 'req-1', method: 'GET', url: '/', route: '/', statusCode: 200, durationMs: 1.5 });
    captured.log.warn('after');
    const lines = captured.lines().map((line) => JSON.parse(line) as { msg: string; durationMs?: number });
    captured.close();
    expect(lines.map(({ msg }) => msg)).toEqual(['before', 'request', 'after']);
    expect(lines[1]!.durationMs).toBe(1.5);
  });

  it('writes a line longer than a whole batch on its own, the same line', () => {
    const line: AccessLine = {
      reqId: 'req-4',
      method: 'GET',
      url: `/search?q=${'é'.repeat(40_000)}`,
      route: '/search',
      statusCode: 414,
      durationMs: 0.1,
    };
    const written = writtenLines([line, { ...line, url: '/search' }], undefined, 'server destination');
    expect(written.map(withoutTime)).toEqual(
      [line, { ...line, url: '/search' }].map((each) => withoutTime(pinoLine(each))),
    );
  });
});

describe('a number in an access line', () => {
  const written = (value: number) => {
    const bytes = Buffer.alloc(64);
    return bytes.toString('latin1', 0, writeJsonNumber(bytes, 0, value));
  };

  it('is written as JSON writes it: whole, in tenths, or otherwise', () => {
    for (const value of [0, 1, 9, 10, 200, 304, 0.1, 0.4, 1.1, 12.5, 99.9, 100, 2 ** 31 - 1, 2 ** 31, 1e21])
      expect(written(value), String(value)).toBe(JSON.stringify(value));
    for (const value of [0.05, 1.23, -1, -0.5, 1 / 3])
      expect(written(value), String(value)).toBe(JSON.stringify(value));
    expect(written(NaN)).toBe('null');
    expect(written(Infinity)).toBe('null');
  });

  it('is right for every duration rounded to a tenth, up to a day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 864_000_000 }), (tenths) => {
        expect(written(tenths / 10)).toBe(JSON.stringify(tenths / 10));
      }),
      { numRuns: 2000 },
    );
  });
});
