import { LIMITS } from '@app/domain';
import type { GenerationRequest } from '../../types.ts';
import { FILL_COMMANDS } from '../shared/images.ts';
import type { PlaceholderValues } from './workflow.ts';

/** Which templates serve a request, most specific first: `<command>.json`, then the family's. */
export function templateNames(request: GenerationRequest): string[] | null {
  const { command, family } = request;
  if (family !== 'image') return [command, family];
  if (command === 'describe') return null;
  if (command === 'make') return [command, 'image'];
  if (FILL_COMMANDS.includes(command)) return [command, 'image-fill'];
  return [command, 'image-edit'];
}

const DEFAULT_DENOISE: Record<string, number> = { Change: 0.6, adjust: 0.25, vary: 0.4, blend: 0.6 };
const IMAGE_GRID = LIMITS.imageGrid.columns * LIMITS.imageGrid.rows;
/** Wan-style video models want 4n+1 frames; 16 fps is their native rate. */
const FPS = 16;

function clipSeconds(request: GenerationRequest): number {
  const asked = Number(request.options.seconds ?? request.options.duration);
  if (Number.isFinite(asked) && asked > 0) return asked;
  if (request.command === 'movie') return LIMITS.movie.seconds;
  if (request.family === 'video') return LIMITS.videoClipSeconds;
  return 10;
}

/**
 * Every placeholder a template may use. `uploaded` maps option names (`image`, `first`, `audio`) to
 * the names ComfyUI gave the uploads; `inputFolder` is where multi-file inputs (training images) went.
 */
export function placeholderValues(
  request: GenerationRequest,
  uploaded: Record<string, string>,
  inputFolder: string,
): PlaceholderValues {
  const grow = LIMITS.fillPixels;
  const vertical = request.command === 'filltall' || request.command === 'fillboth' ? grow : 0;
  const horizontal = request.command === 'fillwide' || request.command === 'fillboth' ? grow : 0;
  const seconds = clipSeconds(request);
  const negative = request.options.negative ?? request.options.negative_prompt ?? '';
  return {
    prompt: request.prompt,
    negative_prompt: String(negative),
    seed: request.seed,
    width: request.width,
    height: request.height,
    batch_size: request.family === 'image' && !FILL_COMMANDS.includes(request.command) ? IMAGE_GRID : 1,
    denoise: request.denoise ?? DEFAULT_DENOISE[request.command] ?? 1,
    seconds,
    frames: Math.round((seconds * FPS) / 4) * 4 + 1,
    pad_top: vertical,
    pad_bottom: vertical,
    pad_left: horizontal,
    pad_right: horizontal,
    model_name: request.modelName ?? '',
    voice: request.voice ?? '',
    filename_prefix: `hypercreate/${request.jobId}`,
    input_folder: inputFolder,
    // Result actions (vary, …) may name their one picture differently; image templates ask for `image`.
    ...(Object.keys(uploaded).length === 1 ? { image: Object.values(uploaded)[0]! } : {}),
    ...uploaded,
  };
}
