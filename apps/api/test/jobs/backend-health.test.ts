import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { type ComfyStandIn, startComfyStandIn } from '@app/generation/stand-ins/comfyui';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';
import { freePort } from './processes.ts';

describe('GET /api/health with generation backends', () => {
  let a1111: A1111StandIn;
  let comfy: ComfyStandIn;
  let down: string;
  let t: TestContext;
  beforeAll(async () => {
    a1111 = await startA1111StandIn();
    comfy = await startComfyStandIn();
    down = `http://127.0.0.1:${await freePort()}`;
    const withPassword = a1111.url.replace('http://', 'http://painter:hunter2-secret@');
    t = await createTestApp({
      GENERATION_BACKENDS: `image=a1111:${withPassword}|${down},video=comfyui:${comfy.url},audio=comfyui:${comfy.url}`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await a1111?.close();
    await comfy?.close();
  });

  it('reports each backend host up or down, without the credentials in its URL', async () => {
    const response = await t.app.inject('/api/health');
    // The API itself is fine: a host that is down degrades the report, not the status code.
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('painter');
    const body = response.json();
    expect(body.status).toBe('degraded');
    expect(body.database).toBe('up');
    expect(body.backends).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: 'a1111', families: ['image'], host: a1111.url, status: 'up' }),
        expect.objectContaining({ provider: 'a1111', families: ['image'], host: down, status: 'down' }),
        expect.objectContaining({
          provider: 'comfyui',
          families: ['video', 'audio'],
          host: comfy.url,
          status: 'up',
        }),
      ]),
    );
    expect(body.backends).toHaveLength(3);
    // The credentials still reach the backend: the health call asked with them.
    const asked = a1111.calls('GET', '/sdapi/v1/progress').at(-1)!;
    expect(asked.headers.authorization).toBe(
      `Basic ${Buffer.from('painter:hunter2-secret').toString('base64')}`,
    );
  });

  it('asks the hosts at most once in a short while, however often health is called', async () => {
    const before = a1111.calls('GET', '/sdapi/v1/progress').length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject('/api/health')));
    expect(answers.every((answer) => answer.json().backends.length === 3)).toBe(true);
    expect(a1111.calls('GET', '/sdapi/v1/progress').length - before).toBeLessThanOrEqual(1);
  });
});
