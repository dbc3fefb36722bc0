import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LazyChildLogger, lazyChildLoggers } from './lazy-child-logger.ts';
import { apiLogging } from './logging.ts';

const token = 'aW50ZXJhY3Rpb24.c2VjcmV0LXRva2VuLXZhbHVlLWZvci10ZXN0cw';

function capture() {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const { log } = apiLogging({ level: 'info', stream })!;
  return { log, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

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
    expect(lines()).toMatchObject([
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

  it("is each request's logger in Fastify, with the request's id", async () => {
    const { log, lines } = capture();
    const app = Fastify({ loggerInstance: log, childLoggerFactory: lazyChildLoggers });
    app.get('/said', async (request) => {
      request.log.warn('said');
      return { ok: true };
    });
    const response = await app.inject('/said');
    expect(response.statusCode).toBe(200);
    expect(lines().filter((line) => line.msg === 'said')).toEqual([
      expect.objectContaining({ level: 40, reqId: expect.stringMatching(/^req-/) }),
    ]);
    await app.close();
  });
});
