import { COMMANDS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { COMMAND_HANDLERS } from './index.ts';

describe('general command handlers', () => {
  it('answer exactly the commands whose definitions say they are general', () => {
    const general = COMMANDS.filter((command) => command.general).map((command) => command.name);
    expect(Object.keys(COMMAND_HANDLERS).sort()).toEqual([...general].sort());
    expect(general.sort()).toEqual(['help', 'info', 'myloras', 'remlora', 'settings', 'show']);
  });
});
