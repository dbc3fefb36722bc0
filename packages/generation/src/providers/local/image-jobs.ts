import sharp from 'sharp';
import { LIMITS } from '@app/domain';
import { composeGrid } from '../../media/grid.ts';
import { framesToGif } from '../shared/gif.ts';
import type { GenerationOutput, GenerationResult } from '../../types.ts';
import { denoiseOf, loadImage, pngOutput, requireInputs, step, translucent, type Job } from './job.ts';
import { renderScene, type SceneRequest } from './procedural.ts';
import { hashOf, randomFrom } from './random.ts';
import { styleFromJson } from './style.ts';

const GRID_SIZE = LIMITS.imageGrid.columns * LIMITS.imageGrid.rows;

/** How far the frames of a GIF made from a single image move from it. */
const GIF_VARIATION_DENOISE = 0.3;

/**
 * Grid commands answer the four images in reading order, then the 2×2 grid of them as a fifth
 * output: the message shows the grid, and vary/GIF work from the four.
 */
async function gridResult(job: Job, make: (variant: number) => Promise<Buffer>): Promise<GenerationResult> {
  const images: Buffer[] = [];
  for (let variant = 0; variant < GRID_SIZE; variant++) {
    images.push(await make(variant));
    step(job, 0.1 + (0.75 * (variant + 1)) / GRID_SIZE);
  }
  const grid = await composeGrid(images, LIMITS.imageGrid.columns);
  step(job, 0.95);
  const outputs: GenerationOutput[] = [];
  for (const bytes of [...images, grid]) {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    outputs.push(pngOutput(bytes, width, height));
  }
  return { outputs };
}

function sceneOf(job: Job, variant: number, width: number, height: number): SceneRequest {
  const { request } = job;
  return {
    prompt: request.prompt,
    width,
    height,
    seed: request.seed,
    variant,
    tile: request.options.tile === true,
    lora: request.lora
      ? { style: styleFromJson(request.lora.reference, request.lora.name), weight: request.lora.weight }
      : undefined,
  };
}

export async function make(job: Job): Promise<GenerationResult> {
  const { width, height } = job.request;
  step(job, 0.05);
  return gridResult(job, (variant) => renderScene(sceneOf(job, variant, width, height)));
}

const BLENDS = ['over', 'soft-light', 'screen', 'multiply'] as const;

/** Both images over each other at four mixes and blend modes, each framed a little differently. */
export async function blend(job: Job): Promise<GenerationResult> {
  const { width, height } = job.request;
  const [first, second] = await Promise.all([
    loadImage(requireInputs(job.request, 'first', 'two images')[0]!),
    loadImage(requireInputs(job.request, 'second', 'two images')[0]!),
  ]);
  step(job, 0.1);
  return gridResult(job, async (variant) => {
    const random = randomFrom(hashOf(job.request.seed, 'blend', variant));
    const framed = (png: Buffer) =>
      sharp(png)
        .resize(width, height, {
          fit: 'cover',
          position: random.pick(['centre', 'north', 'south', 'east', 'west'] as const),
        })
        .png()
        .toBuffer();
    const base = await framed(first.png);
    const overlay = await translucent(await framed(second.png), [0.5, 0.45, 0.6, 0.55][variant]!);
    return sharp(base)
      .composite([{ input: overlay, blend: BLENDS[variant]! }])
      .png()
      .toBuffer();
  });
}

/**
 * /Change and /adjust: the prompt's picture laid over the upload. Denoise is the share of the new
 * picture, so 0.1 keeps nearly everything and 0.9 nearly nothing; /adjust also follows light words.
 */
