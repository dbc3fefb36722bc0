import { promptWords, mentions, type PromptWord } from './prompt-words.ts';
import { frequencyOf, SAMPLE_RATE, Track } from './pcm.ts';
import { hashOf, randomFrom, type Random } from './random.ts';

export interface MusicPlan {
  bpm: number;
  /** Semitones above A of the key's root. */
  root: number;
  minor: boolean;
  instruments: Set<Instrument>;
}

export type Instrument = 'piano' | 'bass' | 'drums' | 'strings' | 'synth' | 'guitar' | 'bells' | 'crackle';

const INSTRUMENT_WORDS: Record<Instrument, string[]> = {
  piano: ['piano', 'keys', 'jazz', 'classical'],
  bass: ['bass', 'funk', 'groove', 'hip', 'hop', 'lofi', 'lo', 'dub'],
  drums: [
    'drums',
    'drum',
    'beat',
    'beats',
    'hip',
    'hop',
    'rock',
    'dance',
    'edm',
    'techno',
    'funk',
    'lofi',
    'trap',
    'house',
  ],
  strings: ['strings', 'violin', 'cello', 'orchestra', 'orchestral', 'cinematic', 'epic', 'ambient', 'pad'],
  synth: ['synth', 'synthwave', 'electronic', 'edm', 'techno', 'retro', 'chiptune', '8bit', 'house'],
  guitar: ['guitar', 'acoustic', 'folk', 'rock', 'country', 'indie'],
  bells: ['bells', 'bell', 'chimes', 'music', 'box', 'lullaby', 'celesta', 'glockenspiel'],
  crackle: ['vinyl', 'crackle', 'lofi', 'old', 'record'],
};

/** Reads tempo, key and instruments from the style words. */
export function planMusic(style: string, seed: number): MusicPlan {
  const words = promptWords(style);
  const has = (...candidates: string[]) => mentions(words, ...candidates);
  const bpmText = /(\d{2,3})\s*bpm/i.exec(style);
  let bpm = 100;
  if (has('slow', 'chill', 'calm', 'ambient', 'dreamy', 'lullaby', 'relaxing', 'sad', 'lofi', 'lo')) bpm = 76;
  if (has('fast', 'upbeat', 'energetic', 'dance', 'edm', 'techno', 'punk', 'happy', 'house', 'drum'))
    bpm = 132;
  if (bpmText) bpm = Math.min(200, Math.max(50, Number(bpmText[1])));
  const minor = has(
    'sad',
    'dark',
    'melancholy',
    'melancholic',
    'moody',
    'minor',
    'horror',
    'tense',
    'dreamy',
    'night',
    'epic',
    'mysterious',
  );
  const instruments = new Set<Instrument>();
  for (const [instrument, list] of Object.entries(INSTRUMENT_WORDS) as [Instrument, string[]][]) {
    if (words.some((entry: PromptWord) => list.includes(entry.word))) instruments.add(instrument);
  }
  if (instruments.size === 0 || (instruments.size === 1 && instruments.has('crackle'))) {
    for (const instrument of ['piano', 'bass', 'drums'] as const) instruments.add(instrument);
  }
  return { bpm, root: hashOf('key', seed, style) % 12, minor, instruments };
}

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
/** Scale degrees of the chords: I–V–vi–IV in major, i–VI–III–VII in minor. */
const PROGRESSION = { major: [0, 4, 5, 3], minor: [0, 5, 2, 6] };

