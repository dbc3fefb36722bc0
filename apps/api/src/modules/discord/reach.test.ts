import type { APIInteraction } from 'discord-api-types/v10';
import type { UserRow } from '@app/db';
import { describe, expect, it } from 'vitest';
import { parseInteraction } from './parse-interaction.ts';
import { horrorElsewhere, inOwnServer } from './run-command.ts';

const GUILD = '100000000000000100';
const USER = '100000000000000001';
const EXTERNAL = String(1n << 50n);

function command(extra: Record<string, unknown>) {
  const parsed = parseInteraction({
    id: '1300000000000000000',
    application_id: '100000000000000900',
    type: 2,
    token: 'token',
    channel_id: '200',
    data: { id: '1', name: 'make', type: 1, options: [{ type: 3, name: 'prompt', value: 'x' }] },
    ...extra,
  } as unknown as APIInteraction);
  if (parsed.kind !== 'command') throw new Error('not a command');
  return parsed.base;
}
const member = (permissions = EXTERNAL) => ({ user: { id: USER, username: 'u' }, permissions });

describe('where an interaction comes from', () => {
  it('is the operator’s server where the app is installed to that server', () => {
    const base = command({
      guild_id: GUILD,
      context: 0,
      authorizing_integration_owners: { '0': GUILD, '1': USER },
      member: member(),
    });
    expect([base.context, base.reach, inOwnServer(base)]).toEqual([0, 'member', true]);
  });

  it('is another server where only the person installed the app; private where external apps are off', () => {
    const open = command({
      guild_id: '999',
      context: 0,
      authorizing_integration_owners: { '1': USER },
      member: member(),
    });
    expect([open.reach, inOwnServer(open)]).toEqual(['app', false]);
    const closed = command({
      guild_id: '999',
      context: 0,
      authorizing_integration_owners: { '1': USER },
      member: member('0'),
    });
    expect(closed.reach).toBe('app-private');
  });

  it('is the bot’s DM (the bot can post) or another DM (it cannot)', () => {
    const user = { id: USER, username: 'u' };
    expect(command({ context: 1, user, authorizing_integration_owners: { '1': USER } }).reach).toBe('member');
    expect(command({ context: 2, user, authorizing_integration_owners: { '1': USER } }).reach).toBe('app');
  });

  it('reads the locale, English for one we do not speak', () => {
    const user = { id: USER, username: 'u' };
    expect(command({ context: 1, user, locale: 'de' }).locale).toBe('de');
    expect(command({ context: 1, user, locale: 'ko' }).locale).toBe('en');
    expect(command({ context: 1, user }).locale).toBe('en');
  });
});

describe('the horror family outside the operator’s server', () => {
  const adult = { ageBand: '18+' } as UserRow;
  const teen = { ageBand: '13-17' } as UserRow;
  it('needs an age-restricted channel in a server, or a DM from someone who answered 18+', () => {
    const owners = { '1': USER };
    const plain = command({
      guild_id: '9',
      context: 0,
      authorizing_integration_owners: owners,
      member: member(),
    });
    const marked = command({
      guild_id: '9',
      context: 0,
      authorizing_integration_owners: owners,
      member: member(),
      channel: { id: '200', type: 0, nsfw: true, name: 'after-dark' },
    });
    const dm = command({ context: 1, user: { id: USER, username: 'u' } });
    expect(horrorElsewhere(plain, adult)).toBe(false);
    expect(horrorElsewhere(marked, adult)).toBe(true);
    expect(horrorElsewhere(dm, adult)).toBe(true);
    expect(horrorElsewhere(dm, teen)).toBe(false);
  });
});
