import {
  JOB_FAMILIES,
  ProviderError,
  type GenerationRequest,
  type GenerationResult,
  type Provider,
  type ProviderContext,
} from '../../types.ts';
import { musicJob, sfxJob, speakJob } from './audio-jobs.ts';
import { describe } from './describe.ts';
import { fill } from './fill.ts';
import { outpaint } from './outpaint.ts';
import { upscale } from './upscale.ts';
import { blend, gif, make, repaint, vary } from './image-jobs.ts';
import { DEFAULT_LOCAL_SETTINGS, step, type Job, type LocalSettings } from './job.ts';
import { lipsync } from './lipsync.ts';
import { trainLora } from './lora-training.ts';
import { clips, movie } from './video-jobs.ts';
import type { CommandWork, WorkKind } from '@app/domain';

export type { LocalSettings } from './job.ts';
export { VOICE_SETTINGS } from './speech.ts';

type Handler<K extends WorkKind> = (
  job: Job,
  work: Extract<CommandWork, { kind: K }>,
) => Promise<GenerationResult>;

/** Every kind of work the local provider makes, by the kind a command's definition names. */
export const LOCAL_KINDS: { [K in WorkKind]: Handler<K> } = {
  txt2img: make,
  interrogate: describe,
  blend,
  img2img: (job, work) => repaint(job, work.denoise),
  variation: vary,
  upscale: (job, work) => upscale(job, work.factor),
  outpaint,
  animate: gif,
  fill: (job, work) => fill(job, work.sides),
  video: (job, work) => clips(job, work.clips, work.raw),
  movie,
  speech: speakJob,
  music: musicJob,
  sfx: sfxJob,
  lipsync,
  'lora-training': (job, work) => trainLora(job, work.fromZip),
};

/**
 * The offline provider: real PNG, GIF, MP4 and MP3 files made on the CPU from the prompt, with
 * sharp, the ffmpeg binary shipped in an npm package, and espeak-ng compiled to WebAssembly. No
 * model weights: pictures are procedural, speech is formant synthesis, music is synthesized notes.
 */
export function createLocalProvider(settings: Partial<LocalSettings> = {}): Provider {
  const resolved: LocalSettings = { ...DEFAULT_LOCAL_SETTINGS, ...settings };
  return {
    name: 'local',
    families: JOB_FAMILIES,
    async run(request: GenerationRequest, context: ProviderContext): Promise<GenerationResult> {
      const { work } = request;
      const handler = Object.hasOwn(LOCAL_KINDS, work.kind)
        ? (LOCAL_KINDS[work.kind] as Handler<typeof work.kind>)
        : undefined;
      if (!handler) {
        throw new ProviderError(
          'UNSUPPORTED_COMMAND',
          `The command ${request.command} cannot be made here.`,
          { retryable: false },
        );
      }
      const job: Job = { request, context, settings: resolved };
      step(job, 0);
      try {
        const result = await handler(job, work);
        step(job, 1);
        return result;
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw new ProviderError('LOCAL_FAILED', 'Something went wrong while making your media.', {
          retryable: false,
          cause: error,
        });
      }
    },
    async health() {
      return true;
    },
  };
}
