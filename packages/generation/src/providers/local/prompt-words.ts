import { parsePromptWeights } from '@app/domain';
import type { Hsl } from './colour.ts';
import { hashOf } from './random.ts';

/** A word of the prompt that carries meaning, with the weight the user gave it. */
export interface PromptWord {
  word: string;
  weight: number;
  colour: Hsl;
}

const STOP_WORDS = new Set(
  'a an the of in on at to and or with by for from is are it its this that as into over under very some'.split(
    ' ',
  ),
);

/** Words whose colour people agree on; every other word gets a colour from its spelling. */
const WORD_COLOURS: Record<string, Hsl> = {
  red: { h: 0, s: 0.8, l: 0.5 },
  crimson: { h: 350, s: 0.8, l: 0.4 },
  fire: { h: 15, s: 0.9, l: 0.5 },
  orange: { h: 30, s: 0.9, l: 0.55 },
  sunset: { h: 22, s: 0.85, l: 0.55 },
  dusk: { h: 280, s: 0.45, l: 0.35 },
  autumn: { h: 28, s: 0.75, l: 0.45 },
  gold: { h: 45, s: 0.85, l: 0.5 },
  golden: { h: 45, s: 0.85, l: 0.55 },
  yellow: { h: 55, s: 0.9, l: 0.55 },
  sun: { h: 50, s: 0.95, l: 0.6 },
  green: { h: 120, s: 0.6, l: 0.4 },
  forest: { h: 130, s: 0.55, l: 0.28 },
  grass: { h: 100, s: 0.6, l: 0.45 },
  leaves: { h: 95, s: 0.55, l: 0.4 },
  cyan: { h: 185, s: 0.7, l: 0.5 },
  sea: { h: 200, s: 0.7, l: 0.4 },
  ocean: { h: 205, s: 0.75, l: 0.35 },
  water: { h: 195, s: 0.6, l: 0.45 },
  sky: { h: 205, s: 0.7, l: 0.65 },
  blue: { h: 220, s: 0.75, l: 0.5 },
  ice: { h: 190, s: 0.5, l: 0.8 },
  purple: { h: 275, s: 0.6, l: 0.45 },
  violet: { h: 270, s: 0.6, l: 0.55 },
  pink: { h: 330, s: 0.7, l: 0.7 },
  rose: { h: 340, s: 0.6, l: 0.6 },
  night: { h: 235, s: 0.5, l: 0.12 },
  dark: { h: 240, s: 0.2, l: 0.12 },
  black: { h: 0, s: 0, l: 0.06 },
  shadow: { h: 240, s: 0.15, l: 0.15 },
  white: { h: 0, s: 0, l: 0.95 },
  snow: { h: 200, s: 0.2, l: 0.92 },
  cloud: { h: 210, s: 0.15, l: 0.85 },
  grey: { h: 0, s: 0, l: 0.5 },
  gray: { h: 0, s: 0, l: 0.5 },
  stone: { h: 30, s: 0.08, l: 0.45 },
  brown: { h: 25, s: 0.5, l: 0.3 },
  wood: { h: 28, s: 0.45, l: 0.35 },
  sand: { h: 40, s: 0.5, l: 0.72 },
  desert: { h: 35, s: 0.55, l: 0.6 },
};

/** A stable colour for a word nobody agrees on: its spelling picks the hue. */
function colourOfWord(word: string): Hsl {
  const known = WORD_COLOURS[word] ?? WORD_COLOURS[word.replace(/s$/, '')];
  if (known) return known;
  const hash = hashOf('word', word);
  return { h: hash % 360, s: 0.45 + ((hash >>> 9) % 40) / 100, l: 0.35 + ((hash >>> 17) % 30) / 100 };
}

/** The meaningful words of a prompt, weights as typed, heaviest first. Never empty. */
export function promptWords(prompt: string): PromptWord[] {
  const words: PromptWord[] = [];
  for (const segment of parsePromptWeights(prompt)) {
    for (const raw of segment.text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (!raw || STOP_WORDS.has(raw) || /^\d+$/.test(raw)) continue;
      const existing = words.find((entry) => entry.word === raw);
      if (existing) existing.weight += segment.weight * 0.5;
      else words.push({ word: raw, weight: segment.weight, colour: colourOfWord(raw) });
    }
  }
  if (words.length === 0) words.push({ word: 'nothing', weight: 1, colour: { h: 220, s: 0.1, l: 0.5 } });
  return words.sort((a, b) => b.weight - a.weight).slice(0, 12);
}

/** True when the prompt names one of these words (or its plural). */
export function mentions(words: PromptWord[], ...candidates: string[]): boolean {
  return words.some(
    (entry) => candidates.includes(entry.word) || candidates.includes(entry.word.replace(/s$/, '')),
  );
}
