import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { redactingLogOptions } from './logging.ts';

const token = 'aW50ZXJhY3Rpb24.c2VjcmV0LXRva2VuLXZhbHVlLWZvci10ZXN0cw';
const sessionHash = 'a'.repeat(16) + 'b'.repeat(48);
const clientSecret = 'pi_123abc_secret_Zz9Yy8Xx7';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const log = pino(redactingLogOptions({ level: 'info' }), stream);
  return { log, lines, text: () => lines.join('\n') };
}

function expectClean(text: string) {
  for (const secret of [token, sessionHash, 'Zz9Yy8Xx7']) expect(text).not.toContain(secret);
}

describe('the redacting logger', () => {
  it('redacts an error logged alone, its message becoming the line message', () => {
    const { log, lines, text } = capture();
    log.error(new Error(`Failed query: select 1\nparams: ${sessionHash}`));
    expectClean(text());
    const line = JSON.parse(lines[0]!) as { msg: string; err: { message: string; type: string } };
    expect(line.msg).toBe('Failed query: select 1\nparams: [REDACTED]');
    expect(line.err).toMatchObject({ type: 'Error', message: line.msg });
  });

  it('redacts the merging object, the message and format arguments', () => {
    const { log, lines, text } = capture();
    log.warn(
      {
        err: Object.assign(new Error('Unknown Webhook'), { url: `https://x/webhooks/1/${token}` }),
        clientSecret,
      },
      'delivery to %s failed',
      `/webhooks/1/${token}`,
    );
    log.info(`paid with ${clientSecret}`);
    expectClean(text());
    const [warning, info] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(warning).toMatchObject({
      clientSecret: '[REDACTED]',
      msg: 'delivery to /webhooks/1/[REDACTED] failed',
    });
    expect(info!.msg).toBe('paid with pi_123abc_secret_[REDACTED]');
  });

  it("redacts a child logger's bindings and a request's URL, and never writes its headers", () => {
    const { log, lines, text } = capture();
    log.child({ url: `/interactions/9/${token}/callback` }).info('child');
    log.info(
      {
        req: {
          method: 'POST',
          url: `/_stripe/v1/payment_intents/pi_1?client_secret=${clientSecret}`,
          headers: { cookie: 'sid=abc', authorization: 'Bot x' },
        },
      },
      'request',
    );
    expectClean(text());
    expect(text()).not.toContain('sid=abc');
    expect(JSON.parse(lines[1]!)).toMatchObject({
      req: { method: 'POST', url: '/_stripe/v1/payment_intents/pi_1?client_secret=[REDACTED]' },
    });
  });
});
