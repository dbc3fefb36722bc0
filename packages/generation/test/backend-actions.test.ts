import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createA1111Provider } from '../src/providers/a1111/index.ts';
import { A1111_UPSCALER } from '../src/providers/a1111/upscale.ts';
import { createComfyUIProvider } from '../src/providers/comfyui/index.ts';
import { makeContext, makeRequest } from './helpers.ts';
import { startA1111StandIn, type A1111StandIn } from './stand-ins/a1111.ts';
import { type ComfyStandIn, startComfyStandIn } from './stand-ins/comfyui.ts';
import { pngBytes } from './stand-ins/media.ts';
import { jsonOf } from './stand-ins/server.ts';

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

const image = async (width: number, height: number) => ({
  image: [{ name: 'image', mime: 'image/png', bytes: await pngBytes(width, height, 5) }],
});

describe('a1111 provider: result actions', () => {
  let sd: A1111StandIn;
  beforeEach(async () => {
    sd = await startA1111StandIn();
  });
  afterEach(async () => {
    await sd.close();
  });
  const provider = () =>
    createA1111Provider({
      urls: [sd.url],
      progressIntervalMs: 10,
      requestTimeoutMs: 2_000,
      generationTimeoutMs: 2_000,
    });

  it('upscales through extra-single-image with a named upscaler at the exact size', async () => {
    const result = await provider().run(
      makeRequest({ command: 'upscale-4x', inputs: await image(128, 96) }),
      makeContext(),
    );
    const [call] = sd.calls('POST', '/sdapi/v1/extra-single-image');
    expect(jsonOf(call!)).toMatchObject({
      upscaler_1: A1111_UPSCALER,
      upscaling_resize_w: 512,
      upscaling_resize_h: 384,
    });
    expect(sd.calls('POST', '/sdapi/v1/img2img')).toHaveLength(0);
    expect(await sharp(result.outputs[0]!.bytes).metadata()).toMatchObject({ width: 512, height: 384 });
  });

  it('varies through img2img at about 0.35 (subtle) and 0.75 (strong) denoise', async () => {
    for (const command of ['vary-subtle', 'vary-strong']) {
      await provider().run(makeRequest({ command, inputs: await image(128, 128) }), makeContext());
    }
    const bodies = sd.calls('POST', '/sdapi/v1/img2img').map((call) => jsonOf(call));
    expect(bodies.map((body) => body.denoising_strength)).toEqual([0.35, 0.75]);
    expect(
      bodies.every((body) => body.batch_size === 4 && (body.init_images as unknown[]).length === 1),
    ).toBe(true);
  });

  it('outpaints a pan left with the padded init image and a mask over the new part', async () => {
    await provider().run(makeRequest({ command: 'pan-left', inputs: await image(128, 64) }), makeContext());
    const body = jsonOf(sd.calls('POST', '/sdapi/v1/img2img')[0]!);
    expect([body.width, body.height]).toEqual([192, 64]);
    const init = await sharp(Buffer.from(String((body.init_images as string[])[0]), 'base64')).metadata();
    expect([init.width, init.height]).toEqual([192, 64]);
    const mask = await sharp(Buffer.from(String(body.mask), 'base64'))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => mask.data[y * mask.info.width + x];
    expect(at(10, 32)).toBe(255); // the new part, on the left, is painted
    expect(at(150, 32)).toBe(0); // the original, on the right, is kept
  });
});

describe('comfyui provider: result actions', () => {
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
      requestTimeoutMs: 2_000,
      jobTimeoutMs: 5_000,
    });
  const posted = () => jsonOf<{ prompt: Graph }>(comfy.calls('POST', '/prompt')[0]!).prompt;
  const nodeOf = (graph: Graph, type: string) => Object.values(graph).find((n) => n.class_type === type);

  it('runs the upscale workflow: an upscale model, then Lanczos to exactly twice the size', async () => {
    const result = await provider().run(
      makeRequest({ command: 'upscale-2x', inputs: await image(96, 64) }),
      makeContext(),
    );
    const graph = posted();
    expect(nodeOf(graph, 'UpscaleModelLoader')).toBeDefined();
    expect(nodeOf(graph, 'ImageUpscaleWithModel')).toBeDefined();
    expect(nodeOf(graph, 'ImageScale')?.inputs).toMatchObject({
      upscale_method: 'lanczos',
      width: 192,
      height: 128,
    });
    expect(result.outputs).toHaveLength(1);
  });

  it('pads for outpaint: zoom out 2× on every side, pan up on top, make square on the short sides', async () => {
    const cases = [
      ['zoom-out-2x', 80, 60, { left: 40, right: 40, top: 30, bottom: 30 }],
      ['pan-up', 80, 60, { left: 0, right: 0, top: 30, bottom: 0 }],
      ['make-square', 120, 60, { left: 0, right: 0, top: 30, bottom: 30 }],
    ] as const;
    for (const [index, [command, width, height, pads]] of cases.entries()) {
      const result = await provider().run(
        makeRequest({ command, inputs: await image(width, height) }),
        makeContext(),
      );
      const graph = jsonOf<{ prompt: Graph }>(comfy.calls('POST', '/prompt')[index]!).prompt;
      expect(nodeOf(graph, 'ImagePadForOutpaint')?.inputs).toMatchObject(pads);
      // The padded area is inpainted from the padded pixels (VAEEncodeForInpaint takes the pad's mask).
      expect(nodeOf(graph, 'VAEEncodeForInpaint')).toBeDefined();
      expect(result.outputs).toHaveLength(1);
    }
  });
});
