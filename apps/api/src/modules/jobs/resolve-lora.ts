import { type DbOrTx, findLoraByName, listLoras } from '@app/db';
import { parsePromptFlags } from '@app/domain';
import { AppError } from '../../lib/errors.ts';

/** A prompt's `-lora name` must be one of the caller's trained LoRAs; the answer lists the ones they have. */
export async function resolveLora({
  db,
  userId,
  command,
  prompt,
}: {
  db: DbOrTx;
  userId: string;
  command: string;
  prompt: string;
}) {
  const parsed = parsePromptFlags(prompt, { command });
  if (!parsed.lora) return null;
  const lora = await findLoraByName(db, userId, parsed.lora.name);
  if (lora?.status === 'ready') return lora;
  const ready = (await listLoras(db, userId)).filter((row) => row.status === 'ready').map((row) => row.name);
  const yours = ready.length
    ? `Your LoRAs: ${ready.join(', ')}.`
    : 'You have no trained LoRAs yet; train one with /loracreate.';
  const state = lora?.status === 'training' ? 'is still training' : 'was not found';
  throw new AppError('LORA_NOT_FOUND', {
    status: 400,
    message: `The LoRA ${parsed.lora.name} ${state} (names are case-sensitive). ${yours}`,
  });
}
