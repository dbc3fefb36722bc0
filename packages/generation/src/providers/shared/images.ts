import sharp from 'sharp';
import { LIMITS, type OutpaintFrame } from '@app/domain';
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

/** Where the original sits on an outpaint's larger canvas. */
export interface OutpaintLayout {
  width: number;
  height: number;
  left: number;
  top: number;
}

/**
 * The canvas an outpaint makes around an image of this size: zoom grows every side (the original
 * centred), pan grows one side by half the image that way (the original on the other side), square
 * grows the short sides. `factor` is the zoom when the frame leaves it to the job (Custom Zoom).
 */
export function outpaintLayout(
  width: number,
  height: number,
  frame: OutpaintFrame,
  factor?: number,
): OutpaintLayout {
  switch (frame.type) {
    case 'zoom': {
      const zoom = frame.factor ?? factor;
      if (zoom === undefined || !(zoom >= LIMITS.zoom.min && zoom <= LIMITS.zoom.max)) {
        throw new RangeError(`A zoom factor must be from ${LIMITS.zoom.min} to ${LIMITS.zoom.max}`);
      }
      const grownWidth = Math.round(width * zoom);
      const grownHeight = Math.round(height * zoom);
      return {
        width: grownWidth,
        height: grownHeight,
        left: Math.floor((grownWidth - width) / 2),
        top: Math.floor((grownHeight - height) / 2),
      };
    }
    case 'pan': {
      const across = frame.direction === 'left' || frame.direction === 'right';
      const grow = Math.round((across ? width : height) * LIMITS.panShare);
      return {
        width: across ? width + grow : width,
        height: across ? height : height + grow,
        left: frame.direction === 'left' ? grow : 0,
        top: frame.direction === 'up' ? grow : 0,
      };
    }
    case 'square': {
      const side = Math.max(width, height);
      return {
        width: side,
        height: side,
        left: Math.floor((side - width) / 2),
        top: Math.floor((side - height) / 2),
      };
    }
    default: {
      const unknown: never = frame;
      throw new RangeError(`Unknown outpaint frame ${JSON.stringify(unknown)}`);
    }
  }
}

/** The factor of a Custom Zoom job, from its options. */
export const zoomOption = (options: Record<string, unknown>): number | undefined =>
  typeof options.factor === 'number' ? options.factor : undefined;

/**
 * The padded canvas and mask of an outpaint, for backends that inpaint: the border starts as copies
 * of the edge pixels; the mask is white where new pixels go.
 */
export async function outpaintCanvas(image: PreparedImage, layout: OutpaintLayout): Promise<FillCanvas> {
  const edges = {
    top: layout.top,
    left: layout.left,
    bottom: layout.height - image.height - layout.top,
    right: layout.width - image.width - layout.left,
  };
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
  return { bytes, mask, width: layout.width, height: layout.height };
}
