// One definition is all a new command of an existing kind of work needs: with `/upscale` added to
// the registry's image commands (and no other file changed) it is priced, registered, and run by the
// image providers through the handler of its kind.
import { COMMANDS, COMMAND_PRICES, familyOf, priceOf, toSlashCommandJson } from '@app/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createA1111Provider } from '../src/providers/a1111/index.ts';
import { placeholderValues, templateNames } from '../src/providers/comfyui/values.ts';
import { makeContext, makeRequest } from './helpers.ts';
import { startA1111StandIn, type A1111StandIn } from './stand-ins/a1111.ts';
import { pngBytes } from './stand-ins/media.ts';
import { jsonOf } from './stand-ins/server.ts';

// The registry's own image commands, with the fixture added (the path is the domain's file, so
// every module of the domain that reads the list sees the fixture).
vi.mock('../../domain/src/commands/image-commands.ts', async (importOriginal) => {
  const real = await importOriginal<{ IMAGE_COMMANDS: readonly unknown[] }>();
  const { UPSCALE_FIXTURE } = await import('@app/domain/testing');
  return { ...real, IMAGE_COMMANDS: [...real.IMAGE_COMMANDS, UPSCALE_FIXTURE] };
});

let sd: A1111StandIn;
beforeEach(async () => {
  sd = await startA1111StandIn();
});
afterEach(async () => {
  await sd.close();
});

describe('a command added by its definition alone', () => {
  it('is priced in its family’s currency and registered as a slash command', () => {
    expect(familyOf('upscale')).toBe('image');
    expect(priceOf('/upscale', { prompt: 'crisp fur' })).toEqual({ credits: 6, hypercredits: 0 });
    expect(COMMAND_PRICES.upscale).toBe(6);
    const registered = COMMANDS.map(toSlashCommandJson).find((command) => command.name === 'upscale');
    expect(registered).toMatchObject({
      type: 1,
      name: 'upscale',
      integration_types: [0, 1],
      contexts: [0, 1, 2],
      description: 'Redraw an image at a larger size with finer detail.',
      options: [
        { type: 11, name: 'image', description: 'The image to upscale.', required: true },
        { type: 3, name: 'prompt', description: 'What the detail should show.', required: true },
      ].map((option) => expect.objectContaining(option)),
    });
    expect(registered!.options).toHaveLength(2);
  });

  it('runs on A1111 through the img2img handler with its own default denoise', async () => {
    const provider = createA1111Provider({ urls: [sd.url], progressIntervalMs: 10 });
    const upload = await pngBytes(320, 240, 9);
    const result = await provider.run(
      makeRequest({
        command: 'upscale',
        prompt: 'crisp fur',
        inputs: { image: [{ name: 'fox.png', mime: 'image/png', bytes: upload }] },
      }),
      makeContext(),
    );
    const [call] = sd.calls('POST', '/sdapi/v1/img2img');
    const body = jsonOf<{ denoising_strength: number; prompt: string; width: number; height: number }>(call!);
    expect(body).toMatchObject({ denoising_strength: 0.3, prompt: 'crisp fur', width: 320, height: 240 });
    expect(sd.calls('POST', '/sdapi/v1/txt2img')).toHaveLength(0);
    expect(result.outputs).toHaveLength(4);
  });

  it('runs on ComfyUI from its own workflow file or its kind’s', () => {
    const request = makeRequest({ command: 'upscale' });
    expect(templateNames(request)).toEqual(['upscale', 'image-edit']);
    expect(placeholderValues(request, { image: 'up.png' }, 'folder')).toMatchObject({
      denoise: 0.3,
      batch_size: 4,
      image: 'up.png',
    });
  });
});
