import { describe, expect, it } from 'vitest';
import { planMusic } from './music.ts';
import { sfxSeconds } from './sfx.ts';
import { scenesOf } from './video-jobs.ts';

describe('reading the words of audio and movie prompts', () => {
  it('takes tempo, key and instruments from a music style', () => {
    const chill = planMusic('dreamy lo-fi hip hop, warm piano, vinyl crackle, slow', 1);
    expect(chill.bpm).toBeLessThan(90);
    expect(chill.minor).toBe(true);
    expect([...chill.instruments].sort()).toEqual(['bass', 'crackle', 'drums', 'piano']);
    const dance = planMusic('upbeat happy synthwave', 1);
    expect(dance.bpm).toBeGreaterThan(120);
    expect(dance.minor).toBe(false);
    expect(dance.instruments.has('synth')).toBe(true);
    expect(planMusic('folk guitar at 90 bpm', 1)).toMatchObject({ bpm: 90 });
    expect([...planMusic('something nice', 1).instruments].sort()).toEqual(['bass', 'drums', 'piano']);
  });

  it('makes short and long sound effects when asked', () => {
    expect(sfxSeconds('a quick click')).toBeLessThan(sfxSeconds('a door slams'));
    expect(sfxSeconds('distant rumbling thunder')).toBeGreaterThan(sfxSeconds('a door slams'));
  });

  it('splits a story into four scenes in order', () => {
    expect(scenesOf('a robot finds a seed, plants it, waits through winter, and a tree blooms', 4)).toEqual([
      'a robot finds a seed',
      'plants it',
      'waits through winter',
      'a tree blooms',
    ]);
    expect(scenesOf('a cat. A dog', 4)).toEqual(['a cat', 'a cat', 'A dog', 'A dog']);
    expect(scenesOf('one two three four five six seven eight', 4)).toHaveLength(4);
  });
});
