import { type Db, countRefusalsSince, extendPause, insertModerationItem, lockUserForJobs } from '@app/db';
import { REFUSAL_WINDOW_SECONDS, cooldownAfter, refusalText } from '@app/domain';
import { AppError } from '../../lib/errors.ts';
import { loadBlocklist } from './load-blocklist.ts';
import { checkPrompt, isMaturePrompt } from './prompt-matcher.ts';

/**
 * The one moderation check for every text that reaches a model or a public page (studio and
 * Discord commands, result actions and edits, modals, LoRA names), before anything is charged.
 * A refusal lands in the moderation queue with its prompt (the answer carries its id, for an
 * appeal); every third standing refusal inside the window pauses the person's generation, longer
 * each time (a pause is queued too), and the answer says so. An accepted text says whether it is
 * mature (sexual or gore terms), for the creation's content level.
 */
export async function moderatePrompt(input: {
  db: Db;
  userId: string;
  texts: string[];
  horrorAllowed: boolean;
  source: string;
  command: string;
  now?: Date;
}): Promise<{ mature: boolean }> {
  const texts = input.texts.map((text) => text.trim()).filter(Boolean);
  if (!texts.length) return { mature: false };
  const blocklist = await loadBlocklist(input.db);
  const prompt = texts.join('\n');
  const verdict = checkPrompt({ text: prompt, horrorAllowed: input.horrorAllowed, blocklist });
  if (!verdict) return { mature: isMaturePrompt(prompt) };
  const now = input.now ?? new Date();
  const { pauseSeconds, until, refusalId } = await input.db.transaction(async (tx) => {
    // One person's refusals are counted one at a time, so two at once cannot both skip a pause.
    await lockUserForJobs(tx, input.userId);
    const refusal = await insertModerationItem(tx, {
      kind: 'refusal',
      subjectUserId: input.userId,
      category: verdict.category,
      prompt: prompt.slice(0, 4000),
      source: input.source,
      details: { command: input.command, terms: verdict.terms },
    });
    const since = new Date(now.getTime() - REFUSAL_WINDOW_SECONDS * 1000);
    const pauseSeconds = cooldownAfter(await countRefusalsSince(tx, input.userId, since));
    const refusalId = refusal!.id;
    if (!pauseSeconds) return { pauseSeconds: 0, until: undefined, refusalId };
    const until = await extendPause(tx, input.userId, new Date(now.getTime() + pauseSeconds * 1000));
    await insertModerationItem(tx, {
      kind: 'pause',
      subjectUserId: input.userId,
      category: verdict.category,
      prompt: prompt.slice(0, 4000),
      source: input.source,
      reason: `Paused for ${pauseSeconds} s after repeated refusals`,
      details: { seconds: pauseSeconds, until: until.toISOString() },
    });
    return { pauseSeconds, until, refusalId };
  });
  throw new AppError('PROMPT_REFUSED', {
    status: 422,
    message: refusalText({ category: verdict.category, pauseSeconds, until, now }),
    details: {
      category: verdict.category,
      refusalId,
      ...(until ? { pausedUntil: until.toISOString() } : {}),
    },
  });
}
