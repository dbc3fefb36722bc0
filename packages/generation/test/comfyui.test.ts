import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createComfyUIProvider } from '../src/providers/comfyui/index.ts';
import { DEFAULT_WORKFLOWS_DIR } from '../src/providers/comfyui/workflow.ts';
import { makeContext, makeRequest } from './helpers.ts';
import { type ComfyStandIn, startComfyStandIn } from './stand-ins/comfyui.ts';
import { colourFor, mp4Bytes, pngBytes, wavBytes } from './stand-ins/media.ts';
import { jsonOf } from './stand-ins/server.ts';

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

let comfy: ComfyStandIn;
beforeEach(async () => {
  comfy = await startComfyStandIn();
});
afterEach(async () => {
  await comfy.close();
});

const provider = (urls = [comfy.url]) =>
  createComfyUIProvider({ urls, pollIntervalMs: 10, requestTimeoutMs: 2_000, jobTimeoutMs: 5_000 });

const posted = (index = 0) =>
  jsonOf<{ prompt: Graph; client_id: string }>(comfy.calls('POST', '/prompt')[index]!);
const nodeOf = (graph: Graph, type: string) => Object.entries(graph).find(([, n]) => n.class_type === type)!;
const file = (name: string, mime: string, bytes: Buffer) => ({ name, mime, bytes });

