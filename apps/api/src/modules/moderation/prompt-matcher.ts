import { GORE, MINORS_SEXUAL } from '@app/domain';
import {
  DataSet,
  RegExpMatcher,
  englishRecommendedTransformers,
  parseRawPattern,
  type MatchPayload,
} from 'obscenity';
import { goreDataset, minorsDataset, sexualDataset } from './category-terms.ts';

export interface BlockedTerm {
  term: string;
  category: string;
}

export interface PromptVerdict {
  category: string;
  /** The listed terms that matched (for the moderation queue, never for the person). */
  terms: string[];
}

type Metadata = { term: string; category?: string };

/**
 * A strict matcher for ordinary text (terms start at a word start) and a loose one for letters
 * that were spaced out ("n a k e d k i d" reads "nakedkid": its words have no starts left).
 */
function matcherOf(dataset: DataSet<Metadata>) {
  const built = dataset.build();
  const strict = new RegExpMatcher({ ...built, ...englishRecommendedTransformers });
  const loose = new RegExpMatcher({
    ...englishRecommendedTransformers,
    whitelistedTerms: built.whitelistedTerms,
    blacklistedTerms: built.blacklistedTerms.map((term) => ({
      ...term,
      pattern: { ...term.pattern, requireWordBoundaryAtStart: false, requireWordBoundaryAtEnd: false },
    })),
  });
  const terms = (matcher: RegExpMatcher, text: string) =>
    matcher
      .getAllMatches(text)
      .map((match: MatchPayload) => dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.term ?? '');
  return (text: string): string[] => [
    ...terms(strict, text),
    ...spacedRuns(text).flatMap((run) => terms(loose, run)),
  ];
}

const MINORS = matcherOf(minorsDataset);
const SEXUAL = matcherOf(sexualDataset);
const GORE_TERMS = matcherOf(goreDataset);

const SPACED_RUN =
  /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}@$!|][^\p{L}\p{N}\n]{1,3}){2,}[\p{L}\p{N}@$!|](?![\p{L}\p{N}])/gu;

/**
 * "c h i l d", "c.h.i.l.d" and "c_h_i_l_d" read "child": each run of three or more single letters
 * or digits split by spaces or punctuation, joined. It is the spacing evasion obscenity's
 * recommended transformers leave alone (skipping every non-letter would join real words too).
 */
export function spacedRuns(text: string): string[] {
  return [...text.matchAll(SPACED_RUN)].map(([run]) => run.replace(/[^\p{L}\p{N}@$!|]/gu, ''));
}

/** obscenity's leetspeak dictionary, character to letter. */
const LEET: Record<string, string> = {
  '4': 'a',
  '@': 'a',
  '3': 'e',
  '6': 'g',
  '1': 'i',
  '0': 'o',
  '5': 's',
  $: 's',
  '7': 't',
  '2': 'z',
};

/** Builds the matcher of the admins' blocklist; each term matches at a word start, in any spelling. */
export function blocklistMatcher(terms: readonly BlockedTerm[]) {
  const dataset = new DataSet<Metadata>();
  for (const { term, category } of terms) {
    const text = term
      .toLowerCase()
      // The text is matched after obscenity's leetspeak transformer; so is the term's own spelling.
      .replace(/[4@3612057$]/g, (digit) => LEET[digit]!)
      .replace(/[^\p{L}\p{N} ]/gu, ' ')
      .replace(/(.)\1+/gu, (run, letter: string) => ('beolsg'.includes(letter) ? letter + letter : letter))
      .replace(/[[\]()?|\\]/g, '')
      .trim();
    if (!text) continue;
    dataset.addPhrase((phrase) =>
      phrase.setMetadata({ term, category }).addPattern(parseRawPattern(`|${text}`)),
    );
  }
  const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });
  return (text: string): BlockedTerm[] =>
    matcher.getAllMatches(text).map((match) => {
      const metadata = dataset.getPayloadWithPhraseMetadata(match).phraseMetadata!;
      return { term: metadata.term, category: metadata.category ?? 'other' };
    });
}

/**
 * The category a prompt is refused for, or null: sexual terms together with terms for minors
 * anywhere; gore outside the horror channels; any blocklisted term. Pure.
 */
export function checkPrompt(input: {
  text: string;
  horrorAllowed: boolean;
  blocklist: (text: string) => BlockedTerm[];
}): PromptVerdict | null {
  const unique = (terms: string[]) => [...new Set(terms)];
  const minors = unique(MINORS(input.text));
  const sexual = unique(SEXUAL(input.text));
  if (minors.length && sexual.length) return { category: MINORS_SEXUAL, terms: [...minors, ...sexual] };
  const blocked = [input.text, ...spacedRuns(input.text)].flatMap(input.blocklist);
  if (blocked.length)
    return { category: blocked[0]!.category, terms: unique(blocked.map((entry) => entry.term)) };
  if (!input.horrorAllowed) {
    const gore = unique(GORE_TERMS(input.text));
    if (gore.length) return { category: GORE, terms: gore };
  }
  return null;
}
