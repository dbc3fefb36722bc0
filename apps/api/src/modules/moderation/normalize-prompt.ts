/*
 * A prompt as the moderation reads it: the spellings that look or read alike on screen or to a model
 * become one. Each reading is a list of words (lowercase ASCII letters); a prompt has a few readings
 * (leetspeak folded or digits as breaks, a right-to-left override undone) and a check looks at all.
 */

/** Letters that look like Latin ones (small capitals, Cyrillic, Greek) and NFKC leaves alone. */
const LOOK_ALIKES: Record<string, string> = {
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ғ: 'f', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ʟ: 'l',
  ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y',
  х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ɡ: 'g', α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k',
  ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ł: 'l', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i',
}; // prettier-ignore

/** Leetspeak, character to letter (within a word that has letters). */
const LEET: Record<string, string> = {
  '0': 'o', '1': 'i', '2': 'z', '3': 'e', '4': 'a', '5': 's', '6': 'g', '7': 't', '8': 'b', '9': 'g',
  '@': 'a', $: 's', '!': 'i', '|': 'l', '€': 'e', '£': 'l',
}; // prettier-ignore

/** Bidirectional overrides and isolates: text after one may be stored backwards to read forwards. */
const BIDI_START = /[\u202d\u202e\u2066-\u2068]/u;
const BIDI_END = /[\u202c\u2069]/u;

/** Removes what is invisible or decorative: format characters (zero-width, soft hyphen, bidi) and combining marks. */
export function foldCharacters(text: string): string {
  return (
    text
      .normalize('NFKC')
      .normalize('NFD')
      .replace(/[\p{M}\p{Cf}\u115f\u1160\u3164\uffa0]/gu, '')
      // Look-alike letters, before camelCase is read (small capitals have no case).
      .replace(/[^\p{ASCII}]/gu, (char) => LOOK_ALIKES[char] ?? LOOK_ALIKES[char.toLowerCase()] ?? char)
  );
}

/** Undoes a right-to-left override: the characters after it, up to its end, read as shown. */
export function readAsShown(text: string): string | null {
  if (!BIDI_START.test(text)) return null;
  let out = '';
  let reversed: string[] | null = null;
  for (const char of text) {
    if (BIDI_START.test(char)) {
      if (reversed) out += reversed.reverse().join('');
      reversed = [];
    } else if (BIDI_END.test(char) && reversed) {
      out += reversed.reverse().join('');
      reversed = null;
    } else if (reversed) reversed.push(char);
    else out += char;
  }
  return out + (reversed ? reversed.reverse().join('') : '');
}

/**
 * Splits a folded text into words: the weighting syntax `(word:1.3)`, `[word]`, `{word}`, every
 * bracket, `|`, `!`, `_`, `-`, `.`, whitespace (newlines, tabs) and punctuation are breaks; camelCase
 * is split ("superDecapitated"). `digits` says what a digit or a leet symbol inside a word is: a
 * letter (`fold`: "n4k3d" is "naked") or a break (`break`: "2kid" is "kid").
 */
export function wordsOf(folded: string, digits: 'fold' | 'break'): string[] {
  const text = folded
    // A weight is no word: "(decapitated:1.3)" reads "decapitated".
    .replace(/:\s*[-+]?\d*\.?\d+/g, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll}{2,})/gu, '$1 $2')
    .toLowerCase();
  const words: string[] = [];
  const pattern = digits === 'fold' ? /[a-z0-9@$€£!|]+/g : /[a-z]+/g;
  for (const [match] of text.matchAll(pattern)) {
    const raw = match.replace(/^[!|]+|[!|]+$/g, '');
    if (!/[a-z]/.test(raw)) continue;
    words.push(digits === 'fold' ? raw.replace(/[0-9@$€£!|]/g, (char) => LEET[char] ?? char) : raw);
  }
  return words;
}

/**
 * Letters written one by one ("n a k e d", "c.h.i.l.d", "k\ni\nd") read as the word they spell:
 * each run of three or more one-letter words, joined; also without an "a" or "i" word at either
 * end ("a k i d" is "a kid").
 */
export function spelledOut(words: readonly string[]): string[] {
  const runs: string[] = [];
  let run = '';
  for (const word of [...words, '']) {
    if (word.length === 1) run += word;
    else {
      if (run.length >= 3) {
        runs.push(run);
        const trimmed = run.replace(/^[ai]/, '').replace(/[ai]$/, '');
        if (trimmed !== run && trimmed.length >= 3) runs.push(trimmed);
        if (/^[ai]/.test(run) && run.length > 3) runs.push(run.slice(1));
        if (/[ai]$/.test(run) && run.length > 3) runs.push(run.slice(0, -1));
      }
      run = '';
    }
  }
  return [...new Set(runs)];
}

/** Every reading of a text, as lists of words, the spelled-out runs included. */
export function readingsOf(text: string): string[][] {
  const sources = [text];
  const shown = readAsShown(text);
  if (shown !== null) sources.push(shown);
  // A tab or a line break inside a word ("na\tked") hides it; read once without them.
  if (/[\t\n\r\v\f\u2028\u2029\u0085]/u.test(text))
    sources.push(text.replace(/[\t\n\r\v\f\u2028\u2029\u0085]+/gu, ''));
  const readings: string[][] = [];
  for (const source of sources) {
    const folded = foldCharacters(source);
    // Leetspeak read as letters ("n4k3d k!d"), and every non-letter read as a break ("2kid", "(naked|child)").
    for (const digits of ['fold', 'break'] as const) {
      const words = wordsOf(folded, digits);
      readings.push(words, ...spelledOut(words).map((run) => [run]));
    }
  }
  return readings;
}
