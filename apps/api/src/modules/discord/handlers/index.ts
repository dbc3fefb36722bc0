import type { GeneralCommandName } from '@app/domain';
import type { CommandHandler } from '../bot-deps.ts';
import { fast } from './fast.ts';
import { help } from './help.ts';
import { info } from './info.ts';
import { myloras } from './myloras.ts';
import { relax } from './relax.ts';
import { remlora } from './remlora.ts';
import { settings } from './settings.ts';
import { show } from './show.ts';
import { turbo } from './turbo.ts';

/**
 * The general commands' handlers, by name: every general command has one (a name without its
 * handler fails the typecheck), and nothing else does.
 */
export const COMMAND_HANDLERS: Readonly<Record<GeneralCommandName, CommandHandler>> = {
  help,
  info,
  myloras,
  remlora,
  settings,
  show,
  fast,
  relax,
  turbo,
};
