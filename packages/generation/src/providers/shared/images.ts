import sharp from 'sharp';
import { LIMITS } from '@app/domain';
import { decodeImage } from '../../media/decode.ts';

/** Stable Diffusion works in 8-pixel latent blocks; other sizes are cropped or stretched by the backend. */
export const toMultipleOf8 = (value: number) => Math.max(64, Math.round(value / 8) * 8);

export interface PreparedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Scales an upload so its longest side is at most `maxSide` and both sides are multiples of 8, as PNG. */
export async function prepareImage(bytes: Buffer, maxSide: number): Promise<PreparedImage> {
  const meta = await decodeImage(bytes).metadata();
  const w0 = meta.width ?? maxSide;
  const h0 = meta.height ?? maxSide;
  const scale = Math.min(1, maxSide / Math.max(w0, h0));
  const width = toMultipleOf8(w0 * scale);
  const height = toMultipleOf8(h0 * scale);
  const out = await decodeImage(bytes)
    .rotate()
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .png()
    .toBuffer();
  return { bytes: out, width, height };
}

/** Both images over each other at half strength: the starting point that img2img then repaints. */
export async function blendImages(
  first: Buffer,
  second: Buffer,
  width: number,
  height: number,
): Promise<Buffer> {
  const base = await sharp(first)
    .rotate()
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .png()
    .toBuffer();
  const top = await sharp(second)
    .rotate()
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .ensureAlpha(0.5)
    .png()
    .toBuffer();
  return sharp(base)
    .composite([{ input: top }])
    .png()
    .toBuffer();
}

/** Which sides a generative fill grows: above and below, left and right, or all four. */
export type FillSides = 'tall' | 'wide' | 'both';

/** The pixels a fill adds on each side that grows. */
export function fillPadding(sides: FillSides): { vertical: number; horizontal: number } {
  const grow = LIMITS.fillPixels;
  return { vertical: sides !== 'wide' ? grow : 0, horizontal: sides !== 'tall' ? grow : 0 };
}

export interface FillCanvas extends PreparedImage {
  /** White where new pixels go, black over the original (A1111's default mask polarity). */
  mask: Buffer;
}

/**
 * The padded canvas for generative fill. New borders start as copies of the edge pixels, which gives
 * the inpainting a colour to start from instead of a flat grey band.
 */
export async function fillCanvas(image: PreparedImage, sides: FillSides): Promise<FillCanvas> {
  const { vertical, horizontal } = fillPadding(sides);
  const edges = { top: vertical, bottom: vertical, left: horizontal, right: horizontal };
  const bytes = await sharp(image.bytes)
    .extend({ ...edges, extendWith: 'copy' })
    .png()
    .toBuffer();
  const mask = await sharp({
    create: { width: image.width, height: image.height, channels: 3, background: '#000000' },
  })
    .extend({ ...edges, background: '#ffffff' })
    .png()
    .toBuffer();
  return { bytes, mask, width: image.width + 2 * horizontal, height: image.height + 2 * vertical };
}
