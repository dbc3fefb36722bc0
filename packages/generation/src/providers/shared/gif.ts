import sharp from 'sharp';
import type { GenerationOutput } from '../../types.ts';

/** The widest frame of a result GIF: a chat preview, not a print. */
export const GIF_MAX_WIDTH = 512;
/** How far each repainted frame may move from the image: enough to stir, not enough to become another picture. */
export const ANIMATE_DENOISE = 0.3;
/** How long each frame shows. */
export const GIF_FRAME_MS = 600;

/**
 * Frames as one looping GIF, each shown `GIF_FRAME_MS`, all at the first frame's shape and at
 * most `GIF_MAX_WIDTH` wide. Every provider's `animate` ends here, whoever made the frames.
 */
export async function framesToGif(frames: readonly Buffer[]): Promise<GenerationOutput> {
  if (frames.length === 0) throw new RangeError('A GIF needs at least one frame');
  const first = await sharp(frames[0]).metadata();
  const sourceWidth = first.width ?? GIF_MAX_WIDTH;
  const sourceHeight = first.height ?? GIF_MAX_WIDTH;
  const width = Math.min(sourceWidth, GIF_MAX_WIDTH);
  const height = Math.max(1, Math.round((sourceHeight * width) / sourceWidth));
  const sized = await Promise.all(
    frames.map((bytes) => sharp(bytes).resize(width, height, { fit: 'cover' }).png().toBuffer()),
  );
  const bytes = await sharp(sized, { join: { animated: true } })
    .gif({ delay: sized.map(() => GIF_FRAME_MS), loop: 0, keepDuplicateFrames: true })
    .toBuffer();
  return { kind: 'image', mime: 'image/gif', bytes, width, height };
}
