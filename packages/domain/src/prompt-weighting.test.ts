import { describe, expect, it } from 'vitest';
import { parsePromptWeights } from './prompt-weighting.ts';

const weightOf = (prompt: string, text: string) =>
  parsePromptWeights(prompt).find((segment) => segment.text.trim() === text)?.weight;

describe('prompt weighting', () => {
  it('reads the four rules of the image guide', () => {
    expect(parsePromptWeights('(word)')).toEqual([{ text: 'word', weight: 1.25 }]);
    expect(parsePromptWeights('((word))')).toEqual([{ text: 'word', weight: 1.5 }]);
    expect(parsePromptWeights('(word:0.6)')).toEqual([{ text: 'word', weight: 0.6 }]);
    expect(parsePromptWeights('(word:1.5)')).toEqual([{ text: 'word', weight: 1.5 }]);
  });

  it('gives plain text weight 1 and keeps the order of the prompt', () => {
    expect(parsePromptWeights('a castle, (misty:0.6) hills, ((sunrise))')).toEqual([
      { text: 'a castle, ', weight: 1 },
      { text: 'misty', weight: 0.6 },
      { text: ' hills, ', weight: 1 },
      { text: 'sunrise', weight: 1.5 },
    ]);
  });

  it('adds 25 points per level of nesting and lets explicit numbers set a group', () => {
    expect(weightOf('(((deep)))', 'deep')).toBe(1.75);
    expect(weightOf('(outer (inner))', 'outer')).toBe(1.25);
    expect(weightOf('(outer (inner))', 'inner')).toBe(1.5);
    expect(weightOf('((calm:0.6))', 'calm')).toBe(0.6);
    expect(weightOf('(a (b):0.6)', 'a')).toBe(0.6);
    expect(weightOf('(a (b):0.6)', 'b')).toBe(0.85);
    expect(weightOf('(x: 1.2 )', 'x')).toBe(1.2);
    expect(weightOf('(x:.5)', 'x')).toBe(0.5);
  });

  it('reads unmatched parentheses as text', () => {
    expect(parsePromptWeights('a (cat')).toEqual([{ text: 'a (cat', weight: 1 }]);
    expect(parsePromptWeights('a cat)')).toEqual([{ text: 'a cat)', weight: 1 }]);
    expect(parsePromptWeights('((a cat)')).toEqual([
      { text: '(', weight: 1 },
      { text: 'a cat', weight: 1.25 },
    ]);
    expect(parsePromptWeights(')(')).toEqual([{ text: ')(', weight: 1 }]);
  });

  it('leaves bad numbers as text and treats the group as plain parentheses', () => {
    expect(parsePromptWeights('(word:abc)')).toEqual([{ text: 'word:abc', weight: 1.25 }]);
    expect(parsePromptWeights('(word:-1)')).toEqual([{ text: 'word:-1', weight: 1.25 }]);
    expect(parsePromptWeights('(word:)')).toEqual([{ text: 'word:', weight: 1.25 }]);
    expect(parsePromptWeights('(word:1.2.3)')).toEqual([{ text: 'word:1.2.3', weight: 1.25 }]);
  });

  it('drops empty groups and empty input', () => {
    expect(parsePromptWeights('')).toEqual([]);
    expect(parsePromptWeights('()')).toEqual([]);
    expect(parsePromptWeights('(:1.5)')).toEqual([]);
    expect(parsePromptWeights('a () b')).toEqual([{ text: 'a  b', weight: 1 }]);
  });

  it('reads escaped parentheses literally', () => {
    expect(parsePromptWeights('logo \\(v2\\)')).toEqual([{ text: 'logo (v2)', weight: 1 }]);
  });

  it('never throws on random input, and loses no plain letters', () => {
    const alphabet = 'ab (():.:0123456789\\-) ';
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 2000; run++) {
      const length = Math.floor(random() * 40);
      let prompt = '';
      for (let i = 0; i < length; i++) prompt += alphabet[Math.floor(random() * alphabet.length)];
      const segments = parsePromptWeights(prompt);
      const letters = (text: string) => text.replace(/[^ab]/g, '');
      expect(letters(segments.map((segment) => segment.text).join(''))).toBe(letters(prompt));
      for (const segment of segments) {
        expect(segment.text.length).toBeGreaterThan(0);
        expect(Number.isFinite(segment.weight)).toBe(true);
        expect(segment.weight).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
