import { describe, expect, it } from 'vitest';
import { blocklistMatcher, checkPrompt } from '../../src/modules/moderation/prompt-matcher.ts';
import { CORPUS_BLOCKLIST, EVASIONS, HARMLESS, QUOTED_HARMLESS, WAYS } from './fixtures/prompt-corpus.ts';

const blocklist = blocklistMatcher(CORPUS_BLOCKLIST);
const verdict = (text: string) => checkPrompt({ text, horrorAllowed: false, blocklist });
const rate = (part: number, whole: number) => `${part}/${whole} (${((100 * part) / whole).toFixed(1)}%)`;

describe('the moderation corpus', () => {
  it('refuses every evasive variant with its category', () => {
    expect(EVASIONS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(EVASIONS.map((evasion) => evasion.text)).size).toBe(EVASIONS.length);
    const missed = EVASIONS.filter((evasion) => verdict(evasion.text)?.category !== evasion.category);
    console.log(`evasive variants refused: ${rate(EVASIONS.length - missed.length, EVASIONS.length)}`);
    expect(missed.map(({ text, way }) => `${way}: ${JSON.stringify(text)}`)).toEqual([]);
  });

  it('accepts every harmless near-miss, the prompts the issue quotes among them', () => {
    expect(HARMLESS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(HARMLESS).size).toBe(HARMLESS.length);
    for (const quoted of QUOTED_HARMLESS) expect(HARMLESS).toContain(quoted);
    const refused = HARMLESS.flatMap((text) => {
      const found = verdict(text);
      return found ? [`${JSON.stringify(text)}: ${found.category} (${found.terms.join(', ')})`] : [];
    });
    console.log(`harmless near-misses accepted: ${rate(HARMLESS.length - refused.length, HARMLESS.length)}`);
    expect(refused).toEqual([]);
  });

  it('each way of writing hides nothing: the plain base is refused and every way of it too', () => {
    // A way that changed nothing would make the corpus prove nothing: each changes the text.
    for (const [name, write] of WAYS) expect(write('naked'), name).not.toBe('naked');
  });
});
