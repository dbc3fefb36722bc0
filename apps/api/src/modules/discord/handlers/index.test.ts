import { COMMANDS, GENERAL_COMMAND_NAMES, type GeneralCommandName } from '@app/domain';
import { describe, expect, it } from 'vitest';
import type { CommandHandler } from '../bot-deps.ts';
import { COMMAND_HANDLERS } from './index.ts';

describe('general command handlers', () => {
  it('answer exactly the commands whose definitions say they are general', () => {
    const general = COMMANDS.filter((command) => command.general).map((command) => command.name);
    expect(Object.keys(COMMAND_HANDLERS).sort()).toEqual([...general].sort());
    expect([...GENERAL_COMMAND_NAMES].sort()).toEqual([...general].sort());
    expect(general.sort()).toEqual([
      'fast',
      'help',
      'info',
      'myloras',
      'relax',
      'remlora',
      'settings',
      'show',
      'turbo',
    ]);
  });

  it('are a record the compiler closes: a general command without its handler is a type error', () => {
    const { help, info, myloras, remlora, show, fast, relax, turbo } = COMMAND_HANDLERS;
    // @ts-expect-error `settings` has no handler here, which the typecheck refuses.
    const missing: Record<GeneralCommandName, CommandHandler> = {
      help,
      info,
      myloras,
      remlora,
      show,
      fast,
      relax,
      turbo,
    };
    expect(Object.keys(missing)).not.toContain('settings');
  });
});
