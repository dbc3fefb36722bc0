// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient declaration of espeak-ng must reach every project that compiles this file (the API, the workers), not only this package
/// <reference path="./espeak-ng.d.ts" />
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cancelled } from '../../media/ffmpeg.ts';
import { ProviderError } from '../../types.ts';

/** How one /speak voice sounds with espeak-ng: its variant, pitch (0–99), speed (words a minute) and finish. */
export interface VoiceSetting {
  voice: string;
  pitch: number;
  speed: number;
  /** ffmpeg audio filters for the character of the voice (room, depth). */
  filters?: string;
}

export const DEFAULT_VOICE: VoiceSetting = { voice: 'en-us', pitch: 50, speed: 160 };

/**
 * The 19 voice flags of /speak. Each differs from the others in variant, pitch, speed or finish. Only
 * variants that need no Klatt synthesizer are used: this espeak-ng build leaves it out.
 */
export const VOICE_SETTINGS: Record<string, VoiceSetting> = {
  documentary: { voice: 'en-gb-x-rp+m1', pitch: 38, speed: 140, filters: 'aecho=0.8:0.5:40:0.15' },
  trailer: { voice: 'en-us+m7', pitch: 12, speed: 125, filters: 'aecho=0.8:0.7:90|180:0.35|0.2,bass=g=6' },
  talkshow: { voice: 'en-us+m2', pitch: 58, speed: 180 },
  actionhero: { voice: 'en-us+croak', pitch: 22, speed: 150, filters: 'bass=g=4' },
  crooner: { voice: 'en-us+m5', pitch: 42, speed: 118, filters: 'aecho=0.8:0.6:60:0.3' },
  statesman: { voice: 'en-gb+m3', pitch: 30, speed: 122, filters: 'aecho=0.8:0.6:120:0.25' },
  popstar: { voice: 'en-us+f2', pitch: 72, speed: 172 },
  narrator: { voice: 'en-gb+m4', pitch: 46, speed: 150 },
  newsanchor: { voice: 'en-us+f3', pitch: 52, speed: 168 },
  sportscaster: { voice: 'en-us+m6', pitch: 64, speed: 215 },
  radiohost: { voice: 'en-us+m8', pitch: 36, speed: 145, filters: 'lowpass=f=5000,bass=g=3' },
  storyteller: { voice: 'en-gb+grandma', pitch: 56, speed: 128 },
  wizard: { voice: 'en-gb+grandpa', pitch: 28, speed: 120, filters: 'aecho=0.8:0.5:70:0.2' },
  pirate: { voice: 'en-gb-scotland+m7', pitch: 34, speed: 148 },
  robot: { voice: 'en-us+robosoft6', pitch: 50, speed: 150, filters: 'aecho=0.8:0.88:6:0.4' },
  villain: { voice: 'en-gb-x-rp+m1', pitch: 18, speed: 128, filters: 'aecho=0.8:0.6:50:0.3' },
  whisper: { voice: 'en-us+whisper', pitch: 50, speed: 140 },
  cheerful: { voice: 'en-us+f5', pitch: 78, speed: 182 },
  announcer: { voice: 'en-us+Storm', pitch: 40, speed: 158, filters: 'aecho=0.8:0.6:150|300:0.4|0.2' },
};

/** The parts of the WebAssembly global used here (the DOM library that types it is not loaded). */
interface Wasm {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

let compiled: Promise<object> | undefined;

/** The 18 MB WebAssembly module, compiled once per process and instantiated per utterance. */
function espeakModule(): Promise<object> {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('espeak-ng');
    return wasm.compile(await readFile(join(dirname(entry), 'espeak-ng.wasm')));
  })();
  return compiled;
}

/**
 * Speaks the text with espeak-ng compiled to WebAssembly: a WAV file. The text goes in as a file,
 * never as an argument, so text that looks like an option is still just spoken.
 */
export async function speak(text: string, setting: VoiceSetting, signal: AbortSignal): Promise<Buffer> {
  if (signal.aborted) throw cancelled();
  const module = await espeakModule();
  const { default: ESpeakNg } = await import('espeak-ng');
  const errors: string[] = [];
  // espeak's runtime sets process.exitCode as if it were the whole program; that is not ours to change.
  const exitCode = process.exitCode;
  let wav: Buffer;
  try {
    const instance = await ESpeakNg({
      arguments: [
        '-w',
        'speech.wav',
        '-v',
        setting.voice,
        '-p',
        String(setting.pitch),
        '-s',
        String(setting.speed),
        '-f',
        'text.txt',
      ],
      print: () => undefined,
      printErr: (line) => errors.push(line),
      preRun: [(runtime) => runtime.FS.writeFile('text.txt', text)],
      instantiateWasm: (imports, done) => {
        void wasm.instantiate(module, imports).then((instance) => done(instance, module));
        return {};
      },
    });
    wav = Buffer.from(instance.FS.readFile('speech.wav'));
    if (wav.length <= 44) throw new Error(errors.join('\n') || 'no audio');
  } catch (cause) {
    throw new ProviderError('SPEECH_FAILED', 'The speech could not be made.', { retryable: false, cause });
  } finally {
    process.exitCode = exitCode;
  }
  if (signal.aborted) throw cancelled();
  return wav;
}
