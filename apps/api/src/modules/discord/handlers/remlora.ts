import { deleteLora, findLoraByName, listLoras } from '@app/db';
import { ephemeral } from '../messages.ts';
import { message } from '../replies.ts';
import type { CommandHandler } from '../bot-deps.ts';

/** `/remlora name` deletes one of the asker's LoRAs (case-sensitive name) and says so, only to them. */
export const remlora = {
  async run({ deps, user, interaction }) {
    const { db } = deps.database;
    const name = String(interaction.options.name ?? '').trim();
    const lora = name ? await findLoraByName(db, user.id, name) : null;
    if (!lora) {
      const names = (await listLoras(db, user.id)).map((row) => row.name);
      const yours = names.length ? `Your LoRAs: ${names.join(', ')}.` : 'You have no LoRAs.';
      return message(
        ephemeral(`You have no LoRA named ${name || '(none given)'} (names are case-sensitive). ${yours}`),
      );
    }
    await deleteLora(db, lora.id);
    return message(ephemeral(`Deleted your LoRA ${lora.name}.`));
  },
} satisfies CommandHandler;
