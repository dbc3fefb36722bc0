import { describe, expect, it } from 'vitest';
import { APP_VERSION, withVersion } from './version.ts';

describe('withVersion', () => {
  it('is version 3.1', () => expect(APP_VERSION).toBe('3.1'));
  it('appends the version query to a bare path', () =>
    expect(withVersion('/dashboard')).toBe('/dashboard?v=3.1'));
  it('keeps an existing query and hash', () => {
    expect(withVersion('/dashboard?refresh=true#top')).toBe('/dashboard?refresh=true&v=3.1#top');
  });
  it('does not add the version twice', () => expect(withVersion('/menu?v=3.1')).toBe('/menu?v=3.1'));
});
