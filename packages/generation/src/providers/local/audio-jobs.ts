import type { GenerationResult } from '../../types.ts';
import { badInput, step, type Job } from './job.ts';
import { composeMusic, planMusic } from './music.ts';
import { encodeWav, SAMPLE_RATE, toMp3 } from './pcm.ts';
import { composeSfx } from './sfx.ts';
import { DEFAULT_VOICE, speak, VOICE_SETTINGS } from './speech.ts';

function mp3Result(bytes: Buffer, durationMs: number): GenerationResult {
  return { outputs: [{ kind: 'audio', mime: 'audio/mpeg', bytes, durationMs }] };
}

/** The text of an audio command: the cleaned prompt, or the option the command names its text by. */
function textOf(job: Job, option: string): string {
  const raw = job.request.prompt.trim() || String(job.request.options[option] ?? '').trim();
  if (!raw) throw badInput(`Write something in ${option} first.`);
  return raw;
}

export async function speakJob(job: Job): Promise<GenerationResult> {
  const text = textOf(job, 'text');
  const voice = job.request.voice ? VOICE_SETTINGS[job.request.voice] : DEFAULT_VOICE;
  if (!voice) throw badInput(`There is no voice called -${job.request.voice}.`);
  step(job, 0.1);
  const wav = await speak(text, voice, job.context.signal);
  step(job, 0.7);
  // espeak-ng writes 16-bit mono at 22,050 Hz; the data follows a 44-byte header.
  const durationMs = Math.round(((wav.length - 44) / 2 / 22_050) * 1000);
  const mp3 = await toMp3(wav, job.context.signal, voice.filters);
  step(job, 0.95);
  return mp3Result(mp3, durationMs);
}

export async function musicJob(job: Job): Promise<GenerationResult> {
  const style = textOf(job, 'style');
  const samples = composeMusic(
    planMusic(style, job.request.seed),
    job.settings.musicSeconds,
    job.request.seed,
  );
  step(job, 0.6);
  const mp3 = await toMp3(encodeWav(samples), job.context.signal);
  step(job, 0.95);
  return mp3Result(mp3, Math.round((samples.length / SAMPLE_RATE) * 1000));
}

export async function sfxJob(job: Job): Promise<GenerationResult> {
  const description = textOf(job, 'description');
  const samples = composeSfx(description, job.request.seed);
  step(job, 0.6);
  const mp3 = await toMp3(encodeWav(samples), job.context.signal);
  step(job, 0.95);
  return mp3Result(mp3, Math.round((samples.length / SAMPLE_RATE) * 1000));
}
