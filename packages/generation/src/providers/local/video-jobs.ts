import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIMITS, MOVIE_SCENE_SECONDS } from '@app/domain';
import { runFfmpeg, withTempDir } from '../../media/ffmpeg.ts';
import type { GenerationOutput, GenerationResult } from '../../types.ts';
import { even, loadImage, step, type Job } from './job.ts';
import { filmStill, H264, motionFilter, motionFor, prepareStill } from './motion.ts';
import { composeMusic, planMusic } from './music.ts';
import { encodeWav } from './pcm.ts';
import { renderScene } from './procedural.ts';

function videoOutput(bytes: Buffer, width: number, height: number, seconds: number): GenerationOutput {
  return { kind: 'video', mime: 'video/mp4', bytes, width, height, durationMs: Math.round(seconds * 1000) };
}

/**
 * /video, /batchvideo and /rawbatchvideo: each take films a still, the user's image or one drawn
 * from the prompt, with a camera move read from the prompt. Raw takes move further and drift in colour.
 */
export async function clips(job: Job, takes: number, raw: boolean): Promise<GenerationResult> {
  const { request, settings } = job;
  const seconds = LIMITS.videoClipSeconds;
  const upload = request.inputs.image?.[0];
  const first = upload ? await loadImage(upload) : null;
  // A user's image keeps its shape, at about the pixel count asked for.
  const area = request.width * request.height;
  const width = even(first ? Math.sqrt((area * first.width) / first.height) : request.width);
  const height = even(first ? area / width : request.height);
  return withTempDir(async (dir) => {
    const outputs: GenerationOutput[] = [];
    for (let take = 0; take < takes; take++) {
      const still =
        first?.png ??
        (await renderScene({ prompt: request.prompt, width, height, seed: request.seed, variant: take }));
      const path = await prepareStill(still, width, height, dir, `still-${take}`);
      const bytes = await filmStill(path, dir, {
        width,
        height,
        seconds,
        fps: settings.fps,
        motion: motionFor(request.prompt, request.seed, take, raw),
        signal: job.context.signal,
        onProgress: (fraction) => job.context.onProgress((take + fraction) / takes),
      });
      outputs.push(videoOutput(bytes, width, height, seconds));
      step(job, (take + 1) / takes);
    }
    return { outputs };
  });
}

/** The story split into its beats: sentences, clauses, "and"/"then", grouped into `count` scenes. */
export function scenesOf(prompt: string, count: number): string[] {
  const parts = prompt
    .split(/[.;!?]+|,\s*(?:and\s+|then\s+)?|\s+(?:and then|then|and)\s+/i)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return Array.from({ length: count }, () => prompt);
  return Array.from({ length: count }, (_, index) => {
    const from = Math.floor((index * parts.length) / count);
    const to = Math.max(from + 1, Math.floor(((index + 1) * parts.length) / count));
    return parts.slice(from, to).join(', ');
  });
}

/** /movie: four scenes of the story filmed and cut together, scored with music in the story's mood. */
export async function movie(job: Job): Promise<GenerationResult> {
  const { request, settings } = job;
  const { width, height } = { width: even(request.width), height: even(request.height) };
  const scenes = scenesOf(request.prompt, LIMITS.movie.scenes);
  const frames = Math.round(MOVIE_SCENE_SECONDS * settings.fps);
  const total = LIMITS.movie.seconds;
  return withTempDir(async (dir) => {
    const inputs: string[] = [];
    for (const [index, scene] of scenes.entries()) {
      const still = await renderScene({
        prompt: `${scene}, ${request.prompt}`,
        width,
        height,
        seed: request.seed,
        variant: index,
      });
      inputs.push('-i', await prepareStill(still, width, height, dir, `scene-${index}`));
      step(job, (0.2 * (index + 1)) / scenes.length);
    }
    const music = join(dir, 'music.wav');
    await writeFile(
      music,
      encodeWav(composeMusic(planMusic(request.prompt, request.seed), total, request.seed)),
    );
    step(job, 0.3);
    const filmed = scenes.map(
      (scene, index) =>
        `[${index}:v]${motionFilter(motionFor(scene, request.seed, index, false), width, height, frames, settings.fps)}[v${index}]`,
    );
    const cut = `${scenes.map((_, index) => `[v${index}]`).join('')}concat=n=${scenes.length}:v=1:a=0[video]`;
    const out = join(dir, 'movie.mp4');
    await runFfmpeg(
      [
        ...inputs,
        '-i',
        music,
        '-filter_complex',
        [...filmed, cut].join(';'),
        '-map',
        '[video]',
        '-map',
        `${scenes.length}:a`,
        ...H264,
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-t',
        String(total),
        out,
      ],
      {
        signal: job.context.signal,
        totalSeconds: total,
        onProgress: (fraction) => job.context.onProgress(0.3 + 0.65 * fraction),
      },
    );
    step(job, 0.97);
    return { outputs: [videoOutput(await readFile(out), width, height, total)] };
  });
}
