import { mediaForJobs } from '@app/db';
import { promptOf } from '@app/jobs';
import { MessageFlags } from 'discord-api-types/v10';
import { AppError } from '../../../lib/errors.ts';
import { loadVisibleJob } from '../../jobs/job-access.ts';
import { actionSetOf } from '../action-components.ts';
import type { CommandHandler } from '../bot-deps.ts';
import { type MessagePayload, ephemeral, resultComponents } from '../messages.ts';
import { message } from '../replies.ts';

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/show job` posts a result again with its buttons: any result its owner can see, or anyone's public
 * one. A private result is shown only to the person who asked; a public one to the channel.
 */
export const show = {
  async run({ deps, user, interaction }) {
    const { db } = deps.database;
    const id = String(interaction.options.job ?? '').trim();
    if (!JOB_ID.test(id)) return message(ephemeral('That is not a job id; copy it from the studio.'));
    const job = await loadVisibleJob(db, id.toLowerCase(), user).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    if (!job) return message(ephemeral('There is no result with that id that you can see.'));
    if (job.status !== 'succeeded') {
      return message(ephemeral(`That job is ${job.status}; there is no result to show.`));
    }
    const media = (await mediaForJobs(db, [job.id])).filter((row) => row.kind !== 'model');
    const images = media.filter((row) => row.kind === 'image');
    const actions = actionSetOf(images);
    const base = deps.publicUrl();
    // A grid's own picture first, then its other files; the single images open from the link buttons.
    const shown =
      actions?.kind === 'grid' ? [images.at(-1)!, ...media.filter((row) => row.kind !== 'image')] : media;
    const prompt = promptOf(job.options);
    return message(
      showMessage({
        jobId: job.id,
        command: job.command,
        prompt,
        urls: shown.map((row) => `${base}/media/${row.storageKey}`),
        singles:
          actions?.kind === 'grid'
            ? images.slice(0, -1).map((row) => `${base}/media/${row.storageKey}`)
            : undefined,
        image: images.length > 0,
        actions,
        private: !job.public,
      }),
    );
  },
} satisfies CommandHandler;

/** The reposted result: what it was made with, its files as links, and its buttons. */
export function showMessage(input: {
  jobId: string;
  command: string;
  prompt: string;
  urls: string[];
  singles?: string[];
  image: boolean;
  actions?: ReturnType<typeof actionSetOf>;
  private: boolean;
}): MessagePayload {
  const title = `/${input.command}${input.prompt ? `: **${input.prompt.slice(0, 1500)}**` : ''}`;
  return {
    content: [title, ...input.urls].join('\n'),
    ...(input.private ? { flags: MessageFlags.Ephemeral } : {}),
    components: resultComponents(input.jobId, {
      image: input.image,
      loves: 0,
      prompt: Boolean(input.prompt),
      singles: input.singles,
      actions: input.actions,
    }),
    allowed_mentions: { parse: [] },
  };
}
