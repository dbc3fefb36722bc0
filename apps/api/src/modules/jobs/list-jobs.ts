import { type Db, type UserRow, listJobs as queryJobs } from '@app/db';
import type { JobWire } from '@app/domain';
import type { MediaStorage } from '@app/generation';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import type { QueueTiming } from './estimate-wait.ts';
import { blursFor, maySeeMature } from './job-access.ts';
import { toJobWires } from './job-wire.ts';

export interface ListJobsOptions {
  db: Db;
  storage: MediaStorage;
  timing: QueueTiming;
  viewer: UserRow | null;
  mine: boolean;
  kind?: JobWire['kind'];
  cursor?: string;
  limit: number;
}

/**
 * The caller's own jobs (`mine`), or the gallery of finished public creations, newest first: mature
 * ones only for adults who did not hide them, blurred for those who chose blur.
 */
export async function listJobs(options: ListJobsOptions) {
  if (options.mine && !options.viewer) throw unauthorized();
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rows = await queryJobs(options.db, {
    userId: options.mine ? options.viewer!.id : undefined,
    publicOnly: !options.mine,
    generalOnly: !options.mine && !maySeeMature(options.viewer),
    family: options.kind,
    cursor,
    limit: options.limit + 1,
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const wires = await toJobWires(
    options.db,
    options.storage,
    page,
    options.viewer?.id ?? null,
    options.timing,
  );
  return {
    jobs: wires.map((wire, at) => (blursFor(page[at]!, options.viewer) ? { ...wire, blur: true } : wire)),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

function encodeCursor(createdAt: Date, id: string) {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) throw badRequest('Bad cursor');
  return { createdAt, id };
}
