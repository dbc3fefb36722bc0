import sharp, { type SharpOptions } from 'sharp';

/**
 * Most pixels an input image may have (about 8,000 × 6,000). sharp refuses a larger one from its
 * header, before decoding, so a small file that claims a huge canvas never reaches memory.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** sharp on an image that came from outside (an upload or a backend), under the pixel limit. */
export function decodeImage(bytes: Buffer, options: SharpOptions = {}) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, ...options });
}

/** True for sharp's refusal of an image past the pixel limit. */
export const isPixelLimitError = (error: unknown) =>
  error instanceof Error && /exceeds pixel limit/i.test(error.message);