/** A piece in the planned style: four-chord loop, arpeggios, bass line, drums and colour. */
export function composeMusic(plan: MusicPlan, seconds: number, seed: number): Float32Array {
  const track = new Track(seconds);
  const random = randomFrom(hashOf('music', seed));
  const beat = 60 / plan.bpm;
  const scale = plan.minor ? MINOR : MAJOR;
  const progression = plan.minor ? PROGRESSION.minor : PROGRESSION.major;
  const note = (degree: number, octave = 0) =>
    plan.root + scale[((degree % 7) + 7) % 7]! + 12 * (octave + Math.floor(degree / 7));
  const bars = Math.ceil(seconds / (beat * 4));
  for (let bar = 0; bar < bars; bar++) {
    const start = bar * beat * 4;
    const chord = progression[bar % progression.length]!;
    const triad = [chord, chord + 2, chord + 4].map((degree) => note(degree));
    if (plan.instruments.has('strings'))
      for (const pitch of triad) track.add(start, beat * 4, 0.12, pad(frequencyOf(pitch), beat * 4));
    if (plan.instruments.has('bass')) {
      for (let b = 0; b < 4; b += 2)
        track.add(start + b * beat, beat * 1.9, 0.35, pluck(frequencyOf(note(chord, -2)), 3));
    }
    for (let b = 0; b < 8; b++) {
      const at = start + (b * beat) / 2;
      if (plan.instruments.has('piano') && (b % 2 === 0 || random.next() < 0.3)) {
        track.add(at, beat * 2, 0.22, piano(frequencyOf(triad[random.int(0, 3)]! + 12)));
      }
      if (plan.instruments.has('guitar') && b % 2 === 1)
        track.add(at, beat * 1.5, 0.2, string(frequencyOf(triad[b % 3]!), random));
      if (plan.instruments.has('synth') && random.next() < 0.6) {
        track.add(at, beat / 2, 0.1, square(frequencyOf(note(chord + random.int(0, 7), 1))));
      }
      if (plan.instruments.has('bells') && b % 4 === 0)
        track.add(at, beat * 3, 0.12, bell(frequencyOf(triad[2]! + 24)));
      if (plan.instruments.has('drums')) {
        if (b === 0 || b === 4) track.add(at, 0.3, 0.6, kick);
        if (b === 2 || b === 6) track.add(at, 0.2, 0.3, noiseHit(random, 0.07));
        track.add(at, 0.05, 0.08, noiseHit(random, 0.015));
      }
    }
  }
  if (plan.instruments.has('crackle')) {
    for (let index = 0; index < seconds * 12; index++)
      track.add(random.range(0, seconds), 0.004, random.range(0.05, 0.15), noiseHit(random, 0.001));
  }
  track.normalize();
  return track.samples;
}

const TWO_PI = 2 * Math.PI;
const piano = (f: number) => (t: number) =>
  Math.exp(-3 * t) *
  (Math.sin(TWO_PI * f * t) + 0.4 * Math.sin(TWO_PI * 2 * f * t) + 0.15 * Math.sin(TWO_PI * 3 * f * t));
const pluck = (f: number, decay: number) => (t: number) =>
  Math.exp(-decay * t) * (Math.sin(TWO_PI * f * t) + 0.3 * Math.sin(TWO_PI * 2 * f * t));
const pad = (f: number, length: number) => (t: number) =>
  Math.min(1, t / 0.4, (length - t) / 0.4) *
  (Math.sin(TWO_PI * f * t) + 0.5 * Math.sin(TWO_PI * f * 1.003 * t) + 0.25 * Math.sin(TWO_PI * 2 * f * t));
const square = (f: number) => (t: number) => Math.exp(-6 * t) * (Math.sin(TWO_PI * f * t) >= 0 ? 1 : -1);
const bell = (f: number) => (t: number) =>
  Math.exp(-2 * t) * (Math.sin(TWO_PI * f * t) + 0.5 * Math.sin(TWO_PI * f * 2.76 * t));
const kick = (t: number) =>
  Math.exp(-12 * t) * Math.sin(TWO_PI * (45 * t + (75 / 15) * (1 - Math.exp(-15 * t))));
const noiseHit = (random: Random, decay: number) => (t: number) =>
  Math.exp(-t / decay) * (random.next() * 2 - 1);

/** Karplus–Strong: a plucked string from a burst of noise in a short delay line. */
function string(f: number, random: Random): (t: number, index: number) => number {
  const period = Math.max(2, Math.round(SAMPLE_RATE / f));
  const line = Float32Array.from({ length: period }, () => random.next() * 2 - 1);
  return (_t, index) => {
    const position = index % period;
    const value = line[position]!;
    line[position] = 0.996 * 0.5 * (value + line[(position + 1) % period]!);
    return value;
  };
}
