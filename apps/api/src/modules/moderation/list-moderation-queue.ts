import { type Db, actionsForUsers, getModerationItem, listModerationItems } from '@app/db';
import type { ModerationActionWire, ModerationItemWire } from '@app/domain';
import type { MediaStorage } from '@app/generation';
import { promptOf } from '@app/jobs';
import { toJobWire } from '../jobs/job-wire.ts';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
import type { QueueTiming } from '../jobs/estimate-wait.ts';

/** The queue as moderators see it: each item with its person, creation and the person's history. */
export async function listModerationQueue(input: {
  db: Db;
  storage: MediaStorage;
  timing: QueueTiming;
  viewerId: string;
  status: 'open' | 'resolved';
  kind?: ModerationItemWire['kind'];
}): Promise<ModerationItemWire[]> {
  const rows = await listModerationItems(input.db, { status: input.status, kind: input.kind, limit: 100 });
  const history = new Map<string, ModerationActionWire[]>();
  for (const { action, actorName } of await actionsForUsers(input.db, [
    ...new Set(rows.map((row) => row.person.id)),
  ])) {
    const list = history.get(action.subjectUserId) ?? [];
    list.push({
      id: action.id,
      action: action.action,
      jobId: action.jobId,
      reason: action.reason,
      until: iso(action.until),
      actor: actorName ?? 'a former admin',
      createdAt: action.createdAt.toISOString(),
      undoneAt: iso(action.undoneAt),
    });
    history.set(action.subjectUserId, list);
  }
  // Whether each appealed refusal was overturned (the appeal upheld).
  const overturned = new Map<string, boolean>();
  for (const row of rows) {
    if (row.item.kind !== 'appeal') continue;
    const refusal = await getModerationItem(input.db, String(row.item.details.refusalId));
    overturned.set(String(row.item.details.refusalId), Boolean(refusal?.overturnedAt));
  }
  return Promise.all(
    rows.map(async ({ item, person, job }) => {
      const wire = job ? await toJobWire(input.db, input.storage, job, input.viewerId, input.timing) : null;
      const output = wire?.outputs[0];
      return {
        id: item.id,
        kind: item.kind,
        status: item.status,
        person: {
          id: person.id,
          discordName: person.discordName,
          bannedAt: iso(person.bannedAt),
          pausedUntil: person.pausedUntil && person.pausedUntil > new Date() ? iso(person.pausedUntil) : null,
        },
        category: item.category,
        prompt: item.prompt,
        reason:
          [item.reason, typeof item.details.note === 'string' ? item.details.note : null]
            .filter(Boolean)
            .join(': ') || null,
        source: item.source,
        creation: job
          ? {
              id: job.id,
              command: job.command,
              prompt: promptOf(job.options) ?? null,
              thumbUrl: output ? (output.thumbUrl ?? output.url) : null,
              hidden: Boolean(job.hiddenAt),
              public: job.public,
              mature: job.contentLevel === 'mature',
            }
          : null,
        history: history.get(person.id) ?? [],
        ...(item.kind === 'appeal'
          ? {
              appeal: {
                refusalId: String(item.details.refusalId),
                upheld: Boolean(overturned.get(String(item.details.refusalId))),
              },
            }
          : {}),
        ...(item.kind === 'refusal' ? { overturned: Boolean(item.overturnedAt) } : {}),
        createdAt: item.createdAt.toISOString(),
      } satisfies ModerationItemWire;
    }),
  );
}
