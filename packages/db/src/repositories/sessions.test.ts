import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { createTestDatabase } from '../testing/index.ts';
import { createSession, createSessionReader, deleteSession, type SessionReader } from './sessions.ts';
import { createUser } from './users.ts';

let database: Database;
let reader: SessionReader;

beforeAll(async () => {
  database = await createTestDatabase();
  reader = createSessionReader(database.db);
});
afterAll(async () => database.close());

async function signedIn(name: string, expiresInMs = 3_600_000) {
  const user = await createUser(database.db, { discordName: name });
  const idHash = `hash-${name}-${Math.random()}`;
  await createSession(database.db, {
    idHash,
    userId: user.id,
    expiresAt: new Date(Date.now() + expiresInMs),
  });
  return { user, idHash };
}

describe('session reader', () => {
  it('gives each of many concurrent lookups its own user, and none for unknown or expired sessions', async () => {
    const people = await Promise.all(Array.from({ length: 40 }, (_, i) => signedIn(`reader-${i}`)));
    const expired = await signedIn('reader-expired', -1000);
    const lookups = [
      ...people.map((person) => person.idHash),
      people[0]!.idHash,
      'unknown-hash',
      expired.idHash,
    ];
    const found = await Promise.all(lookups.map((idHash) => reader.find(idHash)));
    expect(found.slice(0, 40).map((row) => row?.user.id)).toEqual(people.map((person) => person.user.id));
    expect(found[40]?.user.id).toBe(people[0]!.user.id);
    expect(found[41]).toBeUndefined();
    expect(found[42]).toBeUndefined();
    expect(found[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('answers every lookup of a burst larger than one statement carries', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, (_, i) => signedIn(`burst-${i}`)));
    const lookups = Array.from({ length: 900 }, (_, i) =>
      i % 31 === 30 ? 'unknown-hash' : people[i % 31]!.idHash,
    );
    const found = await Promise.all(lookups.map((idHash) => reader.find(idHash)));
    found.forEach((row, i) => expect(row?.user.id).toBe(i % 31 === 30 ? undefined : people[i % 31]!.user.id));
  });

  it('does not find a session once it is deleted', async () => {
    const person = await signedIn('reader-gone');
    expect((await reader.find(person.idHash))?.user.discordName).toBe('reader-gone');
    await deleteSession(database.db, person.idHash);
    expect(await reader.find(person.idHash)).toBeUndefined();
  });
});
