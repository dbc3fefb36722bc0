import type { CommandHandler } from '../bot-deps.ts';
import { help } from './help.ts';
import { info } from './info.ts';
import { myloras } from './myloras.ts';
import { remlora } from './remlora.ts';
import { settings } from './settings.ts';
import { show } from './show.ts';

/** Commands that behave differently from the generic queued path, by registry name. */
export const COMMAND_HANDLERS: Record<string, CommandHandler> = {
  help,
  info,
  myloras,
  remlora,
  settings,
  show,
};
