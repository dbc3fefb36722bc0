import { describe, expect, it } from 'vitest';
import { type CommandWork, VOICE_FLAGS } from '@app/domain';
import { probeImage } from '../src/media/probe.ts';
import { VOICE_SETTINGS } from '../src/providers/local/index.ts';
import { context, meanColour, provider, request, run, solid } from './helpers.ts';

const images = async (count: number, colour: string) => {
  const file = await solid(48, 48, colour);
  return Array.from({ length: count }, (_, index) => ({ ...file, name: `${index}.png` }));
};

describe('local provider: LoRA training and use', () => {
  it('/loracreate learns the palette of its eight images and shapes later /make grids by weight', async () => {
    const files = await images(8, '#e01818');
    const inputs = Object.fromEntries(files.map((file, index) => [`image${index + 1}`, [file]]));
    const trained = await run('loracreate', { modelName: 'RedStyle', inputs });
    const style = JSON.parse(trained.loraReference!) as {
      name: string;
      images: number;
      palette: { hex: string }[];
    };
    expect(style).toMatchObject({ name: 'RedStyle', images: 8 });
    expect(style.palette[0]!.hex).toMatch(/^#[c-f][0-9a-f]1/);
    expect(await probeImage(trained.outputs[0]!.bytes)).toMatchObject({
      format: 'png',
      width: 256,
      height: 256,
    });

    const prompt = 'a calm blue ocean under a blue sky';
    const lora = (weight: number) => ({ name: 'RedStyle', weight, reference: trained.loraReference! });
    const plain = await meanColour((await run('make', { prompt })).outputs[4]!.bytes);
    const light = await meanColour((await run('make', { prompt, lora: lora(0.1) })).outputs[4]!.bytes);
    const strong = await meanColour((await run('make', { prompt, lora: lora(1) })).outputs[4]!.bytes);
    expect(plain.b).toBeGreaterThan(plain.r);
    expect(strong.r - strong.b).toBeGreaterThan(light.r - light.b + 40);
  });

  it('/loracreatefromzip takes 8 to 40 images and says so otherwise', async () => {
    const ok = await run('loracreatefromzip', {
      modelName: 'Ink',
      inputs: { zip: await images(10, '#202020') },
    });
    expect(JSON.parse(ok.loraReference!).images).toBe(10);
    await expect(
      run('loracreatefromzip', { inputs: { zip: await images(7, '#202020') } }),
    ).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/8 to 40 images; it holds 7/),
    });
  });

  it('refuses a LoRA reference it did not write', async () => {
    await expect(
      run('make', { lora: { name: 'Other', weight: 0.8, reference: 'model.safetensors' } }),
    ).rejects.toMatchObject({
      code: 'BAD_LORA',
      retryable: false,
    });
  });
});

describe('local provider: errors, cancellation, voices', () => {
  it('fails with plain words and no retry on missing or unreadable input', async () => {
    await expect(run('describe', { inputs: {} })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      retryable: false,
    });
    const junk = { name: 'x.png', mime: 'image/png', bytes: Buffer.from('not an image') };
    await expect(run('describe', { inputs: { image: [junk] } })).rejects.toMatchObject({ code: 'BAD_IMAGE' });
    const portrait = await solid(64, 64, '#ffffff');
    await expect(
      run('lipsync', { inputs: { image: [portrait], audio: [{ ...junk, name: 'x.mp3' }] } }),
    ).rejects.toMatchObject({
      code: 'BAD_MEDIA',
      message: expect.stringContaining('x.mp3'),
    });
    // A kind of work it does not make (a command added to the registry before any provider runs it).
    const unknownKind = request('make', { work: { kind: 'teleport' } as unknown as CommandWork });
    await expect(provider.run(unknownKind, context())).rejects.toMatchObject({
      code: 'UNSUPPORTED_COMMAND',
      retryable: false,
    });
  });

  it('stops a running job when its signal aborts', async () => {
    const controller = new AbortController();
    const job = provider.run(
      request('loracreatefromzip', { inputs: { zip: await images(8, '#101010') } }),
      context(controller.signal),
    );
    setTimeout(() => controller.abort(), 100);
    // Ended by the abort, not finished: a finished training would resolve with its LoRA.
    await expect(job).rejects.toMatchObject({ code: 'CANCELLED' });

    const video = new AbortController();
    const filming = provider.run(request('movie', { width: 320, height: 320 }), context(video.signal));
    setTimeout(() => video.abort(), 150);
    await expect(filming).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('has a distinct voice for each of the 19 voice flags', () => {
    const flags = VOICE_FLAGS.map((flag) => flag.flag.slice(1)).sort();
    expect(Object.keys(VOICE_SETTINGS).sort()).toEqual(flags);
    const settings = Object.values(VOICE_SETTINGS).map((setting) => JSON.stringify(setting));
    expect(new Set(settings).size).toBe(19);
  });
});
