import { describe, expect, it } from 'vitest';
import { HostPool, parseGenerationBackends } from './routing.ts';

describe('parseGenerationBackends', () => {
  it('sends every family to local when the setting is empty', () => {
    const result = parseGenerationBackends(undefined);
    expect(result).toEqual({
      ok: true,
      table: {
        image: { provider: 'local', urls: [], slots: {} },
        video: { provider: 'local', urls: [], slots: {} },
        audio: { provider: 'local', urls: [], slots: {} },
        lipsync: { provider: 'local', urls: [], slots: {} },
        lora: { provider: 'local', urls: [], slots: {} },
      },
    });
  });

  it('reads several hosts per family and leaves unlisted families on local', () => {
    const result = parseGenerationBackends(
      ' image=a1111:http://a:7860|http://b:7860/ , video=comfyui:https://gpu.example:8188,audio=local',
    );
    expect(result.ok && result.table).toMatchObject({
      image: { provider: 'a1111', urls: ['http://a:7860', 'http://b:7860'] },
      video: { provider: 'comfyui', urls: ['https://gpu.example:8188'] },
      audio: { provider: 'local', urls: [] },
      lipsync: { provider: 'local', urls: [] },
    });
  });

  it('reads how many jobs each host runs at once, one unless given', () => {
    const result = parseGenerationBackends('image=a1111:http://a:7860#2|http://b:7860');
    expect(result.ok && result.table.image).toEqual({
      provider: 'a1111',
      urls: ['http://a:7860', 'http://b:7860'],
      slots: { 'http://a:7860': 2, 'http://b:7860': 1 },
    });
    const bad = parseGenerationBackends('image=a1111:http://a:7860#0|http://b#99');
    expect(bad.ok ? [] : bad.errors).toEqual([
      expect.stringContaining('"http://a:7860#0": a host runs 1 to 16 jobs at once'),
      expect.stringContaining('"http://b#99": a host runs 1 to 16 jobs at once'),
    ]);
  });

  it('lists every bad entry at once', () => {
    const result = parseGenerationBackends(
      'image=a1111:http://a:7860|ftp://b,sound=comfyui:http://c,video=magic:http://d,lora=a1111:http://e,lipsync=comfyui,image=local,audio=local:http://f,nonsense',
    );
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toEqual([
      expect.stringContaining('"ftp://b" is not an http(s) URL'),
      expect.stringContaining('unknown family "sound"'),
      expect.stringContaining('unknown provider "magic"'),
      expect.stringContaining('a1111 cannot serve the lora family'),
      expect.stringContaining('comfyui needs at least one http(s) URL'),
      expect.stringContaining('family "image" is listed more than once'),
      expect.stringContaining('the local provider takes no URL'),
      expect.stringContaining('"nonsense": expected family=provider:url'),
    ]);
  });
});

describe('HostPool', () => {
  it('takes the hosts in turn and skips one whose health call fails', async () => {
    const down = new Set(['http://b']);
    const checks: string[] = [];
    const pool = new HostPool(['http://a', 'http://b', 'http://c'], {
      check: async (url) => {
        checks.push(url);
        return !down.has(url);
      },
    });
    const picks = [];
    for (let i = 0; i < 4; i++) picks.push(await pool.pick());
    expect(picks).toEqual(['http://a', 'http://c', 'http://c', 'http://a']);
    // Health answers are cached, so b was asked once, not on every pick.
    expect(checks.filter((u) => u === 'http://b')).toHaveLength(1);
  });

  it('asks again once the cached answer is old, and fails retryably when no host answers', async () => {
    let now = 0;
    let healthy = false;
    const pool = new HostPool(['http://a', 'http://b'], {
      check: async () => healthy,
      healthTtlMs: 1_000,
      now: () => now,
      serviceLabel: 'image service',
    });
    await expect(pool.pick()).rejects.toMatchObject({ code: 'BACKEND_UNREACHABLE', retryable: true });
    healthy = true;
    await expect(pool.pick()).rejects.toMatchObject({ retryable: true });
    now = 1_500;
    expect(await pool.pick()).toMatch(/^http:\/\/[ab]$/);
  });
});
