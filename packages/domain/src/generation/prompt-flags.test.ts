import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VOICE_FLAGS } from '../commands/flags.ts';
import { DENOISE_RANGE, isValidDenoise, parsePromptFlags, sizeForRatio } from './prompt-flags.ts';

describe('prompt flags', () => {
  it('takes the aspect flag out and sizes the image to its ratio at about the same pixel count', () => {
    const wide = parsePromptFlags('a lighthouse at dusk -wide', { baseSize: 1024 });
    expect(wide.prompt).toBe('a lighthouse at dusk');
    expect(wide.aspect).toBe('-wide');
    expect(wide.width / wide.height).toBeCloseTo(16 / 9, 1);
    expect(wide.width * wide.height).toBeGreaterThan(1024 * 1024 * 0.97);
    expect(wide.issues).toEqual([]);
    for (const [flag, ratio] of [
      ['-tall', 9 / 16],
      ['-34', 3 / 4],
      ['-43', 4 / 3],
      ['-tile', 1],
    ] as const) {
      const parsed = parsePromptFlags(`sea ${flag}`, { baseSize: 512 });
      expect(parsed.width / parsed.height).toBeCloseTo(ratio, 1);
      expect(parsed.width % 8).toBe(0);
    }
    expect(parsePromptFlags('sea -tile').tile).toBe(true);
  });

  it('is square at the base size without an aspect flag', () => {
    expect(parsePromptFlags('sea', { baseSize: 512 })).toMatchObject({
      width: 512,
      height: 512,
      aspect: null,
    });
    expect(sizeForRatio([16, 9], 256)).toEqual({ width: 344, height: 192 });
  });

  it('reads -lora with its case-sensitive name and -loraweight, keeping prompt weights', () => {
    const parsed = parsePromptFlags('portrait of a ((fox)) knight -lora FoxKnight -loraweight 0.7 -34');
    expect(parsed.prompt).toBe('portrait of a ((fox)) knight');
    expect(parsed.lora).toEqual({ name: 'FoxKnight', weight: 0.7 });
    expect(parsed.segments.find((segment) => segment.text === 'fox')?.weight).toBe(1.5);
    expect(parsed.aspect).toBe('-34');
    expect(parsePromptFlags('x -lora inkwash').lora).toEqual({ name: 'inkwash', weight: 0.85 });
  });

  it('reports an out-of-range or missing weight and uses the default', () => {
    const high = parsePromptFlags('x -lora Ink -loraweight 1.5');
    expect(high.lora).toEqual({ name: 'Ink', weight: 0.85 });
    expect(high.issues.join(' ')).toMatch(/1\.5 is outside 0\.1–1/);
    const missing = parsePromptFlags('x -lora Ink -loraweight strong');
    expect(missing.prompt).toBe('x strong');
    expect(missing.issues.join(' ')).toMatch(/needs a number/);
  });

  it('reports -loraweight without -lora, -lora without a name, and unknown flags', () => {
    expect(parsePromptFlags('x -loraweight 0.5').issues.join(' ')).toMatch(/without -lora/);
    const noName = parsePromptFlags('x -lora -wide');
    expect(noName.lora).toBeNull();
    expect(noName.aspect).toBe('-wide');
    expect(noName.issues.join(' ')).toMatch(/needs the name/);
    const unknown = parsePromptFlags('a sci-fi city -neon, -5 degrees');
    expect(unknown.prompt).toBe('a sci-fi city -5 degrees');
    expect(unknown.issues).toEqual(['Unknown flag -neon: left out.']);
  });

  it('knows all 19 voices of /speak and refuses flags of other commands', () => {
    expect(VOICE_FLAGS).toHaveLength(19);
    for (const flag of VOICE_FLAGS) {
      const parsed = parsePromptFlags(`Hello there ${flag.flag}`, { command: 'speak' });
      expect(parsed).toMatchObject({ prompt: 'Hello there', voice: flag.flag.slice(1), issues: [] });
    }
    const wrong = parsePromptFlags('Hello -wide', { command: 'speak' });
    expect(wrong.aspect).toBeNull();
    expect(wrong.issues.join(' ')).toMatch(/-wide does not work with \/speak/);
    expect(parsePromptFlags('cat -wizard', { command: 'make' }).voice).toBeNull();
  });

  it('reads a flag or LoRA name typed just before a comma', () => {
    const parsed = parsePromptFlags('a castle -wide, at night -lora Ink; misty');
    expect(parsed).toMatchObject({
      prompt: 'a castle at night misty',
      aspect: '-wide',
      lora: { name: 'Ink' },
      issues: [],
    });
  });

  it('reports a second shape or voice and uses the last one', () => {
    const parsed = parsePromptFlags('x -wide -tall');
    expect(parsed.aspect).toBe('-tall');
    expect(parsed.issues).toHaveLength(1);
  });

  it('has the denoise range of the guides', () => {
    expect(DENOISE_RANGE).toEqual({ min: 0.1, max: 0.9 });
    expect(isValidDenoise(0.5)).toBe(true);
    expect(isValidDenoise(0.95)).toBe(false);
    expect(isValidDenoise('0.5')).toBe(false);
  });

  it('never throws, and always answers a usable size, on any input', () => {
    const flagish = fc.constantFrom(
      '-wide',
      '-tall',
      '-lora',
      '-loraweight',
      '-34',
      '-x',
      '(',
      ')',
      ':0.5',
      ' ',
      '2',
    );
    const prompt = fc.oneof(
      fc.string(),
      fc.array(fc.oneof(flagish, fc.string()), { maxLength: 12 }).map((parts) => parts.join(' ')),
    );
    fc.assert(
      fc.property(prompt, fc.constantFrom(undefined, 'make', 'speak', 'nope'), (text, command) => {
        const parsed = parsePromptFlags(text, { command });
        expect(parsed.width).toBeGreaterThan(0);
        expect(parsed.height).toBeGreaterThan(0);
        expect(Array.isArray(parsed.issues)).toBe(true);
        if (parsed.lora) expect(parsed.lora.weight).toBeGreaterThanOrEqual(0.1);
      }),
      { numRuns: 500 },
    );
  });
});
