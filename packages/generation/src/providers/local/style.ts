import sharp, { type Metadata, type Sharp } from 'sharp';
import { decodeImage } from '../../media/decode.ts';
import { ProviderError } from '../../types.ts';
import { rgbToHsl, toHex, fromHex, type Rgb } from './colour.ts';
import { randomFrom } from './random.ts';

/** What the local provider measures in an image: the numbers behind /describe and LoRA training. */
export interface ImageStats {
  width: number;
  height: number;
  /** Most common colours, largest share first; shares add up to about 1. */
  palette: { rgb: Rgb; share: number }[];
  /** Mean perceived brightness, 0 (black) to 1 (white). */
  brightness: number;
  /** Standard deviation of brightness, 0 (flat) to about 0.5. */
  contrast: number;
  /** Mean HSL saturation, 0–1. */
  saturation: number;
  /** Mean brightness step between neighbouring pixels: 0 smooth, higher for busy detail. */
  texture: number;
}

/** A learned style: what /loracreate stores as the model's reference, as JSON. */
export interface LoraStyle {
  version: 1;
  name: string;
  images: number;
  palette: { rgb: Rgb; share: number }[];
  brightness: number;
  contrast: number;
  saturation: number;
  texture: number;
}

const SAMPLE = 64;

export async function measureImage(bytes: Buffer): Promise<ImageStats> {
  let image: Sharp;
  let meta: Metadata;
  try {
    image = decodeImage(bytes);
    meta = await image.metadata();
  } catch (cause) {
    throw new ProviderError(
      'BAD_IMAGE',
      'One of the images could not be read. Send a PNG, JPEG or WebP file.',
      {
        retryable: false,
        cause,
      },
    );
  }
  const { data } = await image
    .flatten({ background: '#ffffff' })
    .resize(SAMPLE, SAMPLE, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bins = new Map<number, { count: number; r: number; g: number; b: number }>();
  const luma: number[] = [];
  let saturation = 0;
  for (let offset = 0; offset < data.length; offset += 3) {
    const [r, g, b] = [data[offset]!, data[offset + 1]!, data[offset + 2]!];
    // Perceived brightness (HSP): a saturated red reads as mid-bright, as people see it, not dark.
    luma.push(Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) / 255);
    saturation += rgbToHsl({ r, g, b }).s;
    const key = ((r >> 6) << 4) | ((g >> 6) << 2) | (b >> 6);
    const bin = bins.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    bin.count++;
    bin.r += r;
    bin.g += g;
    bin.b += b;
    bins.set(key, bin);
  }
  const pixels = luma.length;
  const brightness = luma.reduce((sum, value) => sum + value, 0) / pixels;
  const contrast = Math.sqrt(luma.reduce((sum, value) => sum + (value - brightness) ** 2, 0) / pixels);
  let texture = 0;
  for (let index = 0; index < pixels; index++) {
    if ((index + 1) % SAMPLE !== 0) texture += Math.abs(luma[index]! - luma[index + 1]!);
    if (index + SAMPLE < pixels) texture += Math.abs(luma[index]! - luma[index + SAMPLE]!);
  }
  const palette = [...bins.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, 6)
    .map((bin) => ({
      rgb: {
        r: Math.round(bin.r / bin.count),
        g: Math.round(bin.g / bin.count),
        b: Math.round(bin.b / bin.count),
      },
      share: bin.count / pixels,
    }));
  return {
    width: meta.autoOrient?.width ?? meta.width ?? 0,
    height: meta.autoOrient?.height ?? meta.height ?? 0,
    palette,
    brightness,
    contrast,
    saturation: saturation / pixels,
    texture: texture / (2 * pixels),
  };
}

/** The style shared by a set of images: their pooled palette and averaged statistics. */
export function learnStyle(name: string, all: ImageStats[]): LoraStyle {
  const average = (pick: (stats: ImageStats) => number) =>
    all.reduce((sum, stats) => sum + pick(stats), 0) / all.length;
  const pooled = new Map<string, { rgb: Rgb; share: number }>();
  for (const stats of all) {
    for (const entry of stats.palette) {
      // Nearby colours of different images count as one.
      const key = toHex({ r: entry.rgb.r & 0xe0, g: entry.rgb.g & 0xe0, b: entry.rgb.b & 0xe0 });
      const existing = pooled.get(key);
      if (existing) existing.share += entry.share / all.length;
      else pooled.set(key, { rgb: entry.rgb, share: entry.share / all.length });
    }
  }
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    version: 1,
    name,
    images: all.length,
    palette: [...pooled.values()]
      .sort((a, b) => b.share - a.share)
      .slice(0, 6)
      .map((entry) => ({ rgb: entry.rgb, share: round(entry.share) })),
    brightness: round(average((stats) => stats.brightness)),
    contrast: round(average((stats) => stats.contrast)),
    saturation: round(average((stats) => stats.saturation)),
    texture: round(average((stats) => stats.texture)),
  };
}

export function styleToJson(style: LoraStyle): string {
  return JSON.stringify({
    ...style,
    palette: style.palette.map((entry) => ({ hex: toHex(entry.rgb), share: entry.share })),
  });
}

/** Reads a reference written by `styleToJson`; anything else is a LoRA this provider did not train. */
export function styleFromJson(reference: string, name: string): LoraStyle {
  try {
    const data = JSON.parse(reference) as Record<string, unknown>;
    const palette = (data.palette as { hex: string; share: number }[]).map((entry) => ({
      rgb: fromHex(String(entry.hex)),
      share: Number(entry.share),
    }));
    const numbers = ['brightness', 'contrast', 'saturation', 'texture'].map((key) => Number(data[key]));
    if (data.version !== 1 || numbers.some((value) => !Number.isFinite(value)))
      throw new Error('not a style');
    const [brightness, contrast, saturation, texture] = numbers as [number, number, number, number];
    return {
      version: 1,
      name: typeof data.name === 'string' ? data.name : name,
      images: Number(data.images ?? 0),
      palette,
      brightness,
      contrast,
      saturation,
      texture,
    };
  } catch (cause) {
    throw new ProviderError(
      'BAD_LORA',
      `The LoRA model ${name} cannot be used here. Train it again with /loracreate.`,
      {
        retryable: false,
        cause,
      },
    );
  }
}

/** The style's light, contrast and grain laid over an image, as strongly as the weight says. */
export async function applyStyle(
  png: Buffer,
  style: LoraStyle,
  weight: number,
  seed: number,
): Promise<Buffer> {
  const image = sharp(png);
  const { width = 1, height = 1 } = await image.metadata();
  const slope = 1 + (style.contrast - 0.2) * 2 * weight;
  const shift = 128 * (1 - slope) + (style.brightness - 0.5) * 160 * weight;
  const grain = Math.min(90, style.texture * 900 * weight);
  const random = randomFrom(seed ^ 0x5eed);
  const noise = Buffer.alloc(width * height);
  for (let index = 0; index < noise.length; index++)
    noise[index] = 128 + Math.round((random.next() - 0.5) * grain);
  const textured = await sharp(noise, { raw: { width, height, channels: 1 } })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  return sharp(png)
    .linear(slope, shift)
    .composite([{ input: textured, blend: 'overlay' }])
    .png()
    .toBuffer();
}
