import { listLoras } from '@app/db';
import { ephemeral } from '../messages.ts';
import { message } from '../replies.ts';
import type { CommandHandler } from '../bot-deps.ts';

/** `/myloras` answers at once, only to the asker, with names ready to copy after `-lora`. */
export const myloras = {
  async run({ deps, user }) {
    const loras = await listLoras(deps.database.db, user.id);
    if (!loras.length) {
      return message(ephemeral('You have no LoRAs yet. Train one with /loracreate or /loracreatefromzip.'));
    }
    const lines = loras.map(
      (lora) => `• \`${lora.name}\`${lora.status === 'ready' ? '' : ` (${lora.status})`}`,
    );
    return message(
      ephemeral(['**Your LoRAs** (use one with `-lora name`):', ...lines].join('\n').slice(0, 2000)),
    );
  },
} satisfies CommandHandler;
