import { GORE, MINORS_SEXUAL } from '@app/domain';
import { GORE_TERMS, MINOR_TERMS, SEXUAL_TERMS } from './category-terms.ts';
import { type Form, findForms, formsOf, inContext, piecesOf, withoutAllowed } from './match-terms.ts';
import { foldCharacters, readingsOf, wordsOf } from './normalize-prompt.ts';

export interface BlockedTerm {
  term: string;
  category: string;
  /** Matched inside words too ("kill" in "skills"), not only as a word. */
  substring?: boolean;
}

export interface PromptVerdict {
  category: string;
  /** The listed terms that matched (for the moderation queue, never for the person). */
  terms: string[];
}

/** What a text holds, over all its readings. */
export interface PromptReading {
  minors: string[];
  sexual: string[];
  gore: string[];
}

const GROUPS = { minors: MINOR_TERMS, sexual: SEXUAL_TERMS, gore: GORE_TERMS };
type Group = keyof typeof GROUPS;
/** Every category's forms in one list, each term named `<group>:<term>`. */
const ALL_FORMS: Form[] = (Object.keys(GROUPS) as Group[]).flatMap((group) =>
  formsOf(GROUPS[group]).map((form) => ({ ...form, term: `${group}:${form.term}` })),
);
const PIECES = piecesOf(ALL_FORMS);

const unique = (terms: string[]) => [...new Set(terms)];

let lastReadings: { text: string; readings: string[][] } | undefined;

/** The readings of a text with known names and compounds blanked out (the last text's remembered). */
function readingsFor(text: string): string[][] {
  if (lastReadings?.text !== text) lastReadings = { text, readings: readingsOf(text).map(withoutAllowed) };
  return lastReadings.readings;
}

/** The minor, sexual and gore terms of a text, each read as words in every normalized reading. */
export function readPrompt(text: string): PromptReading {
  const read: PromptReading = { minors: [], sexual: [], gore: [] };
  for (const words of readingsFor(text)) {
    const found = findForms(words, ALL_FORMS, PIECES);
    for (const item of found) {
      const [group, term] = item.term.split(':') as [Group, string];
      // A term needing context finds it in a body word or another term of its own category.
      const kin = found.filter((other) => other.term.startsWith(`${group}:`));
      if (inContext(words, item, kin)) read[group].push(term);
    }
  }
  return { minors: unique(read.minors), sexual: unique(read.sexual), gore: unique(read.gore) };
}

/** A blocklisted term as the prompts are read: its words, folded the same way. */
function termWords(term: string): string[] {
  return wordsOf(foldCharacters(term), 'fold');
}

/**
 * Builds the matcher of the admins' blocklist. A term matches as whole words, in any spelling the
 * prompts are normalized from ("(zorblax:1.2)", "zor\u200bblax", "𝐳𝐨𝐫𝐛𝐥𝐚𝐱", "my_zorblax",
 * "superzorblax"), with the usual endings ("kills", "killing"), never inside another word
 * ("Killarney") unless the admin marked it a substring.
 */
export function blocklistMatcher(terms: readonly BlockedTerm[]) {
  const entries = terms
    .map((entry) => ({ entry, words: termWords(entry.term) }))
    .filter(({ words }) => words.length > 0);
  const forms: Form[] = entries.map(({ words }, index) => ({
    term: String(index),
    words,
    stem: false,
    glued: false,
    needsContext: false,
  }));
  const inflected: Form[] = forms.flatMap((form) =>
    ['s', 'es', 'ed', 'd', 'ing', 'er', 'ers'].map((ending) => ({
      ...form,
      words: [...form.words.slice(0, -1), form.words.at(-1)! + ending],
    })),
  );
  const wordForms = [...forms, ...inflected];
  const pieces = piecesOf([...ALL_FORMS, ...wordForms]);
  return (text: string): BlockedTerm[] => {
    const readings = readingsFor(text);
    const hits = new Set<number>();
    for (const words of readings) {
      for (const item of findForms(words, wordForms, pieces)) hits.add(Number(item.term));
      // A term marked as a substring matches inside words, or across words run together.
      const joined = words.join('');
      entries.forEach(({ entry, words: own }, index) => {
        if (!entry.substring) return;
        const needle = own.join('');
        if (own.length === 1 ? words.some((word) => word.includes(needle)) : joined.includes(needle))
          hits.add(index);
      });
    }
    return [...hits]
      .sort((a, b) => a - b)
      .map((index) => ({ term: entries[index]!.entry.term, category: entries[index]!.entry.category }));
  };
}

/**
 * The category a prompt is refused for, or null: sexual terms together with terms for minors
 * anywhere; any blocklisted term; gore outside the horror channels. Pure.
 */
export function checkPrompt(input: {
  text: string;
  horrorAllowed: boolean;
  blocklist: (text: string) => BlockedTerm[];
}): PromptVerdict | null {
  const read = readPrompt(input.text);
  if (read.minors.length && read.sexual.length)
    return { category: MINORS_SEXUAL, terms: [...read.minors, ...read.sexual] };
  const blocked = input.blocklist(input.text);
  if (blocked.length)
    return { category: blocked[0]!.category, terms: unique(blocked.map((entry) => entry.term)) };
  if (!input.horrorAllowed && read.gore.length) return { category: GORE, terms: read.gore };
  return null;
}

/** Whether an accepted prompt is for adults only: gore (in the horror channels) or sexual terms. */
export function isMaturePrompt(text: string): boolean {
  const read = readPrompt(text);
  return read.gore.length > 0 || read.sexual.length > 0;
}
