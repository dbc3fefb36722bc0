import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner.ts';

describe('the start-up banner', () => {
  it('gives the local URLs and the generated admin password as plain lines', () => {
    const banner = startBanner({ url: 'http://localhost:3000', localSignIn: true, adminPassword: 'pw-123' });
    expect(banner.trim().split('\n')).toEqual([
      'HyperCreate is running at http://localhost:3000',
      '    Sign in:   http://localhost:3000/api/auth/local',
      '    API docs:  http://localhost:3000/api/docs',
      '  Admin password for this run (set ADMIN_PASSWORD to choose one): pw-123',
    ]);
    expect(banner).not.toContain('{');
  });

  it('never prints a password chosen in the environment', () => {
    const banner = startBanner({ url: 'https://example.com', localSignIn: false, adminPassword: undefined });
    expect(banner).not.toContain('Sign in');
    expect(banner).toContain('Admin password: the one in ADMIN_PASSWORD');
  });
});
