import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { type Database, createSession, createUser } from '@app/db';
import type { App } from '../../src/app.ts';
import { SESSION_COOKIE, hashSessionId } from '../../src/plugins/session.ts';

interface AppAndDatabase {
  app: App;
  database: Database;
}

/** A fresh session for the user, without a sign-in route. */
export async function sessionCookie(t: AppAndDatabase, userId: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await createSession(t.database.db, {
    idHash: hashSessionId(id),
    userId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return `${SESSION_COOKIE}=${id}`;
}

/** A new admin and their session cookie. */
export async function adminSession(t: AppAndDatabase): Promise<{ id: string; cookie: string }> {
  const admin = await createUser(t.database.db, {
    discordName: `mod-${randomBytes(4).toString('hex')}`,
    role: 'admin',
    ageBand: '18+',
  });
  return { id: admin.id, cookie: await sessionCookie(t, admin.id) };
}

export const moderate = (t: AppAndDatabase, admin: { cookie: string }, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/moderation/actions',
    payload: body,
    headers: { cookie: admin.cookie },
  });

export const undo = (t: AppAndDatabase, admin: { cookie: string }, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/moderation/actions/${id}/undo`,
    headers: { cookie: admin.cookie },
  });

export const queue = async (t: AppAndDatabase, admin: { cookie: string }, query = '') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/admin/moderation${query}`,
      headers: { cookie: admin.cookie },
    })
  ).json().items as {
    id: string;
    kind: string;
    category: string | null;
    prompt: string | null;
    reason: string | null;
    person: { id: string; pausedUntil: string | null };
    creation: { id: string; hidden: boolean } | null;
  }[];

/** A call to the Discord emulator's test control (plain node:http, apart from the app's own fetches). */
export function emulatorCall(
  h: { base: string },
  method: string,
  path: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller knows its route's shape
): Promise<any> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${h.base}/_discord/_test${path}`,
      { method, agent: false, headers: payload ? { 'content-type': 'application/json' } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
          if ((res.statusCode ?? 500) >= 400)
            reject(new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`));
          else resolve(json);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
