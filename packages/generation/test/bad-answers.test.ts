import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { probeHost } from '../src/backend-health.ts';
import { createA1111Provider } from '../src/providers/a1111/index.ts';
import { createComfyUIProvider } from '../src/providers/comfyui/index.ts';
import { isHostFault, ProviderError } from '../src/types.ts';
import { makeContext, makeRequest, solid } from './helpers.ts';
import { startA1111StandIn, type A1111StandIn } from './stand-ins/a1111.ts';
import { startComfyStandIn, type ComfyStandIn } from './stand-ins/comfyui.ts';
import { pngBytes } from './stand-ins/media.ts';

/**
 * A host is judged by what it answers: a 200 whose body cannot be used is a host fault like a 5xx
 * (retryable, and the fleet takes the host out of rotation), never a failure of the user's job.
 */

async function hostFaultOf(running: Promise<unknown>): Promise<ProviderError> {
  const error = await running.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const failure = error as ProviderError;
  expect(failure).toMatchObject({ code: 'BACKEND_BAD_ANSWER', retryable: true });
  expect(isHostFault(failure)).toBe(true);
  return failure;
}

/** A PNG cut short: its signature says PNG, its pixels are missing. */
async function truncatedPng(): Promise<string> {
  const whole = await pngBytes(64, 64, 7);
  return whole.subarray(0, 40).toString('base64');
}

describe('an A1111 host that answers 200 with something we cannot use', () => {
  let sd: A1111StandIn;
  beforeEach(async () => {
    sd = await startA1111StandIn();
  });
  afterEach(async () => {
    await sd.close();
  });
  const provider = () =>
    createA1111Provider({ urls: [sd.url], progressIntervalMs: 10, requestTimeoutMs: 2_000 });

  it('is a host fault for a body that is not JSON, JSON of the wrong shape, or images that do not decode', async () => {
    sd.faults.paths = ['/sdapi/v1/txt2img'];
    const bodies = [
      '{"images": [not json',
      '',
      '[]',
      '{"images": "iVBORw0KGgo="}',
      '{"images": [1, 2]}',
      '{"detail": "no images here"}',
      JSON.stringify({ images: [Buffer.from('hello, not an image at all').toString('base64')] }),
      JSON.stringify({ images: [await truncatedPng()] }),
    ];
    for (const body of bodies) {
      sd.faults.body = body;
      const failure = await hostFaultOf(provider().run(makeRequest(), makeContext()));
      expect(failure.message).toBe('The image service sent an answer we could not read.');
    }
  });

  it('is a host fault when only one image of the grid does not decode', async () => {
    const good = (await pngBytes(64, 64, 1)).toString('base64');
    sd.faults.paths = ['/sdapi/v1/txt2img'];
    sd.faults.body = JSON.stringify({ images: [good, good, await truncatedPng(), good] });
    await hostFaultOf(provider().run(makeRequest(), makeContext()));
  });

  it('is a host fault for a caption or LoRA list of the wrong shape', async () => {
    sd.faults.paths = ['/sdapi/v1/interrogate'];
    sd.faults.body = '{"caption": 42}';
    const image = await solid(64, 64, '#336699');
    await hostFaultOf(
      provider().run(makeRequest({ command: 'describe', inputs: { image: [image] } }), makeContext()),
    );

    sd.faults.paths = ['/sdapi/v1/loras'];
    sd.faults.body = '{"loras": "FoxKnight"}';
    const lora = { name: 'FoxKnight', weight: 0.6, reference: 'FoxKnight.safetensors' };
    await hostFaultOf(provider().run(makeRequest({ lora }), makeContext()));
  });

  it('still fails the job, not the host, for an upload of ours that does not decode', async () => {
    const broken = { name: 'image', mime: 'image/png', bytes: Buffer.from(await truncatedPng(), 'base64') };
    const error = await provider()
      .run(makeRequest({ command: 'Change', inputs: { image: [broken] } }), makeContext())
      .catch((caught: unknown) => caught as ProviderError);
    expect(error).toMatchObject({ code: 'IMAGE_UNREADABLE', retryable: false });
    expect(isHostFault(error as ProviderError)).toBe(false);
  });

  it('fails its readiness probe when the probe answer cannot be read, and passes when it can', async () => {
    expect(await probeHost('a1111', sd.url)).toBe(true);
    sd.faults.paths = ['/sdapi/v1/progress'];
    sd.faults.body = '{"progress": [not json';
    expect(await probeHost('a1111', sd.url)).toBe(false);
    sd.faults.body = '"ok"';
    expect(await probeHost('a1111', sd.url)).toBe(false);
  });

  it('fails its readiness probe when it accepts the connection and never answers', async () => {
    sd.faults.paths = ['/sdapi/v1/progress'];
    sd.faults.silent = true;
    expect(await probeHost('a1111', sd.url, 300)).toBe(false);
  });
});

describe('a ComfyUI host that answers 200 with something we cannot use', () => {
  let comfy: ComfyStandIn;
  beforeEach(async () => {
    comfy = await startComfyStandIn();
  });
  afterEach(async () => {
    await comfy.close();
  });
  const provider = () =>
    createComfyUIProvider({
      urls: [comfy.url],
      pollIntervalMs: 10,
      requestTimeoutMs: 1_000,
      jobTimeoutMs: 5_000,
    });

  it('is a host fault for a history or queue of the wrong shape, a prompt answer that is not JSON, or a file that does not decode', async () => {
    const cases: [string[], string | Buffer][] = [
      [['/prompt'], '{"prompt_id": [not json'],
      [['/history'], '["not", "an", "object"]'],
      // The history does not know the prompt, so the queue is asked: it is not a queue.
      [['/history', '/queue'], '{"queue_running": 5}'],
      [['/view'], Buffer.from(await truncatedPng(), 'base64')],
    ];
    for (const [paths, body] of cases) {
      comfy.faults.paths = paths;
      comfy.faults.body = body;
      await hostFaultOf(provider().run(makeRequest(), makeContext()));
    }
  });

  it('fails its readiness probe when the probe answer cannot be read', async () => {
    expect(await probeHost('comfyui', comfy.url)).toBe(true);
    comfy.faults.paths = ['/system_stats'];
    comfy.faults.body = '{"system": ';
    expect(await probeHost('comfyui', comfy.url)).toBe(false);
  });
});
