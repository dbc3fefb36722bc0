import { createUser } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, createTestApp, type TestContext } from '../helpers.ts';
import { moderate, undo } from './helpers.ts';

let t: TestContext;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: admin.cookie } });

interface Entry {
  id: number;
  actor: { id: string; discordName: string } | null;
  action: string;
  target: { id: string; discordName: string | null } | null;
  details: { before?: unknown; after?: unknown };
  createdAt: string;
}
const audit = async (query = '') => {
  const response = await call('GET', `/api/admin/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ entries: Entry[]; actions: string[] }>();
};

describe('the audit trail', () => {
  it('every admin and moderator action writes one entry: who, whom, before and after, when', async () => {
    const person = await t.createUser({ discordName: 'audited-person', discordId: '7770001' });
    const steps: [string, string, () => Promise<{ statusCode: number; body: string }>][] = [
      [
        'user.update',
        person.id,
        () =>
          call('PATCH', `/api/users/${person.id}`, { credits: 40, subscription_status: 'Professional Plan' }),
      ],
      [
        'admin.grant',
        person.id,
        () =>
          call('POST', '/api/users/admin-grant', {
            discordId: '7770001',
            role: 'admin',
            password: TEST_ADMIN_PASSWORD,
          }),
      ],
      [
        'changelog.create',
        '',
        () =>
          call('POST', '/api/changelog', {
            content: { changeTitle: 'Audit 1', changeDate: '2026-11-26', changeText: '<p>a</p>' },
          }),
      ],
    ];
    const seen: Entry[] = [];
    for (const [action, target, step] of steps) {
      const response = await step();
      expect(response.statusCode, `${action} ${response.body}`).toBeLessThan(300);
      const [latest] = (await audit('?limit=1')).entries;
      expect(latest!.action).toBe(action);
      if (target) expect(latest!.target).toEqual({ id: target, discordName: 'audited-person' });
      expect(latest!.actor?.id).toBe(admin.userId);
      seen.push(latest!);
    }
    // A changelog entry is no person: its id alone.
    expect(seen[2]!.target).toEqual({ id: expect.any(String), discordName: null });
    const entryId = seen[2]!.target!.id;
    expect(
      (
        await call('PUT', `/api/changelog/${entryId}`, {
          content: { changeTitle: 'Audit 2', changeDate: '2026-11-26', changeText: '<p>b</p>' },
        })
      ).statusCode,
    ).toBe(200);
    let [latest] = (await audit('?limit=1')).entries;
    expect(latest).toMatchObject({ action: 'changelog.edit', target: { id: entryId } });
    expect(latest!.details.before).toMatchObject({ changeTitle: 'Audit 1' });
    expect(latest!.details.after).toMatchObject({ changeTitle: 'Audit 2' });
    expect((await call('DELETE', `/api/changelog/${entryId}`)).statusCode).toBe(200);
    [latest] = (await audit('?limit=1')).entries;
    expect(latest).toMatchObject({
      action: 'changelog.delete',
      target: { id: entryId },
      details: { after: null },
    });

    const term = await call('POST', '/api/admin/blocklist', { term: 'grimfang', category: 'other' });
    await call('PUT', `/api/admin/blocklist/${term.json().id}`, { term: 'grimfang', category: 'hate' });
    [latest] = (await audit('?limit=1')).entries;
    expect(latest).toMatchObject({
      action: 'blocklist.edit',
      details: { before: { category: 'other' }, after: { category: 'hate' } },
    });
    await call('DELETE', `/api/admin/blocklist/${term.json().id}`);

    const target = await createUser(t.database.db, { discordName: 'moderated-person' });
    const warned = await moderate(
      t,
      { cookie: admin.cookie },
      { action: 'pause', userId: target.id, reason: 'test', minutes: 5 },
    );
    await undo(t, { cookie: admin.cookie }, warned.json().action.id);
    const moderation = (await audit(`?target=${target.id}`)).entries;
    expect(moderation.map((entry) => entry.action)).toEqual(['moderation.undo-pause', 'moderation.pause']);
    expect(moderation[0]!.target).toEqual({ id: target.id, discordName: 'moderated-person' });
    // The same entries by the person's name, part of it, in any case.
    expect((await audit('?target=MODERATED-PERS')).entries.map((entry) => entry.id)).toEqual(
      moderation.map((entry) => entry.id),
    );
    expect(moderation[1]!.details.after).toMatchObject({ pausedUntil: expect.any(String) });

    const deleted = await call('POST', '/api/payment/delete_user', {
      user_id: target.id,
      password: TEST_ADMIN_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await audit('?limit=1')).entries[0]).toMatchObject({
      action: 'user.delete',
      target: { id: target.id },
    });

    const { actions } = await audit();
    for (const action of [
      'user.update',
      'admin.grant',
      'user.delete',
      'changelog.create',
      'changelog.edit',
      'changelog.delete',
      'blocklist.add',
      'blocklist.edit',
      'blocklist.remove',
      'moderation.pause',
      'moderation.undo-pause',
    ])
      expect(actions).toContain(action);
  });

  it('filters by actor, target, action and dates', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = (await audit()).entries;
    expect(all.length).toBeGreaterThan(3);
    expect((await audit('?actor=admin')).entries.length).toBe(
      all.filter((entry) => entry.actor?.discordName.includes('admin')).length,
    );
    expect((await audit('?actor=nobody-at-all')).entries).toEqual([]);
    expect((await audit('?target=nobody-at-all')).entries).toEqual([]);
    expect(
      (await audit('?action=changelog.edit')).entries.every((entry) => entry.action === 'changelog.edit'),
    ).toBe(true);
    expect((await audit(`?from=${today}&to=${today}`)).entries).toHaveLength(all.length);
    expect((await audit('?to=2000-01-01')).entries).toEqual([]);
    expect((await call('GET', '/api/admin/audit?from=yesterday')).statusCode).toBe(400);
    const page = await audit(`?limit=2&before=${all[0]!.id}`);
    expect(page.entries.map((entry) => entry.id)).toEqual(all.slice(1, 3).map((entry) => entry.id));
  });

  it('no route changes or deletes an entry, and the database refuses to', async () => {
    const auditRoutes = t.routes.filter((route) => String(route.url).startsWith('/api/admin/audit'));
    expect(auditRoutes.flatMap((route) => [route.method].flat())).toEqual(['GET', 'HEAD']);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const)
      expect((await call(method, '/api/admin/audit')).statusCode).toBe(404);
    await expect(t.database.db.execute("update audit_log set action = 'x'")).rejects.toThrow();
    await expect(t.database.db.execute('delete from audit_log')).rejects.toThrow();
    expect((await audit()).entries.length).toBeGreaterThan(3);
  });
});
