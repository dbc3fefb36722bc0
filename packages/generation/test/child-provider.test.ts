import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createChildProvider } from '../src/isolation/child-provider.ts';
import type { GenerationRequest } from '../src/types.ts';

const provider = createChildProvider({
  name: 'spinning',
  families: ['image'],
  entry: { source: fileURLToPath(new URL('./fixtures/spinning-child.ts', import.meta.url)) },
  keepWarm: 1,
});
afterEach(() => provider.close());

const request = (prompt: string): GenerationRequest => ({
  jobId: 'job-1',
  command: 'make',
  work: { kind: 'txt2img' },
  family: 'image',
  prompt,
  width: 64,
  height: 64,
  seed: 1,
  inputs: { image: [{ name: 'a.png', mime: 'image/png', bytes: Buffer.from('input bytes') }] },
  options: {},
});

const context = (signal = new AbortController().signal, progress: number[] = []) => ({
  signal,
  onProgress: (fraction: number) => progress.push(fraction),
  saveExternalId: async () => {},
});

const gone = async (pid: number) => {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
};

describe('a provider in child processes', () => {
  it('runs the request in a child and hands back real Buffers and the progress it reported', async () => {
    const progress: number[] = [];
    const result = await provider.run(request('a fox'), context(undefined, progress));
    expect(Number(result.text)).not.toBe(process.pid);
    expect(Buffer.isBuffer(result.outputs[0]!.bytes)).toBe(true);
    expect(result.outputs[0]!.bytes.toString()).toBe(`made by ${result.text}`);
    expect(progress).toEqual([0.5]);
  }, 30_000);

  it('ends a child stuck in a step that never yields when the attempt is abandoned, and runs the next in a fresh one', async () => {
    const first = Number((await provider.run(request('who'), context())).text);
    // The warm child takes the stuck request: aborting must end that very process.
    const abandon = new AbortController();
    const stuck = provider.run(request('spin'), context(abandon.signal));
    setTimeout(() => abandon.abort(new Error('deadline')), 300);
    await expect(stuck).rejects.toThrow('deadline');
    expect(await gone(first)).toBe(true);
    const next = Number((await provider.run(request('again'), context())).text);
    expect(next).not.toBe(first);
  }, 30_000);
});
