import { LIMITS, type WorkKind } from '@app/domain';
import type { GenerationRequest } from '../../types.ts';
import { ANIMATE_DENOISE } from '../shared/gif.ts';
import { fillPadding, outpaintLayout, zoomOption } from '../shared/images.ts';
import type { PlaceholderValues } from './workflow.ts';

/** The workflow file each kind of work runs; a kind missing here is not a ComfyUI job. */
export const KIND_WORKFLOWS: { readonly [K in WorkKind]?: string } = {
  txt2img: 'image',
  img2img: 'image-edit',
  variation: 'image-edit',
  blend: 'image-edit',
  animate: 'image-edit',
  fill: 'image-fill',
  outpaint: 'image-fill',
  upscale: 'image-upscale',
  video: 'video',
  movie: 'video',
  speech: 'audio',
  music: 'audio',
  sfx: 'audio',
  lipsync: 'lipsync',
  'lora-training': 'lora',
};

/** Which templates serve a request, most specific first: `<command>.json`, then its kind's. */
export function templateNames(request: GenerationRequest): string[] | null {
  const workflow = KIND_WORKFLOWS[request.work.kind];
  return workflow ? [request.command, workflow] : null;
}
const IMAGE_GRID = LIMITS.imageGrid.columns * LIMITS.imageGrid.rows;
/** Wan-style video models want 4n+1 frames; 16 fps is their native rate. */
const FPS = 16;

function clipSeconds(request: GenerationRequest): number {
  const asked = Number(request.options.seconds ?? request.options.duration);
  if (Number.isFinite(asked) && asked > 0) return asked;
  if (request.work.kind === 'movie') return LIMITS.movie.seconds;
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
  /** The size of the input image, for the kinds whose numbers depend on it (upscale, outpaint). */
  inputSize?: { width: number; height: number },
): PlaceholderValues {
  const { work } = request;
  const pads = padsOf(request, inputSize);
  const size =
    work.kind === 'upscale' && inputSize
      ? { width: inputSize.width * work.factor, height: inputSize.height * work.factor }
      : { width: request.width, height: request.height };
  const seconds = clipSeconds(request);
  const negative = request.options.negative ?? request.options.negative_prompt ?? '';
  return {
    prompt: request.prompt,
    negative_prompt: String(negative),
    seed: request.seed,
    width: size.width,
    height: size.height,
    batch_size: request.family === 'image' && !SINGLE_IMAGE_KINDS.has(work.kind) ? IMAGE_GRID : 1,
    denoise:
      request.denoise ?? ('denoise' in work ? work.denoise : work.kind === 'animate' ? ANIMATE_DENOISE : 1),
    seconds,
    frames: Math.round((seconds * FPS) / 4) * 4 + 1,
    ...pads,
    model_name: request.modelName ?? '',
    voice: request.voice ?? '',
    filename_prefix: `hypercreate/${request.jobId}`,
    input_folder: inputFolder,
    // Result actions (vary, …) may name their one picture differently; image templates ask for `image`.
    ...(Object.keys(uploaded).length === 1 ? { image: Object.values(uploaded)[0]! } : {}),
    ...uploaded,
  };
}

/** Image kinds that answer one image, not a grid. */
const SINGLE_IMAGE_KINDS: ReadonlySet<WorkKind> = new Set(['fill', 'outpaint', 'upscale']);

/** The kinds whose placeholders need the input image's size. */
export const needsInputSize = (request: GenerationRequest) =>
  request.work.kind === 'upscale' || request.work.kind === 'outpaint';

/** What ImagePadForOutpaint adds on each side: a fill's fixed border, or an outpaint's layout. */
function padsOf(request: GenerationRequest, inputSize?: { width: number; height: number }) {
  const { work } = request;
  if (work.kind === 'outpaint' && inputSize) {
    const layout = outpaintLayout(inputSize.width, inputSize.height, work.frame, zoomOption(request.options));
    return {
      pad_top: layout.top,
      pad_left: layout.left,
      pad_bottom: layout.height - inputSize.height - layout.top,
      pad_right: layout.width - inputSize.width - layout.left,
    };
  }
  const { vertical, horizontal } =
    work.kind === 'fill' ? fillPadding(work.sides) : { vertical: 0, horizontal: 0 };
  return { pad_top: vertical, pad_bottom: vertical, pad_left: horizontal, pad_right: horizontal };
}
