import { describe, expect, it } from 'vitest';
import { isOwnPath } from './use-redeem.ts';

describe('isOwnPath', () => {
  it('follows only paths on this site', () => {
    expect(isOwnPath('/dashboard?refresh=true&v=3.1')).toBe(true);
    for (const url of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
    ])
      expect(isOwnPath(url), url).toBe(false);
  });
});
