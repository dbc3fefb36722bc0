import type { OutgoingHttpHeaders } from 'node:http';
import { getJob } from '@app/db';
import { ErrorBody, JobIdParams } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited } from '../../../lib/errors.ts';
import { loadVisibleJob } from '../../../modules/jobs/job-access.ts';

const ENDED = new Set(['succeeded', 'failed', 'cancelled']);
const PING_MS = 15_000;
const STREAM_RETRY_SECONDS = 5;

/**
 * `GET /api/jobs/:id/events`: server-sent events with the job's status and progress, fed by
 * LISTEN/NOTIFY so it works on whichever API process the browser reaches. The stream ends when
 * the job does. One person (signed out: one address) holds at most MAX_EVENT_STREAMS_PER_USER
 * streams open on a process; one more answers 429 RATE_LIMITED until one closes.
 */
export const jobEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const maxStreams = app.ctx.settings.maxEventStreamsPerUser;
  const open = new Map<string, number>();
  app.get(
    '/:id/events',
    {
      config: { access: 'public' },
      schema: {
        tags: ['jobs'],
        summary: 'Status and progress of a job as server-sent events (`event: job`)',
        params: JobIdParams,
        produces: ['text/event-stream'],
        response: { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await request.currentUser();
      const job = await loadVisibleJob(db, request.params.id, viewer);
      const holder = viewer ? `user:${viewer.id}` : `ip:${request.ip}`;
      const held = open.get(holder) ?? 0;
      if (held >= maxStreams) {
        throw rateLimited(
          STREAM_RETRY_SECONDS,
          `You already follow ${held} jobs live; close one (or wait for it to end) and try again.`,
        );
      }
      open.set(holder, held + 1);
      const release = () => {
        const left = (open.get(holder) ?? 1) - 1;
        if (left > 0) open.set(holder, left);
        else open.delete(holder);
      };
      const raw = reply.raw;
      let closed = false;
      const send = (status: string, progress: number) => {
        if (!closed) raw.write(`event: job\ndata: ${JSON.stringify({ status, progress })}\n\n`);
      };
      // Subscribed before the current state is read, so no change falls between the two.
      const unsubscribe = await app.generation.events
        .subscribe(job.id, (event) => {
          send(event.status, event.progress);
          if (ENDED.has(event.status)) close();
        })
        .catch((error: unknown) => {
          release();
          throw error;
        });
      const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
      function close() {
        if (closed) return;
        closed = true;
        release();
        clearInterval(ping);
        unsubscribe();
        raw.end();
      }
      reply.hijack();
      // The security headers the reply was given go out with the stream's own.
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      request.raw.on('close', close);
      const current = (await getJob(db, job.id)) ?? job;
      send(current.status, current.progress);
      if (ENDED.has(current.status)) close();
    },
  );
};
