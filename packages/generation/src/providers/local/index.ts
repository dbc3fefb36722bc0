import {
  FAMILIES,
  ProviderError,
  type GenerationRequest,
  type GenerationResult,
  type Provider,
  type ProviderContext,
} from '../../types.ts';
import { musicJob, sfxJob, speakJob } from './audio-jobs.ts';
import { describe } from './describe.ts';
import { fill } from './fill.ts';
import { blend, gif, make, repaint, vary } from './image-jobs.ts';
import { DEFAULT_LOCAL_SETTINGS, step, type Job, type LocalSettings } from './job.ts';
import { lipsync } from './lipsync.ts';
import { trainLora } from './lora-training.ts';
import { clips, movie } from './video-jobs.ts';
import { LIMITS } from '@app/domain';

export type { LocalSettings } from './job.ts';
export { VOICE_SETTINGS } from './speech.ts';

/** Every command the local provider makes, by registry name (and the vary/GIF result actions). */
const HANDLERS: Record<string, (job: Job) => Promise<GenerationResult>> = {
  make,
  describe,
  blend,
  Change: (job) => repaint(job, 0.6),
  adjust: (job) => repaint(job, 0.3),
  filltall: (job) => fill(job, 'tall'),
  fillwide: (job) => fill(job, 'wide'),
  fillboth: (job) => fill(job, 'both'),
  vary,
  gif,
  video: (job) => clips(job, 1, false),
  batchvideo: (job) => clips(job, LIMITS.batchVideoClips, false),
  rawbatchvideo: (job) => clips(job, LIMITS.batchVideoClips, true),
  movie,
  speak: speakJob,
  music: musicJob,
  sfx: sfxJob,
  lipsync,
  loracreate: (job) => trainLora(job, false),
  loracreatefromzip: (job) => trainLora(job, true),
};

export const LOCAL_COMMANDS: readonly string[] = Object.keys(HANDLERS);

/**
 * The offline provider: real PNG, GIF, MP4 and MP3 files made on the CPU from the prompt, with
 * sharp, the ffmpeg binary shipped in an npm package, and espeak-ng compiled to WebAssembly. No
 * model weights: pictures are procedural, speech is formant synthesis, music is synthesized notes.
 */
export function createLocalProvider(settings: Partial<LocalSettings> = {}): Provider {
  const resolved: LocalSettings = { ...DEFAULT_LOCAL_SETTINGS, ...settings };
  return {
    name: 'local',
    families: FAMILIES,
    async run(request: GenerationRequest, context: ProviderContext): Promise<GenerationResult> {
      const handler = Object.hasOwn(HANDLERS, request.command) ? HANDLERS[request.command] : undefined;
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
        const result = await handler(job);
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
