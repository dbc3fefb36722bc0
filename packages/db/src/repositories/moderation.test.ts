import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { createTestDatabase } from '../testing/index.ts';
import {
  countRefusalsSince,
  countReportsSince,
  insertModerationItem,
  listModerationItems,
  setModerationItemStatus,
  setUserModeration,
  setUserPreferences,
} from './moderation.ts';
import { createUser } from './users.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe('moderation items', () => {
  it('counts refusals by whom they concern and reports by who sent them, since a time', async () => {
    const db = database.db;
    const [alice, bob, carol] = await Promise.all(
      ['count-alice', 'count-bob', 'count-carol'].map((discordName) => createUser(db, { discordName })),
    );
    await insertModerationItem(db, { kind: 'refusal', subjectUserId: alice!.id, createdAt: hoursAgo(3) });
    await insertModerationItem(db, { kind: 'refusal', subjectUserId: alice!.id });
    await insertModerationItem(db, { kind: 'pause', subjectUserId: alice!.id });
    // Bob reports Alice twice and Carol once; a report concerns its subject, not its reporter.
    await insertModerationItem(db, { kind: 'report', subjectUserId: alice!.id, reporterId: bob!.id });
    await insertModerationItem(db, {
      kind: 'report',
      subjectUserId: carol!.id,
      reporterId: bob!.id,
      createdAt: hoursAgo(2),
    });
    await insertModerationItem(db, { kind: 'refusal', subjectUserId: bob!.id });

    expect(await countRefusalsSince(db, alice!.id, hoursAgo(1))).toBe(1);
    expect(await countRefusalsSince(db, alice!.id, hoursAgo(4))).toBe(2);
    expect(await countRefusalsSince(db, carol!.id, hoursAgo(4))).toBe(0);
    expect(await countReportsSince(db, bob!.id, hoursAgo(1))).toBe(1);
    expect(await countReportsSince(db, bob!.id, hoursAgo(4))).toBe(2);
    expect(await countReportsSince(db, alice!.id, hoursAgo(4))).toBe(0);
  });

  it('lists the queue by status and kind, newest first, with the person', async () => {
    const db = database.db;
    const dave = await createUser(db, { discordName: 'queue-dave' });
    const older = await insertModerationItem(db, {
      kind: 'refusal',
      subjectUserId: dave.id,
      prompt: 'older',
      createdAt: hoursAgo(1),
    });
    const newer = await insertModerationItem(db, {
      kind: 'refusal',
      subjectUserId: dave.id,
      prompt: 'newer',
    });
    const done = await insertModerationItem(db, { kind: 'pause', subjectUserId: dave.id });
    await setModerationItemStatus(db, { id: done!.id, status: 'resolved', actorId: dave.id });

    const open = await listModerationItems(db, { status: 'open', kind: 'refusal', limit: 100 });
    const mine = open.filter((row) => row.person.id === dave.id);
    expect(mine.map((row) => row.item.id)).toEqual([newer!.id, older!.id]);
    expect(mine[0]).toMatchObject({ person: { discordName: 'queue-dave', bannedAt: null }, job: null });
    const resolved = await listModerationItems(db, { status: 'resolved', limit: 100 });
    expect(resolved.map((row) => row.item.id)).toContain(done!.id);
    expect(resolved.every((row) => row.item.status === 'resolved')).toBe(true);
    const openAnyKind = await listModerationItems(db, { status: 'open', limit: 100 });
    expect(openAnyKind.map((row) => row.item.id)).not.toContain(done!.id);
  });

  it("changes a person's moderation and preferences, and answers null for nobody", async () => {
    const db = database.db;
    const erin = await createUser(db, { discordName: 'fields-erin' });
    const bannedAt = new Date();
    const banned = await setUserModeration(db, erin.id, { bannedAt });
    expect(banned?.bannedAt?.getTime()).toBe(bannedAt.getTime());
    expect(banned!.updatedAt.getTime()).toBeGreaterThanOrEqual(erin.updatedAt.getTime());
    const privately = await setUserPreferences(db, erin.id, { privateByDefault: true });
    expect(privately).toMatchObject({ privateByDefault: true, bannedAt });
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect(await setUserModeration(db, nobody, { bannedAt: null })).toBeNull();
    expect(await setUserPreferences(db, nobody, { privateByDefault: false })).toBeNull();
  });
});
