/*
 * The moderation's vocabulary. A form is a lowercase word, a word stem ending in `*` ("decapitat*"
 * is "decapitated", "decapitation"…) or a phrase of words ("pool of blood"). Terms are matched as
 * words (see match-terms.ts): "cum" is not in "cumin", "tit" not in "titan". A `glued` term is also
 * found inside longer words ("superdecapitated", "nakedchild"); every other term inside a word only
 * when the word splits wholly into known words ("nakedkid"). A term that `needsContext` counts only
 * with a body word or another such word near it ("severed head", not "a severed rope bridge").
 */

export interface TermEntry {
  term: string;
  forms: string[];
  glued?: boolean;
  needsContext?: boolean;
}

export const MINOR_TERMS: TermEntry[] = [
  { term: 'child', forms: ['child*', 'chilren', 'childs'], glued: true },
  { term: 'kid', forms: ['kid', 'kids', 'kiddo', 'kiddos', 'kiddie', 'kiddies', 'kiddy'] },
  { term: 'minor', forms: ['minor', 'minors', 'under age', 'underage*'] },
  { term: 'teen', forms: ['teen', 'teens', 'teenage*', 'preteen*', 'tween', 'tweens'] },
  { term: 'toddler', forms: ['toddler*', 'infant*', 'newborn*'], glued: true },
  { term: 'baby', forms: ['baby', 'babies', 'bby'] },
  { term: 'young', forms: ['young girl*', 'young boy*', 'little girl*', 'little boy*', 'youngster*'] },
  { term: 'young', forms: ['boy child', 'girl child', 'small girl*', 'small boy*', 'tiny girl*'] },
  {
    term: 'school',
    forms: ['schoolgirl*', 'schoolboy*', 'elementary school', 'middle school', 'kindergarten*'],
    glued: true,
  },
  { term: 'loli', forms: ['loli', 'lolis', 'shota', 'shotas', 'jailbait*'], glued: true },
];

export const SEXUAL_TERMS: TermEntry[] = [
  { term: 'nude', forms: ['nude*', 'nudity', 'naked*', 'topless*', 'bottomless', 'undress*'], glued: true },
  { term: 'nude', forms: ['nsfw', 'unclothed', 'disrobed', 'nip slip'] },
  { term: 'sexual', forms: ['sexual*', 'erotic*', 'seductive*', 'lewd*', 'explicit', 'xxx'], glued: true },
  { term: 'sexual', forms: ['sex', 'sexy', 'sexier', 'seduce*', 'horny', 'kinky', 'fetish*', 'bdsm'] },
  { term: 'lingerie', forms: ['lingerie', 'panties', 'panty', 'thong', 'thongs', 'bikini*', 'bra', 'bras'] },
  { term: 'intercourse', forms: ['intercourse', 'molest*', 'grope*', 'groping', 'fondl*'], glued: true },
  { term: 'intercourse', forms: ['pedo', 'pedos', 'pedophil*', 'paedo*', 'rape', 'raped', 'raping'] },
  {
    term: 'explicit',
    forms: ['porn*', 'hentai', 'masturbat*', 'orgasm*', 'blowjob*', 'handjob*', 'ejaculat*', 'genital*'],
    glued: true,
  },
  {
    term: 'explicit',
    forms: ['penis*', 'vagina*', 'dildo*', 'fellatio', 'cunnilingus', 'gangbang*', 'deepthroat*'],
    glued: true,
  },
  {
    term: 'explicit',
    forms: ['cum', 'cums', 'cumming', 'jizz', 'semen', 'cock', 'cocks', 'dick', 'dicks', 'pussy', 'tit'],
  },
  {
    term: 'explicit',
    forms: ['tits', 'titty', 'titties', 'boob', 'boobs', 'booby', 'nipple*', 'anal', 'anus', 'orgy'],
  },
  { term: 'explicit', forms: ['slut*', 'whore*', 'hooker*', 'incest', 'wank*', 'twat'] },
];