export async function repaint(job: Job, defaultDenoise: number): Promise<GenerationResult> {
  const source = await loadImage(requireInputs(job.request, 'image')[0]!);
  const denoise = denoiseOf(job.request, defaultDenoise);
  const tone = toneOf(job.request.prompt);
  step(job, 0.1);
  return gridResult(job, async (variant) => {
    const scene = await renderScene(sceneOf(job, variant, source.width, source.height));
    const layer = await translucent(scene, denoise);
    const mixed = await sharp(source.png)
      .composite([{ input: layer, blend: 'over' }])
      .png()
      .toBuffer();
    return tone ? sharp(mixed).modulate(tone).png().toBuffer() : mixed;
  });
}

/** Light and colour words of an /adjust prompt as a gentle modulation. */
function toneOf(prompt: string): { brightness?: number; saturation?: number; hue?: number } | null {
  const text = prompt.toLowerCase();
  const tone: { brightness?: number; saturation?: number; hue?: number } = {};
  if (/\b(bright|brighter|sunny|light)\b/.test(text)) tone.brightness = 1.12;
  if (/\b(dark|darker|moody|night)\b/.test(text)) tone.brightness = 0.85;
  if (/\b(vivid|vibrant|colorful|colourful)\b/.test(text)) tone.saturation = 1.25;
  if (/\b(muted|faded|soft)\b/.test(text)) tone.saturation = 0.8;
  if (/\b(warm|warmer|golden)\b/.test(text)) tone.hue = -8;
  if (/\b(cool|cooler|cold|icy)\b/.test(text)) tone.hue = 10;
  return Object.keys(tone).length > 0 ? tone : null;
}

/**
 * Four variations of one image: each a reframe with shifted hue, light and colour and a touch of the
 * prompt's scene, laid over the source at the strength of the denoise. So a subtle variation (low
 * denoise) stays measurably closer to the source than a strong one, whatever the picture.
 */
export async function vary(job: Job, work: { denoise: number }): Promise<GenerationResult> {
  const source = await loadImage(requireInputs(job.request, 'image')[0]!);
  const denoise = denoiseOf(job.request, work.denoise);
  step(job, 0.1);
  return gridResult(job, async (variant) => {
    const random = randomFrom(hashOf(job.request.seed, 'vary', variant));
    const zoom = random.range(1.04, 1.12);
    const cropWidth = Math.round(source.width / zoom);
    const cropHeight = Math.round(source.height / zoom);
    let varied = await sharp(source.png)
      .extract({
        left: random.int(0, source.width - cropWidth + 1),
        top: random.int(0, source.height - cropHeight + 1),
        width: cropWidth,
        height: cropHeight,
      })
      .resize(source.width, source.height)
      .modulate({
        hue: Math.round(random.range(-20, 20)),
        brightness: random.range(0.9, 1.1),
        saturation: random.range(0.8, 1.2),
      })
      .png()
      .toBuffer();
    if (job.request.prompt.trim()) {
      const scene = await renderScene(sceneOf(job, variant, source.width, source.height));
      varied = await sharp(varied)
        .composite([{ input: await translucent(scene, 0.35) }])
        .png()
        .toBuffer();
    }
    return sharp(source.png)
      .composite([{ input: await translucent(varied, denoise) }])
      .removeAlpha()
      .png()
      .toBuffer();
  });
}

/** The four images of a result as a looping GIF, one frame each; a single image is varied into four. */
export async function gif(job: Job): Promise<GenerationResult> {
  let frames = requireInputs(job.request, 'image').map((file) => file.bytes);
  if (frames.length < GRID_SIZE) {
    const varied = await vary(
      { ...job, context: { ...job.context, onProgress: () => undefined } },
      { denoise: GIF_VARIATION_DENOISE },
    );
    frames = varied.outputs.slice(0, GRID_SIZE).map((output) => output.bytes);
  }
  // Decoded here first, so an unreadable upload fails like every other local job's.
  const first = await loadImage({ name: 'frame', mime: 'image/png', bytes: frames[0]! });
  step(job, 0.6);
  const output = await framesToGif([first.png, ...frames.slice(1, GRID_SIZE)]);
  step(job, 0.95);
  return { outputs: [output] };
}