describe('comfyui provider', () => {
  it('fills the image template, attaches the LoRA, and returns the stand-in pixels', async () => {
    comfy.settings.jobMs = 100;
    const context = makeContext();
    const result = await provider().run(
      makeRequest({
        width: 1344,
        height: 768,
        lora: { name: 'FoxKnight', weight: 0.6, reference: 'FoxKnight.safetensors' },
      }),
      context,
    );
    const { prompt, client_id } = posted();
    expect(client_id).toBeTruthy();
    expect(nodeOf(prompt, 'EmptyLatentImage')[1].inputs).toMatchObject({
      width: 1344,
      height: 768,
      batch_size: 4,
    });
    const [, sampler] = nodeOf(prompt, 'KSampler');
    expect(sampler.inputs.seed).toBe(1234);
    const [loraId, lora] = nodeOf(prompt, 'LoraLoader');
    expect(lora.inputs).toMatchObject({ lora_name: 'FoxKnight.safetensors', strength_model: 0.6 });
    expect(sampler.inputs.model).toEqual([loraId, 0]);
    expect(
      Object.values(prompt).some((n) => n.inputs.text === 'a lighthouse on a cliff, (stormy sky:1.3)'),
    ).toBe(true);

    const promptId = [...comfy.jobs.keys()][0]!;
    expect(context.saved).toHaveLength(1);
    expect(context.saved[0]!.startsWith(`${promptId}@`)).toBe(true);

    expect(result.outputs).toHaveLength(4);
    const { data } = await sharp(result.outputs[2]!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect({ r: data[0], g: data[1], b: data[2] }).toEqual(colourFor(1236));
    expect(result.outputs[0]).toMatchObject({ kind: 'image', mime: 'image/png', width: 1344, height: 768 });

    // Sampling steps from the /ws feed move the bar forward, never back.
    expect(context.progress.some((f) => f > 0.1 && f < 1)).toBe(true);
    expect(context.progress).toEqual([...context.progress].sort((a, b) => a - b));
    expect(context.progress.at(-1)).toBe(1);
  });

  it('uploads the image for Change and points LoadImage at the uploaded name', async () => {
    const upload = await pngBytes(96, 64, 42);
    await provider().run(
      makeRequest({
        command: 'Change',
        denoise: 0.7,
        inputs: { image: [file('a.png', 'image/png', upload)] },
      }),
      makeContext(),
    );
    const [uploadCall] = comfy.calls('POST', '/upload/image');
    expect(String(uploadCall!.headers['content-type'])).toContain('multipart/form-data');
    const { prompt } = posted();
    const imageName = String(nodeOf(prompt, 'LoadImage')[1].inputs.image);
    expect(comfy.files.get(`input/${imageName}`)).toEqual(upload);
    expect(nodeOf(prompt, 'KSampler')[1].inputs.denoise).toBe(0.7);
  });

  it('pads a filltall canvas by 256 px above and below only', async () => {
    const upload = await pngBytes(64, 64, 3);
    const result = await provider().run(
      makeRequest({ command: 'filltall', inputs: { image: [file('a.png', 'image/png', upload)] } }),
      makeContext(),
    );
    expect(nodeOf(posted().prompt, 'ImagePadForOutpaint')[1].inputs).toMatchObject({
      top: 256,
      bottom: 256,
      left: 0,
      right: 0,
    });
    expect(result.outputs).toHaveLength(1);
  });

  it('returns the MP4 a video workflow wrote under gifs', async () => {
    const result = await provider().run(
      makeRequest({ command: 'video', family: 'video', width: 832, height: 480 }),
      makeContext(),
    );
    expect(nodeOf(posted().prompt, 'EmptyHunyuanLatentVideo')[1].inputs).toMatchObject({
      length: 49,
      width: 832,
    });
    expect(result.outputs).toEqual([{ kind: 'video', mime: 'video/mp4', bytes: mp4Bytes() }]);
  });

  it('sends portrait and voice for lipsync and returns audio for music', async () => {
    const lipsync = await provider().run(
      makeRequest({
        command: 'lipsync',
        family: 'lipsync',
        inputs: {
          image: [file('p.png', 'image/png', await pngBytes(64, 64, 1))],
          audio: [file('v.wav', 'audio/wav', wavBytes(200))],
        },
      }),
      makeContext(),
    );
    expect(lipsync.outputs[0]?.mime).toBe('video/mp4');
    expect(String(nodeOf(posted().prompt, 'LoadAudio')[1].inputs.audio)).toMatch(/\.wav$/);

    const music = await provider().run(makeRequest({ command: 'music', family: 'audio' }), makeContext());
    expect(music.outputs[0]).toMatchObject({ kind: 'audio', mime: 'audio/wav' });
    expect(music.outputs[0]!.bytes.subarray(8, 12).toString()).toBe('WAVE');
  });

  it('resumes a prompt that is still running without queueing it again', async () => {
    comfy.settings.jobMs = 200;
    const crashed = makeContext();
    const original = provider().run(makeRequest(), crashed);
    while (crashed.saved.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    // A restarted worker gets the saved id and a fresh provider.
    const resumed = makeContext({ externalId: crashed.saved[0] });
    const result = await provider().run(makeRequest(), resumed);
    expect(comfy.calls('POST', '/prompt')).toHaveLength(1);
    expect(resumed.saved).toEqual([]);
    expect(result.outputs).toHaveLength(4);
    await original;
  });

  it('submits again when the host restarted and forgot the saved prompt', async () => {
    const saving = makeContext();
    await provider().run(makeRequest(), saving);
    comfy.restart();
    const result = await provider().run(makeRequest(), makeContext({ externalId: saving.saved[0] }));
    expect(comfy.calls('POST', '/prompt')).toHaveLength(2);
    expect(result.outputs).toHaveLength(4);
  });

  it('trains a LoRA from uploaded images in one folder and names the model file', async () => {
    const images = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => file(`${i}.png`, 'image/png', await pngBytes(32, 32, i))),
    );
    const result = await provider().run(
      makeRequest({ command: 'loracreate', family: 'lora', modelName: 'FoxKnight', inputs: { images } }),
      makeContext(),
    );
    const uploads = comfy.calls('POST', '/upload/image');
    expect(uploads).toHaveLength(8);
    expect(
      [...comfy.files.keys()].filter((k) => k.startsWith('input/hypercreate-job-1/10_FoxKnight/')),
    ).toHaveLength(8);
    const trainer = nodeOf(posted().prompt, 'Lora Training in ComfyUI')[1];
    expect(trainer.inputs).toMatchObject({ data_path: 'input/hypercreate-job-1', output_name: 'FoxKnight' });
    expect(result.loraReference).toBe('FoxKnight.safetensors');
  });

  it('draws sample images with the newly trained model, and a resumed drawing is not drawn again', async () => {
    const images = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => file(`${i}.png`, 'image/png', await pngBytes(32, 32, i))),
    );
    const training = makeRequest({
      command: 'loracreate',
      family: 'lora',
      modelName: 'FoxKnight',
      width: 256,
      height: 256,
      inputs: { images },
    });
    const context = makeContext();
    const result = await provider().run(training, context);
    // The training workflow saves no pictures; a second prompt draws them with the new model.
    expect(comfy.calls('POST', '/prompt')).toHaveLength(2);
    const sample = posted(1).prompt;
    expect(nodeOf(sample, 'LoraLoader')[1].inputs).toMatchObject({
      lora_name: 'FoxKnight.safetensors',
      strength_model: 0.85,
    });
    expect(Object.values(sample).some((n) => n.inputs.text === 'Fox Knight')).toBe(true);
    expect(result.loraReference).toBe('FoxKnight.safetensors');
    expect(result.outputs).toHaveLength(4);
    for (const output of result.outputs)
      expect(output).toMatchObject({ kind: 'image', mime: 'image/png', width: 256, height: 256 });
    expect(context.saved).toHaveLength(2);
    expect(context.progress.at(-1)).toBe(1);

    // A worker restarted while the samples were drawn resumes that prompt, not the training.
    const resumed = makeContext({ externalId: context.saved[1] });
    const again = await provider().run(training, resumed);
    expect(comfy.calls('POST', '/prompt')).toHaveLength(2);
    expect(again).toMatchObject({ loraReference: 'FoxKnight.safetensors' });
    expect(again.outputs).toHaveLength(4);
  });

  it('keeps a trained model when its samples cannot be drawn', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workflows-'));
    try {
      copyFileSync(join(DEFAULT_WORKFLOWS_DIR, 'lora.json'), join(dir, 'lora.json'));
      const images = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => file(`${i}.png`, 'image/png', await pngBytes(32, 32, i))),
      );
      const result = await createComfyUIProvider({
        urls: [comfy.url],
        workflowsDir: dir,
        pollIntervalMs: 10,
        requestTimeoutMs: 2_000,
        jobTimeoutMs: 5_000,
      }).run(
        makeRequest({ command: 'loracreate', family: 'lora', modelName: 'FoxKnight', inputs: { images } }),
        makeContext(),
      );
      expect(comfy.calls('POST', '/prompt')).toHaveLength(1);
      expect(result).toEqual({ outputs: [], loraReference: 'FoxKnight.safetensors' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('comfyui provider: the GIF button', () => {
  it('repaints the result lightly with the edit workflow and answers one looping GIF of it and the repaints', async () => {
    const source = await pngBytes(256, 256, 9);
    const result = await provider().run(
      makeRequest({ command: 'gif', prompt: '', inputs: { image: [file('image', 'image/png', source)] } }),
      makeContext(),
    );
    const [, sampler] = nodeOf(posted().prompt, 'KSampler');
    expect(sampler.inputs.denoise).toBeCloseTo(0.3);
    expect(result.outputs).toHaveLength(1);
    expect(result.outputs[0]).toMatchObject({ kind: 'image', mime: 'image/gif' });
    const meta = await sharp(result.outputs[0]!.bytes, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 4, loop: 0 });
  });
});
