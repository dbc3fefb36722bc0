import type { WorkKind } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { capabilityErrors, kindNeeds, kindService, PROVIDER_KINDS, withWorkerKinds } from './capabilities.ts';
import type { GenerationRequest, ProviderContext } from './types.ts';
import { parseGenerationBackends, type ProviderName, type RoutingTable } from './routing.ts';

function table(setting: string): RoutingTable {
  const parsed = parseGenerationBackends(setting);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.table;
}

describe('what each backend can run', () => {
  it('lists every job command and result action with its family and kind of work', () => {
    const needs = kindNeeds();
    expect(needs).toContainEqual({ command: 'gif', family: 'image', kind: 'animate' });
    expect(needs).toContainEqual({ command: 'vary', family: 'image', kind: 'variation' });
    expect(needs).toContainEqual({ command: 'describe', family: 'image', kind: 'interrogate' });
    expect(needs).toContainEqual({ command: 'loracreatefromzip', family: 'lora', kind: 'lora-training' });
    expect(needs.some((need) => need.command === 'help')).toBe(false);
  });

  it('lets every supported setting start: A1111 animates and describes itself; ComfyUI describes on the worker', () => {
    expect(kindService('a1111', 'animate')).toBe('backend');
    expect(kindService('a1111', 'interrogate')).toBe('backend');
    expect(kindService('comfyui', 'interrogate')).toBe('worker');
    expect(kindService('comfyui', 'animate')).toBe('backend');
    for (const setting of [
      '',
      'image=a1111:http://a:7860',
      'image=comfyui:http://c:8188',
      'image=a1111:http://a:7860,video=comfyui:http://c:8188,audio=comfyui:http://c:8188,lipsync=comfyui:http://c:8188,lora=comfyui:http://c:8188',
    ]) {
      expect(capabilityErrors(table(setting))).toEqual([]);
    }
  });

  it('refuses a setting whose backend cannot run a command, naming the command, the kind and the backend', () => {
    const without = (provider: ProviderName, kind: WorkKind) => ({
      ...PROVIDER_KINDS,
      [provider]: PROVIDER_KINDS[provider].filter((entry) => entry !== kind),
    });
    expect(
      capabilityErrors(table('image=a1111:http://a:7860'), kindNeeds(), without('a1111', 'animate')),
    ).toEqual([
      '/gif needs "animate" work, which the a1111 backend of the image family cannot do (local or comfyui can serve the image family)',
    ]);
    const video = capabilityErrors(
      table('video=comfyui:http://c:8188'),
      kindNeeds(),
      without('comfyui', 'video'),
    );
    expect(video).toHaveLength(3);
    expect(video[0]).toMatch(
      /^\/video needs "video" work, which the comfyui backend of the video family cannot do/,
    );
    // A family the setting leaves on `local` is never refused.
    expect(capabilityErrors(table(''), kindNeeds(), without('comfyui', 'video'))).toEqual([]);
  });
});

describe('kinds a backend lacks, made on the worker', () => {
  it('sends /describe on ComfyUI to the local provider without the host, and everything else to the backend', async () => {
    const seen: string[] = [];
    const fake = (name: string) => ({
      name,
      families: [] as const,
      run: async (request: GenerationRequest, context: ProviderContext) => {
        seen.push(`${name}:${request.work.kind}:${context.host ?? 'no host'}`);
        return { outputs: [] };
      },
    });
    const local = fake('local');
    const provider = withWorkerKinds(fake('comfyui'), 'comfyui', () => local);
    const context = {
      signal: new AbortController().signal,
      onProgress: () => {},
      saveExternalId: async () => {},
    };
    const request = (kind: 'interrogate' | 'txt2img') =>
      ({ work: { kind }, inputs: {}, options: {} }) as unknown as GenerationRequest;
    await provider.run(request('interrogate'), { ...context, host: 'http://c:8188' });
    await provider.run(request('txt2img'), { ...context, host: 'http://c:8188' });
    expect(seen).toEqual(['local:interrogate:no host', 'comfyui:txt2img:http://c:8188']);
    expect(provider.name).toBe('comfyui');
    // A1111 does every kind its family needs: nothing is wrapped.
    const a1111 = fake('a1111');
    expect(withWorkerKinds(a1111, 'a1111', () => local)).toBe(a1111);
  });
});
