import { DataSet, englishDataset, parseRawPattern } from 'obscenity';

/*
 * Our category datasets for obscenity's matcher. Patterns are matched after obscenity's English
 * transformers (look-alike letters, leetspeak, lowercase, repeated letters collapsed: write each
 * pattern with doubled letters single, except b, e, o, l, s and g), so `|kid` also matches "K1DS"
 * and "kiddo". A leading `|` keeps a word from matching inside another ("skid"); the open end lets
 * inflections match ("toddlers", "teenage"). Whitelisted terms are words that contain a pattern
 * but mean something else.
 */

type Metadata = { term: string };

const minors: [term: string, patterns: string[], whitelist?: string[]][] = [
  ['child', ['|child', '|chilren'], []],
  ['kid', ['|kid'], ['kidney', 'kidnap', 'kidding']],
  ['minor', ['|minor|', '|minors|', '|underage', '|under age|'], []],
  ['teen', ['|teen', '|preteen', '|pre teen', '|tween|', '|tweens|'], ['teeny', 'canteen']],
  ['toddler', ['|todler', '|infant', '|baby|', '|babies|', '|newborn'], []],
  ['young', ['|young girl', '|young boy', '|litle girl', '|litle boy', '|youngster'], []],
  ['school', ['|schoolgirl', '|schoolboy', '|elementary school', '|middle school', '|kindergarten'], []],
  ['loli', ['|loli', '|shota', '|jailbait'], ['lolipop']],
];

const sexual: [term: string, patterns: string[]][] = [
  ['nude', ['|nude', '|nudity', '|naked', '|topless', '|botomless', '|undres', '|nsfw']],
  ['sexual', ['|sexual', '|sexy', '|erotic', '|seductive', '|seduce', '|lewd', '|explicit']],
  ['lingerie', ['|lingerie', '|panties', '|thong|', '|bikini']],
  ['intercourse', ['|intercourse', '|molest', '|grope', '|groping', '|pedo', '|paedo']],
];

/** The sexual words of obscenity's English dataset; its slurs and insults are not for this rule. */
const ENGLISH_SEXUAL = new Set([
  'anal',
  'anus',
  'blowjob',
  'boob',
  'buttplug',
  'cock',
  'cum',
  'deepthroat',
  'dick',
  'dildo',
  'doggystyle',
  'double penetration',
  'ejaculate',
  'felch',
  'fellatio',
  'finger bang',
  'fisting',
  'fuck',
  'gangbang',
  'handjob',
  'hentai',
  'hooker',
  'incest',
  'jerk off',
  'jizz',
  'lubejob',
  'masturbate',
  'orgasm',
  'orgy',
  'penis',
  'porn',
  'pussy',
  'rape',
  'semen',
  'sex',
  'slut',
  'tit',
  'twat',
  'vagina',
  'wank',
  'whore',
]);

const gore: [term: string, patterns: string[]][] = [
  ['gore', ['|gore|', '|gory|', '|gorefest', '|guts|', '|entrails', '|intestines', '|viscera']],
  ['dismember', ['|dismember', '|decapitat', '|behead', '|severed', '|mutilat', '|disembowel', '|eviscerat']],
  ['blood', ['|blody', '|bloodbath', '|blood spatter', '|bloodsoaked', '|blood soaked', '|pool of blood']],
  ['corpse', ['|corpse', '|cadaver', '|rotting flesh', '|flayed', '|skinned alive', '|impaled']],
];

function build(entries: [string, string[], string[]?][]): DataSet<Metadata> {
  const dataset = new DataSet<Metadata>();
  for (const [term, patterns, whitelist = []] of entries) {
    dataset.addPhrase((phrase) => {
      let built = phrase.setMetadata({ term });
      for (const text of patterns) built = built.addPattern(parseRawPattern(text));
      for (const word of whitelist) built = built.addWhitelistedTerm(word);
      return built;
    });
  }
  return dataset;
}

export const minorsDataset = build(minors);
export const goreDataset = build(gore);
export const sexualDataset = build(sexual)
  .addAll(englishDataset as unknown as DataSet<Metadata>)
  .removePhrasesIf((phrase) => {
    const word = (phrase.metadata as { originalWord?: string; term?: string } | undefined) ?? {};
    return word.term === undefined && !ENGLISH_SEXUAL.has(word.originalWord ?? '');
  });
