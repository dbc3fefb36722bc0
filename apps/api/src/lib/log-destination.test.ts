import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { redactingLogOptions, serverLogDestination } from './logging.ts';

function destinationInFile() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'log-destination-')), 'server.log');
  const stream = serverLogDestination(openSync(file, 'a'));
  const lines = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { n: number; msg: string });
  return { stream, lines };
}

describe("the server's log destination", () => {
  it('hands a few lines on by itself, without a flush', async () => {
    const { stream, lines } = destinationInFile();
    const log = pino(redactingLogOptions({ level: 'info' }), stream);
    log.info({ n: 1 }, 'first');
    log.info({ n: 2 }, 'second');
    await expect.poll(() => lines().map((line) => line.n), { timeout: 10_000 }).toEqual([1, 2]);
    stream.end();
  });

  it('keeps the order of lines, within a batch and across many', async () => {
    const { stream, lines } = destinationInFile();
    const log = pino(redactingLogOptions({ level: 'info' }), stream);
    // Lines of two kinds interleaved: pino's own, and ones written straight into the stream (as
    // the access lines are).
    for (let n = 0; n < 5000; n++) {
      if (n % 2 === 0) log.info({ n }, 'through pino');
      else stream.write(`${JSON.stringify({ n, msg: 'straight' })}\n`);
    }
    await expect
      .poll(() => lines().map((line) => line.n), { timeout: 10_000 })
      .toEqual(Array.from({ length: 5000 }, (_, n) => n));
    stream.end();
  });

  it('writes lines with text of any script, and lines longer than a batch, whole', async () => {
    const { stream, lines } = destinationInFile();
    const log = pino(redactingLogOptions({ level: 'info' }), stream);
    const long = 'é€😀'.repeat(40_000);
    log.info({ n: 1 }, 'déjà vu – 雪 😀');
    log.info({ n: 2 }, long);
    log.info({ n: 3 }, 'after');
    // A flush asked for while a write is on its way settles with it; the rest follows within the
    // destination's own interval.
    await expect
      .poll(() => lines().map(({ n, msg }) => [n, msg]), { timeout: 10_000 })
      .toEqual([
        [1, 'déjà vu – 雪 😀'],
        [2, long],
        [3, 'after'],
      ]);
    stream.end();
  });

  it('holds a few lines for a moment, and writes them before flushSync returns', () => {
    const { stream, lines } = destinationInFile();
    // Fewer bytes than a batch: gathered, not yet written (the process's exit writes them thus).
    for (let n = 0; n < 100; n++) stream.write(`${JSON.stringify({ n, msg: 'line' })}\n`);
    expect(lines()).toEqual([]);
    stream.flushSync();
    expect(lines().map((line) => line.n)).toEqual(Array.from({ length: 100 }, (_, n) => n));
    stream.write(`${JSON.stringify({ n: 100, msg: 'line' })}\n`);
    stream.flushSync();
    expect(lines()).toHaveLength(101);
    stream.end();
  });
});
