import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createA1111Provider } from '../src/providers/a1111/index.ts';
import { ProviderError } from '../src/types.ts';
import { makeContext, makeRequest } from './helpers.ts';
import { startA1111StandIn, type A1111StandIn } from './stand-ins/a1111.ts';
import { colourFor, pngBytes } from './stand-ins/media.ts';
import { jsonOf } from './stand-ins/server.ts';

let sd: A1111StandIn;
beforeEach(async () => {
  sd = await startA1111StandIn();
});
afterEach(async () => {
  await sd.close();
});

const provider = (urls = [sd.url]) =>
  createA1111Provider({ urls, progressIntervalMs: 10, requestTimeoutMs: 2_000, generationTimeoutMs: 2_000 });

async function centrePixel(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[at], g: data[at + 1], b: data[at + 2] };
}

describe('a1111 provider: make', () => {
  it('asks txt2img for a batch of 4 at the wide size with the LoRA in the prompt, and returns its pixels', async () => {
    sd.loras = [{ name: 'FoxKnight', alias: 'FoxKnight' }];
    sd.generationMs = 80;
    const context = makeContext();
    const result = await provider().run(
      makeRequest({
        width: 1344,
        height: 768,
        lora: { name: 'FoxKnight', weight: 0.6, reference: 'FoxKnight.safetensors' },
      }),
      context,
    );

    const [call] = sd.calls('POST', '/sdapi/v1/txt2img');
    const body = jsonOf(call!);
    expect(body.batch_size).toBe(4);
    expect(body.n_iter).toBe(1);
    expect([body.width, body.height]).toEqual([1344, 768]);
    expect(body.seed).toBe(1234);
    expect(body.prompt).toBe('a lighthouse on a cliff, (stormy sky:1.3) <lora:FoxKnight:0.6>');

    expect(result.outputs).toHaveLength(4);
    for (const [i, output] of result.outputs.entries()) {
      expect(output).toMatchObject({ kind: 'image', mime: 'image/png', width: 1344, height: 768 });
      expect(await centrePixel(output.bytes)).toEqual(colourFor(1234 + i));
    }
    expect(context.progress).toContain(0.5);
  });

  it('refuses a LoRA the host does not have, with a final error naming it', async () => {
    sd.loras = [{ name: 'Other', alias: 'Other' }];
    const error = await provider()
      .run(makeRequest({ lora: { name: 'FoxKnight', weight: 0.6, reference: 'FoxKnight' } }), makeContext())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'LORA_NOT_FOUND', retryable: false });
    expect((error as Error).message).toContain('FoxKnight');
    expect(sd.calls('POST', '/sdapi/v1/txt2img')).toHaveLength(0);
  });
});

describe('a1111 provider: image edits', () => {
  it('sends Change through img2img with the upload and the chosen denoise', async () => {
    const upload = await pngBytes(640, 480, 77);
    const result = await provider().run(
      makeRequest({
        command: 'Change',
        denoise: 0.7,
        inputs: { image: [{ name: 'a.png', mime: 'image/png', bytes: upload }] },
      }),
      makeContext(),
    );
    const body = jsonOf<{ init_images: string[]; denoising_strength: number; width: number; height: number }>(
      sd.calls('POST', '/sdapi/v1/img2img')[0]!,
    );
    expect(body.denoising_strength).toBe(0.7);
    expect([body.width, body.height]).toEqual([640, 480]);
    expect(await centrePixel(Buffer.from(body.init_images[0]!, 'base64'))).toEqual(colourFor(77));
    expect(result.outputs).toHaveLength(4);
  });

  it('grows a fillwide canvas by 256 px on the left and right and masks only the new area', async () => {
    const upload = await pngBytes(512, 512, 5);
    const result = await provider().run(
      makeRequest({
        command: 'fillwide',
        inputs: { image: [{ name: 'a.png', mime: 'image/png', bytes: upload }] },
      }),
      makeContext(),
    );
    const body = jsonOf<{ init_images: string[]; mask: string; width: number; height: number }>(
      sd.calls('POST', '/sdapi/v1/img2img')[0]!,
    );
    expect([body.width, body.height]).toEqual([1024, 512]);
    const mask = await sharp(Buffer.from(body.mask, 'base64'))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(mask.info.width).toBe(1024);
    const at = (x: number, y: number) => mask.data[(y * mask.info.width + x) * mask.info.channels];
    expect(at(10, 256)).toBe(255);
    expect(at(512, 256)).toBe(0);
    expect(at(1014, 256)).toBe(255);
    expect(result.outputs).toHaveLength(1);
    expect(result.outputs[0]).toMatchObject({ width: 1024, height: 512 });
  });

  it('blends both uploads half and half into the image img2img starts from', async () => {
    const first = await pngBytes(256, 256, 0xff0000);
    const second = await pngBytes(128, 128, 0x0000ff);
    await provider().run(
      makeRequest({
        command: 'blend',
        prompt: '',
        inputs: {
          first: [{ name: 'a.png', mime: 'image/png', bytes: first }],
          second: [{ name: 'b.png', mime: 'image/png', bytes: second }],
        },
      }),
      makeContext(),
    );
    const body = jsonOf<{ init_images: string[]; width: number }>(sd.calls('POST', '/sdapi/v1/img2img')[0]!);
    expect(body.width).toBe(256);
    const pixel = await centrePixel(Buffer.from(body.init_images[0]!, 'base64'));
    expect(pixel.r).toBeGreaterThan(120);
    expect(pixel.r).toBeLessThan(136);
    expect(pixel.b).toBeGreaterThan(120);
    expect(pixel.b).toBeLessThan(136);
  });

  it('answers /describe with the caption from interrogate', async () => {
    sd.caption = 'a watercolour fox';
    const upload = await pngBytes(64, 64, 9);
    const result = await provider().run(
      makeRequest({
        command: 'describe',
        inputs: { image: [{ name: 'a.png', mime: 'image/png', bytes: upload }] },
      }),
      makeContext(),
    );
    expect(result.text).toBe('a watercolour fox');
    expect(jsonOf(sd.calls('POST', '/sdapi/v1/interrogate')[0]!).model).toBe('clip');
  });
});

