import type { GenerationResult } from '../../types.ts';
import { colourName } from './colour.ts';
import { requireInputs, step, type Job } from './job.ts';
import { measureImage, type ImageStats } from './style.ts';

/** The shape of an image in words, and the aspect flag that makes the same shape with /make. */
function shapeOf({ width, height }: ImageStats): { words: string; flag: string } {
  const ratio = width / Math.max(1, height);
  if (ratio >= 1.6) return { words: 'wide landscape', flag: ' -wide' };
  if (ratio >= 1.15) return { words: 'landscape', flag: ' -43' };
  if (ratio <= 0.625) return { words: 'tall portrait', flag: ' -tall' };
  if (ratio <= 0.87) return { words: 'portrait', flag: ' -34' };
  return { words: 'square', flag: '' };
}

/**
 * An honest caption from what can be measured (shape, main colours, light, contrast), with a /make
 * prompt that recreates those qualities. It names no objects: the local provider cannot see them.
 */
export async function describe(job: Job): Promise<GenerationResult> {
  const stats = await measureImage(requireInputs(job.request, 'image')[0]!.bytes);
  step(job, 0.6);
  const colours: string[] = [];
  for (const entry of stats.palette) {
    const name = colourName(entry.rgb);
    if (entry.share >= 0.08 && !colours.includes(name)) colours.push(name);
  }
  if (colours.length === 0) colours.push(colourName(stats.palette[0]!.rgb));
  const [main, ...others] = colours.slice(0, 3);
  const shape = shapeOf(stats);
  const light = stats.brightness < 0.3 ? 'dark' : stats.brightness > 0.65 ? 'bright' : 'evenly lit';
  const contrast =
    stats.contrast < 0.1 ? 'low contrast' : stats.contrast > 0.25 ? 'high contrast' : 'moderate contrast';
  const colourfulness =
    stats.saturation < 0.15 ? 'muted colour' : stats.saturation > 0.5 ? 'vivid colour' : 'natural colour';
  const detail =
    stats.texture > 0.08
      ? 'busy, detailed texture'
      : stats.texture < 0.02
        ? 'smooth, simple areas'
        : 'some texture';
  const caption =
    `A ${shape.words} image (${stats.width}×${stats.height}), mostly ${main}` +
    (others.length ? ` with ${others.join(' and ')}` : '') +
    `; ${light}, ${contrast}, ${colourfulness}, ${detail}.`;
  const prompt = `${[main, ...others].join(' and ')} tones, ${shape.words} composition, ${light}, ${contrast}, ${colourfulness}${shape.flag}`;
  step(job, 0.95);
  return { outputs: [], text: `${caption}\nPrompt: ${prompt}` };
}
