import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createComfyUIProvider } from '../src/providers/comfyui/index.ts';
import { makeContext, makeRequest } from './helpers.ts';
import { type ComfyStandIn, startComfyStandIn } from './stand-ins/comfyui.ts';

let comfy: ComfyStandIn;
beforeEach(async () => {
  comfy = await startComfyStandIn();
});
afterEach(async () => {
  await comfy.close();
});

const provider = (urls = [comfy.url]) =>
  createComfyUIProvider({ urls, pollIntervalMs: 10, requestTimeoutMs: 1_000, jobTimeoutMs: 5_000 });

describe('comfyui provider failures', () => {
  it('reports a refused connection as retryable', async () => {
    const url = comfy.url;
    await comfy.close();
    await expect(provider([url]).run(makeRequest(), makeContext())).rejects.toMatchObject({
      code: 'BACKEND_UNREACHABLE',
      retryable: true,
      message: 'The generation service is busy or not reachable right now; try again in a moment.',
    });
  });

  it('treats a rejected prompt (4xx) as final and a 5xx as retryable', async () => {
    comfy.faults.paths = ['/prompt'];
    comfy.faults.status = 400;
    await expect(provider().run(makeRequest(), makeContext())).rejects.toMatchObject({
      code: 'BACKEND_REJECTED',
      retryable: false,
    });
    comfy.faults.status = 500;
    await expect(provider().run(makeRequest(), makeContext())).rejects.toMatchObject({
      code: 'BACKEND_BUSY',
      retryable: true,
    });
  });

  it('reports a backend that dies in the middle of a job as retryable', async () => {
    comfy.settings.jobMs = 500;
    const context = makeContext();
    const running = provider().run(makeRequest(), context);
    while (context.saved.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await comfy.close();
    await expect(running).rejects.toMatchObject({ retryable: true });
  });

  it('reports a download cut off mid-file as retryable', async () => {
    comfy.faults.paths = ['/view'];
    comfy.faults.drop = true;
    await expect(provider().run(makeRequest(), makeContext())).rejects.toMatchObject({
      code: 'BACKEND_DROPPED',
      retryable: true,
    });
  });

  it('fails for good when the workflow itself errors, but retries when the GPU ran out of memory', async () => {
    comfy.settings.failWith = 'mat1 and mat2 shapes cannot be multiplied';
    await expect(provider().run(makeRequest(), makeContext())).rejects.toMatchObject({
      code: 'GENERATION_FAILED',
      retryable: false,
      message: 'The generation service could not finish this job.',
    });
    comfy.settings.failWith = 'CUDA out of memory. Tried to allocate 2.00 GiB';
    await expect(provider().run(makeRequest(), makeContext())).rejects.toMatchObject({ retryable: true });
  });

  it('stops the running prompt on the host when the job is cancelled', async () => {
    comfy.settings.jobMs = 300;
    const context = makeContext();
    const running = provider().run(makeRequest(), context);
    while (context.saved.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    context.controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'CANCELLED', retryable: false });
    await vi.waitFor(() => expect(comfy.calls('POST', '/interrupt')).toHaveLength(1), { timeout: 5_000 });
    expect(comfy.calls('POST', '/queue')).toHaveLength(1);
  });

  it('skips a host that is down and reports health', async () => {
    const down = await startComfyStandIn();
    const downUrl = down.url;
    await down.close();
    const pool = provider([downUrl, comfy.url]);
    const first = await pool.run(makeRequest(), makeContext());
    const second = await pool.run(makeRequest(), makeContext());
    expect(first.outputs).toHaveLength(4);
    expect(second.outputs).toHaveLength(4);
    expect(comfy.calls('POST', '/prompt')).toHaveLength(2);
    expect(await pool.health!()).toBe(true);
    expect(await provider([downUrl]).health!()).toBe(false);
  });

  it('cancel() interrupts the running prompt named by its saved id', async () => {
    comfy.settings.jobMs = 300;
    const context = makeContext();
    const p = provider();
    const running = p.run(makeRequest(), context).catch((e: unknown) => e);
    while (context.saved.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await p.cancel!(context.saved[0]!);
    expect(comfy.calls('POST', '/queue')).toHaveLength(1);
    expect(comfy.calls('POST', '/interrupt')).toHaveLength(1);
    expect(await running).toMatchObject({ code: 'GENERATION_FAILED' });
  });

  it('reports a host that answers too slowly as retryable', async () => {
    comfy.faults.paths = ['/history'];
    comfy.faults.delayMs = 400;
    const slow = createComfyUIProvider({ urls: [comfy.url], pollIntervalMs: 10, requestTimeoutMs: 100 });
    await expect(slow.run(makeRequest(), makeContext())).rejects.toMatchObject({
      code: 'BACKEND_TIMEOUT',
      retryable: true,
      message: 'The generation service took too long to answer; try again in a moment.',
    });
  });
});