export const GORE_TERMS: TermEntry[] = [
  {
    term: 'dismember',
    forms: ['dismember*', 'decapitat*', 'behead*', 'disembowel*', 'eviscerat*', 'mutilat*'],
    glued: true,
  },
  { term: 'gore', forms: ['gore', 'gory', 'gorefest', 'entrails', 'viscera', 'splatter*'] },
  { term: 'blood', forms: ['bloodbath*', 'bloodsoaked', 'blood soaked', 'blood spatter*'], glued: true },
  { term: 'blood', forms: ['pool of blood', 'pools of blood', 'blood everywhere', 'drenched in blood'] },
  { term: 'corpse', forms: ['corpse*', 'cadaver*', 'rotting flesh', 'skinned alive', 'torn apart'] },
  { term: 'dismember', forms: ['severed', 'guts', 'intestines', 'impaled', 'flayed', 'bloody', 'gutted'], needsContext: true },
  { term: 'dismember', forms: ['ripped off', 'cut off', 'chopped off', 'torn off', 'slit'], needsContext: true },
]; // prettier-ignore

/** Words near which a context-needing term counts: parts of a body, and the spilling of them. */
export const BODY_CONTEXT = new Set(
  (
    'head heads arm arms hand hands leg legs limb limbs finger fingers toe toes foot feet body bodies ' +
    'torso ear ears tongue neck throat spine skull organs flesh bone bones eye eyes face faces corpse ' +
    'corpses victim victims human humans person spilled spilling spill hanging dripping everywhere ' +
    'blood gore wound wounds belly stomach out'
  ).split(' '),
);

/**
 * Known names and compounds that contain a term and mean something else; their words are read as
 * harmless before any term is looked for.
 */
export const ALLOWED_PHRASES = [
  'al gore', 'gore tex', 'goretex', 'gore vidal', 'lesley gore', 'edward gorey', 'gorey beach',
  'moby dick', 'dick tracy', 'dick van dyke', 'philip k dick', 'dick turpin', 'dick whittington',
  'dick grayson', 'spotted dick', 'blue tit', 'blue tits', 'great tit', 'great tits', 'coal tit',
  'coal tits', 'marsh tit', 'crested tit', 'willow tit', 'long tailed tit', 'tit bird', 'tit birds',
  'tit for tat', 'cum laude', 'magna cum laude', 'summa cum laude', 'cock robin', 'weather cock',
  'cock a doodle doo', 'baby blue', 'baby grand', 'baby spinach', 'baby carrots', 'baby carrot',
  'baby shark', 'baby yoda', 'baby boomer', 'baby boomers', 'baby boom', 'baby bok choy',
  'baby powder blue', 'baby pink', 'baby teeth', "baby's breath", 'babys breath', 'baby elephant',
  'baby dragon', 'baby owl', 'baby panda', 'baby turtle', 'naked eye', 'naked flame', 'naked lunch',
  'naked mole rat', 'naked mole rats', 'nude lipstick', 'nude heels', 'nude tones', 'nude palette',
  'nude beige', 'nude colour', 'nude color', 'kid gloves', 'kid leather', 'kid goat', 'billy the kid',
  'karate kid', 'minor league', 'minor key', 'minor chord',
  'minor planet', 'ursa minor', 'asia minor', 'minor injury', 'minor repairs', 'sex pistols',
  'bloody mary', 'guts and glory', 'blood orange', 'cut off jeans', 'cut off shorts',
  'child of light', 'toddler bed', 'bra strap', 'sports bra', 'teen titans', 'pussy willow',
  'pussy willows', 'hooker boots', 'cock pheasant', 'severed ties',
]; // prettier-ignore

/** Words that contain a glued term and mean something else. */
export const ALLOWED_WORDS = new Set([
  'infantry',
  'infantryman',
  'infantrymen',
  'lollipop',
  'lollipops',
  'childe',
  'nudel',
  'nudeln',
  'sexpartite',
  'explicitly',
  'disrobe',
]);

/** Prefixes and small words a term is glued to ("superdecapitated", "littlekid", "my_zorblax"). */
export const FILLERS = new Set(
  (
    'super ultra mega hyper very extra really totally fully semi half over x xx xxx big little small ' +
    'tiny cute hot young old my your his her our their sweet pretty lil mini real true pure so ' +
    'girl girls boy boys school'
  ).split(' '),
);