describe('a1111 provider: failures', () => {
  it('reports a refused connection as retryable', async () => {
    const url = sd.url;
    await sd.close();
    const error = await provider([url])
      .run(makeRequest(), makeContext())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BACKEND_UNREACHABLE', retryable: true });
    expect((error as Error).message).toBe(
      'The image service is busy or not reachable right now; try again in a moment.',
    );
  });

  it('reports a 5xx as retryable and a 4xx as final', async () => {
    sd.faults.paths = ['/sdapi/v1/txt2img'];
    sd.faults.status = 503;
    await expect(provider().run(makeRequest(), makeContext())).rejects.toMatchObject({
      code: 'BACKEND_BUSY',
      retryable: true,
      message: 'The image service is busy; try again in a moment.',
    });
    sd.faults.status = 422;
    await expect(provider().run(makeRequest(), makeContext())).rejects.toMatchObject({
      code: 'BACKEND_REJECTED',
      retryable: false,
    });
  });

  it('reports a host that drops the connection mid-answer as retryable', async () => {
    sd.faults.paths = ['/sdapi/v1/txt2img'];
    sd.faults.drop = true;
    await expect(provider().run(makeRequest(), makeContext())).rejects.toMatchObject({
      code: 'BACKEND_DROPPED',
      retryable: true,
    });
  });

  it('reports a host slower than the timeout as retryable', async () => {
    sd.generationMs = 500;
    const slow = createA1111Provider({ urls: [sd.url], generationTimeoutMs: 100 });
    await expect(slow.run(makeRequest(), makeContext())).rejects.toMatchObject({
      code: 'BACKEND_TIMEOUT',
      retryable: true,
    });
  });

  it('interrupts the host when the job is cancelled', async () => {
    sd.generationMs = 300;
    const context = makeContext();
    const running = provider().run(makeRequest(), context);
    // Cancelled while the host is drawing: once the request has reached it, however long that took.
    await vi.waitFor(() => expect(sd.calls('POST', '/sdapi/v1/txt2img')).toHaveLength(1), { timeout: 5_000 });
    context.controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'CANCELLED', retryable: false });
    await vi.waitFor(() => expect(sd.calls('POST', '/sdapi/v1/interrupt')).toHaveLength(1), {
      timeout: 5_000,
    });
  });
});

describe('a1111 provider: several hosts', () => {
  it('spreads jobs over the hosts that answer and sends basic-auth credentials from the URL', async () => {
    const other = await startA1111StandIn();
    const dead = await startA1111StandIn();
    const deadUrl = dead.url;
    await dead.close();
    try {
      const withAuth = other.url.replace('http://', 'http://webui:s%40cret@');
      const pool = provider([sd.url, deadUrl, withAuth]);
      for (let i = 0; i < 4; i++) await pool.run(makeRequest(), makeContext());
      expect(sd.calls('POST', '/sdapi/v1/txt2img')).toHaveLength(2);
      const authorized = other.calls('POST', '/sdapi/v1/txt2img');
      expect(authorized).toHaveLength(2);
      expect(authorized[0]!.headers.authorization).toBe(
        `Basic ${Buffer.from('webui:s@cret').toString('base64')}`,
      );
      expect(await pool.health!()).toBe(true);
      expect(await provider([deadUrl]).health!()).toBe(false);
    } finally {
      await other.close();
    }
  });
});
