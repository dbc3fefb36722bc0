import {
  type JobEventHub,
  type JobQueue,
  createJobEventHub,
  mediaStorageFor,
  startJobQueue,
} from '@app/jobs';
import type { MediaStorage } from '@app/generation';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface GenerationContext {
  storage: MediaStorage;
  /** The job queue, started on first use (most requests never need it). */
  queue(): Promise<JobQueue>;
  events: JobEventHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    generation: GenerationContext;
  }
}

export const generationPlugin = fp(async (app: FastifyInstance, options: { storage?: MediaStorage }) => {
  const { database, settings } = app.ctx;
  let queue: Promise<JobQueue> | undefined;
  const events = createJobEventHub(database);
  app.decorate('generation', {
    storage: options.storage ?? mediaStorageFor(settings.generation, settings.dataDir),
    queue() {
      // A start that failed (the database was away) is tried again by the next caller.
      queue ??= startJobQueue(database, settings.generation).catch((error: unknown) => {
        queue = undefined;
        throw error;
      });
      return queue;
    },
    events,
  } satisfies GenerationContext);
  app.addHook('onClose', async () => {
    await events.close();
    if (queue) await (await queue).stop();
  });
});
