import { readFileSync } from 'node:fs';
import { WorkerEnv } from '@app/jobs';
import { describe, expect, it } from 'vitest';
import { documentedSettings, envExample, settingsMarkdown } from './settings-doc.ts';
import { SETTINGS_SHAPE } from './settings.ts';

const root = new URL('../../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');
const FIX = 'run `npm run docs:settings` after changing a setting';

describe('the settings documentation', () => {
  it('covers every setting the API and the worker read, each described', () => {
    const names = documentedSettings().map((setting) => setting.name);
    expect(new Set(names)).toEqual(
      new Set([...Object.keys(SETTINGS_SHAPE), ...Object.keys(WorkerEnv.shape)]),
    );
    for (const setting of documentedSettings())
      expect(setting.description.length, setting.name).toBeGreaterThan(10);
  });

  it('is what docs/settings.md says', () => {
    expect(read('docs/settings.md'), FIX).toBe(settingsMarkdown());
  });

  it('is what .env.example says, every setting listed with its default', () => {
    const text = read('.env.example');
    expect(text, FIX).toBe(envExample());
    const listed = new Map(
      text
        .split('\n')
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const setting of documentedSettings()) {
      expect(listed.has(setting.name), setting.name).toBe(true);
      expect(listed.get(setting.name), setting.name).toBe(setting.default ?? '');
    }
    for (const name of ['DISCORD_GUILD_ID', 'DISCORD_PLAN_ROLES', 'DISCORD_ROLE_RECONCILE_SECONDS'])
      expect(listed.has(name), name).toBe(true);
  });

  it('takes defaults from the schemas themselves', () => {
    const byName = new Map(documentedSettings().map((setting) => [setting.name, setting]));
    expect(byName.get('PORT')?.default).toBe('3000');
    expect(byName.get('WORKER_IN_PROCESS')?.default).toBe('true');
    expect(byName.get('SHUTDOWN_DEADLINE_SECONDS')?.default).toBe('25');
    expect(byName.get('WORKER_STALL_EXIT_SECONDS')).toMatchObject({ default: '120', workerOnly: true });
    expect(byName.get('DATABASE_URL')?.default).toBeUndefined();
    expect(byName.get('STRIPE_SECRET_KEY')?.productionRequired).toBe(true);
  });
});
