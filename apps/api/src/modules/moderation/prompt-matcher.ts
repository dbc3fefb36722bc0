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

const MINOR_FORMS = formsOf(MINOR_TERMS);
const SEXUAL_FORMS = formsOf(SEXUAL_TERMS);
const GORE_FORMS = formsOf(GORE_TERMS);
const ALL_FORMS = [...MINOR_FORMS, ...SEXUAL_FORMS, ...GORE_FORMS];
const PIECES = piecesOf(ALL_FORMS);

const unique = (terms: string[]) => [...new Set(terms)];

/** The readings of a text with known names and compounds blanked out. */
function readingsFor(text: string): string[][] {
  return readingsOf(text).map(withoutAllowed);
}

function termsIn(readings: readonly string[][], forms: readonly Form[], pieces = PIECES): string[] {
  return unique(
    readings.flatMap((words) => {
      const found = findForms(words, forms, pieces);
      return found.filter((item) => inContext(words, item, found)).map((item) => item.term);
    }),
  );
}

/** The minor, sexual and gore terms of a text, each read as words in every normalized reading. */
export function readPrompt(text: string): PromptReading {
  const readings = readingsFor(text);
  return {
    minors: termsIn(readings, MINOR_FORMS),
    sexual: termsIn(readings, SEXUAL_FORMS),
    gore: termsIn(readings, GORE_FORMS),
  };
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
  const forms: Form[] = entries.map(({ entry, words }, index) => ({
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
