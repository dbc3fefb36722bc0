import { ALLOWED_PHRASES, ALLOWED_WORDS, BODY_CONTEXT, FILLERS, type TermEntry } from './category-terms.ts';

/** One form of a term, as words; the last may be a stem (`decapitat*`). */
export interface Form {
  term: string;
  words: string[];
  stem: boolean;
  glued: boolean;
  needsContext: boolean;
}

export interface Found {
  term: string;
  /** Where in the reading it was found (context looks near it). */
  index: number;
  needsContext: boolean;
}

export function formsOf(entries: readonly TermEntry[]): Form[] {
  return entries.flatMap((entry) =>
    entry.forms.map((form) => ({
      term: entry.term,
      words: form.replace(/\*$/, '').split(' '),
      stem: form.endsWith('*'),
      glued: Boolean(entry.glued),
      needsContext: Boolean(entry.needsContext),
    })),
  );
}

const known = new Map<string, string[]>();

/** A word and its spellings with drawn-out letters shortened ("nuuuude", "chiiild", "killll"); remembered. */
function spellings(word: string): string[] {
  let found = known.get(word);
  if (found) return found;
  if (!/(.)\1/.test(word)) found = [word];
  else {
    const shorter = word.replace(/(.)\1{2,}/g, '$1');
    const double = word.replace(/(.)\1{2,}/g, '$1$1');
    const single = word.replace(/(.)\1+/g, '$1');
    found = [...new Set([word, shorter, double, single])];
  }
  // Words repeat across prompts; the memory stays small.
  if (known.size > 20_000) known.clear();
  known.set(word, found);
  return found;
}

const wordMatches = (word: string, form: string, stem: boolean) =>
  spellings(word).some((spelling) => (stem ? spelling.startsWith(form) : spelling === form));

const ALLOWED = ALLOWED_PHRASES.map((phrase) => phrase.replace(/'/g, '').split(' '));

/** The reading with known names and compounds ("al gore", "blue tit", "cumin") blanked out. */
export function withoutAllowed(words: readonly string[]): string[] {
  const out = words.map((word) => (ALLOWED_WORDS.has(word) ? '' : word));
  for (const phrase of ALLOWED) {
    for (let i = 0; i + phrase.length <= out.length; i++) {
      if (phrase.every((word, k) => out[i + k] === word)) out.fill('', i, i + phrase.length);
    }
  }
  return out;
}

/** The words a glued word may be made of: every form, joined phrases, and the fillers. */
export function piecesOf(forms: readonly Form[]): Set<string> {
  const pieces = new Set(FILLERS);
  for (const form of forms) {
    const joined = form.words.join('');
    pieces.add(joined);
    if (form.stem) for (const ending of ['s', 'es', 'ed', 'ing', 'er', 'ers']) pieces.add(joined + ending);
  }
  return pieces;
}

/** The pieces a word splits into wholly, or null: "nakedkid" is "naked" + "kid"; "cumin" does not split. */
export function splitWord(word: string, pieces: ReadonlySet<string>): string[] | null {
  const best: (string[] | null)[] = [[]];
  for (let end = 1; end <= word.length; end++) {
    best[end] = null;
    for (let start = Math.max(0, end - 24); start < end; start++) {
      const before = best[start];
      const piece = word.slice(start, end);
      if (before && pieces.has(piece)) {
        best[end] = [...before, piece];
        break;
      }
    }
  }
  const split = best[word.length];
  return split && split.length > 1 ? split : null;
}

interface FormIndex {
  exact: Map<string, Form[]>;
  stems: Form[];
  phrases: Form[];
  glued: Form[];
  /** Glued stems long enough to be looked for across a word cut in two or three. */
  cut: Form[];
}

const indexes = new WeakMap<readonly Form[], FormIndex>();

function indexOf(forms: readonly Form[]): FormIndex {
  let index = indexes.get(forms);
  if (index) return index;
  index = { exact: new Map(), stems: [], phrases: [], glued: [], cut: [] };
  for (const form of forms) {
    if (form.words.length > 1) index.phrases.push(form);
    else if (form.stem) index.stems.push(form);
    else index.exact.set(form.words[0]!, [...(index.exact.get(form.words[0]!) ?? []), form]);
    if (form.glued && form.words.length === 1) {
      index.glued.push(form);
      if (form.words[0]!.length >= 7) index.cut.push(form);
    }
  }
  indexes.set(forms, index);
  return index;
}

/** The one-word forms a word is, in any of its spellings. */
function formsOfWord(word: string, index: FormIndex): Form[] {
  const out: Form[] = [];
  for (const spelling of spellings(word)) {
    out.push(...(index.exact.get(spelling) ?? []));
    for (const form of index.stems) if (spelling.startsWith(form.words[0]!)) out.push(form);
  }
  return out;
}

/**
 * The forms found in one reading: as words and phrases, glued inside longer words (glued terms),
 * in a word that splits wholly into known pieces, or split across two or three words ("de capitated").
 */
export function findForms(
  words: readonly string[],
  forms: readonly Form[],
  pieces: ReadonlySet<string>,
): Found[] {
  const index = indexOf(forms);
  const found: Found[] = [];
  const add = (form: Form, at: number) =>
    found.push({ term: form.term, index: at, needsContext: form.needsContext });
  const phraseAt = (i: number, form: Form) =>
    form.words.every((part, k) => {
      const word = words[i + k];
      return word !== undefined && wordMatches(word, part, form.stem && k === form.words.length - 1);
    }) || wordMatches(words[i]!, form.words.join(''), form.stem);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word) continue;
    const direct = formsOfWord(word, index);
    for (const form of index.phrases) if (phraseAt(i, form)) direct.push(form);
    if (!spellings(word).some((spelling) => index.exact.has(spelling))) {
      // Not a word of the vocabulary itself (a stem may have matched "nakedkids"): glued terms
      // inside it, and the words it splits into.
      const variants = spellings(word);
      for (const form of index.glued) if (variants.some((s) => s.includes(form.words[0]!))) direct.push(form);
      const split = variants.map((spelling) => splitWord(spelling, pieces)).find(Boolean);
      for (const piece of split ?? []) direct.push(...formsOfWord(piece, index));
    }
    for (const form of direct) add(form, i);
    // A word cut in two or three ("de capitated", "todd ler"): long glued stems only.
    for (const count of [2, 3]) {
      const parts = words.slice(i, i + count);
      if (parts.length < count || parts.some((part) => !part)) continue;
      const joined = parts.join('');
      for (const form of index.cut) {
        const stem = form.words[0]!;
        if (joined.includes(stem) && !parts.some((part) => part.includes(stem))) add(form, i);
      }
    }
  }
  return found;
}

/** Whether a context-needing term has a body word or another context term within three words. */
export function inContext(words: readonly string[], found: Found, all: readonly Found[]): boolean {
  if (!found.needsContext) return true;
  for (let i = Math.max(0, found.index - 3); i <= found.index + 3 && i < words.length; i++) {
    if (i !== found.index && BODY_CONTEXT.has(words[i]!)) return true;
  }
  return all.some((other) => other !== found && Math.abs(other.index - found.index) <= 3);
}
