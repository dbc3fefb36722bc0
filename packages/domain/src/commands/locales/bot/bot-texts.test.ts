import { describe, expect, it } from 'vitest';
import { BOT_LOCALES } from '../types.ts';
import { BOT_TEXTS, botTexts, priceIn } from './index.ts';
import { EN } from './en.ts';

/** Every leaf of a record of texts, by its path: strings, and functions called with sample arguments. */
function leaves(texts: object, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else if (typeof value === 'function')
      out.set(at, String((value as (...args: unknown[]) => unknown)('X1', 'Y2', 'Z3')));
    else if (value && typeof value === 'object') for (const [k, v] of leaves(value, at)) out.set(k, v);
  }
  return out;
}

/** Words that are the same in a language as in English. */
const SAME = new Set([
  '*:resultButtons.gif',
  '*:info.waitingJob',
  'es-ES:info.plan',
  'fr:card.image',
  'fr:info.standardWeight',
  'de:info.balances',
  'de:help.optional',
  'fr:help.guides',
]);

describe.each(BOT_LOCALES)('the bot’s words in %s', (locale) => {
  // Generic over the English record: a sentence added there without its translation fails here.
  it('translate every sentence of the English record, none left in English', () => {
    const english = leaves(EN);
    const theirs = leaves(BOT_TEXTS[locale]);
    expect([...theirs.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of english) {
      const translated = theirs.get(path)!;
      expect(translated.length, `${locale}: ${path}`).toBeGreaterThan(0);
      if (!SAME.has(`*:${path}`) && !SAME.has(`${locale}:${path}`))
        expect(translated, `${locale}: ${path} is still English`).not.toBe(text);
    }
  });

  it('keep the numbers of a price and a wait', () => {
    const t = BOT_TEXTS[locale];
    expect(priceIn(t, { credits: 4, hypercredits: 2 })).toMatch(/4.*2/);
    expect(priceIn(t, { credits: 0, hypercredits: 0 })).toBe(t.free);
    expect(t.wait(42)).toContain('45');
    expect(t.wait(600)).toContain('10');
  });
});

describe('botTexts', () => {
  it('falls back to English only for a language we do not speak', () => {
    expect(botTexts('en')).toBe(EN);
    expect(botTexts(undefined)).toBe(EN);
    expect(botTexts('de').queued.here).toContain('Warteschlange');
  });
});
