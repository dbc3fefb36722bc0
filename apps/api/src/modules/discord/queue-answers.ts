import { claimQueueAnswerEdit, queueAnswersToRefresh } from '@app/db';
import { botLocaleOf, botTexts } from '@app/domain';
import { DiscordAPIError } from '@discordjs/rest';
import { queueStandings } from '../jobs/estimate-wait.ts';
import type { BotDeps } from './bot-deps.ts';
import { queuedMessage } from './messages.ts';

/** An interaction token lives 15 minutes; edits stop a little before, and the result is posted as ever. */
export const ANSWER_TOKEN_LIFE_MS = 15 * 60_000 - 30_000;
/** One queued answer is edited at most this often. */
export const ANSWER_EDIT_INTERVAL_MS = 3000;
/** Edits one process sends per round at most (a round every 2 s: 20 edits a second, Discord allows 50). */
export const ANSWER_EDITS_PER_ROUND = 40;

/**
 * Keeps the queued answers of Discord jobs moving: every round, the answers of jobs under way (and
 * of jobs ended since their last edit) are recomputed with `queueStandings` — the studio's numbers
 * — and the interaction's original message is edited where its text changed. A conditional update
 * per edit (`claimQueueAnswerEdit`) lets any number of API processes run this side by side: one of
 * them edits a given message, never to the same text and not more often than every
 * `ANSWER_EDIT_INTERVAL_MS`. Past the token's life the message is left as it is.
 */
export function startQueueAnswers(
  deps: BotDeps,
  options: {
    intervalMs?: number;
    minEditIntervalMs?: number;
    log: { warn(object: unknown, message?: string): void; error(object: unknown, message?: string): void };
  },
): { stop(): Promise<void>; refresh(): Promise<number> } {
  const minEditIntervalMs = options.minEditIntervalMs ?? ANSWER_EDIT_INTERVAL_MS;
  let stopped = false;
  let running: Promise<number> | null = null;

  const round = async (): Promise<number> => {
    const { db } = deps.database;
    const rows = await queueAnswersToRefresh(db, {
      tokenLifeMs: ANSWER_TOKEN_LIFE_MS,
      minIntervalMs: minEditIntervalMs,
      limit: ANSWER_EDITS_PER_ROUND * 4,
    });
    if (rows.length === 0) return 0;
    const now = new Date();
    const standings = await queueStandings(
      db,
      deps.settings,
      rows.map((row) => row.job),
      now,
    );
    let edits = 0;
    for (const { delivery, job } of rows) {
      if (stopped || edits >= ANSWER_EDITS_PER_ROUND) break;
      const standing = standings.get(job.id)!;
      const { content, allowed_mentions } = queuedMessage({
        command: job.command,
        position: standing.position,
        cost: { credits: job.costCredits, hypercredits: job.costHypercredits },
        lane: job.lane,
        autoRelaxed: job.autoRelaxed,
        dm: delivery.kind === 'dm',
        standing: { ...standing, status: job.status, progress: job.progress },
        texts: botTexts(botLocaleOf(delivery.locale)),
        privateOnly: delivery.reach === 'app-private',
      });
      if (content === delivery.statusText) continue;
      if (!(await claimQueueAnswerEdit(db, job.id, content, minEditIntervalMs))) continue;
      edits += 1;
      try {
        // @discordjs/rest queues by route and waits out 429s (its `retry_after`).
        await deps.api().interactions.editReply(delivery.applicationId, delivery.interactionToken, {
          content,
          allowed_mentions,
        });
      } catch (error) {
        // A token Discord no longer knows (its clock, or the answer was deleted): nothing to edit.
        if (error instanceof DiscordAPIError && (error.status === 401 || error.status === 404)) continue;
        options.log.warn({ err: error, jobId: job.id }, 'Could not update the queued answer');
      }
    }
    return edits;
  };

  const refresh = () => {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };

  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    timer = setTimeout(() => {
      refresh()
        .catch((error: unknown) => options.log.error({ err: error }, 'Updating queued answers failed'))
        .finally(() => {
          if (!stopped) loop();
        });
    }, options.intervalMs ?? 2000);
  };
  loop();
  return {
    refresh,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => 0);
    },
  };
}
