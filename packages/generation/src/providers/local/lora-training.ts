import { LIMITS } from '@app/domain';
import { cancelled } from '../../media/ffmpeg.ts';
import type { GenerationResult, InputFile } from '../../types.ts';
import { badInput, pngOutput, step, type Job } from './job.ts';
import { renderScene } from './procedural.ts';
import { learnStyle, measureImage, styleToJson } from './style.ts';

const PREVIEW_SIZE = 256;

/** The training images: image1…image8 for /loracreate, the unpacked ZIP for /loracreatefromzip. */
function trainingImages(job: Job, fromZip: boolean): InputFile[] {
  const { lora } = LIMITS;
  if (fromZip) {
    const files = job.request.inputs.zip ?? [];
    if (files.length < lora.zipImages.min || files.length > lora.zipImages.max) {
      throw badInput(
        `The ZIP must hold ${lora.zipImages.min} to ${lora.zipImages.max} images; it holds ${files.length}.`,
      );
    }
    return files;
  }
  const files = Object.entries(job.request.inputs)
    .filter(([name]) => /^image\d+$/.test(name))
    .sort(([a], [b]) => Number(a.slice(5)) - Number(b.slice(5)))
    .flatMap(([, list]) => list);
  if (files.length !== lora.createImages)
    throw badInput(`Training needs exactly ${lora.createImages} images; got ${files.length}.`);
  return files;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * LoRA training: learns the style the images share (palette, light, contrast, texture) and returns
 * it as the model's reference, with a preview drawn in that style. Using the model later blends the
 * style into /make by the LoRA weight.
 */
export async function trainLora(job: Job, fromZip: boolean): Promise<GenerationResult> {
  const files = trainingImages(job, fromZip);
  const name = job.request.modelName ?? String(job.request.options.name ?? 'model');
  const stats = [];
  for (const [index, file] of files.entries()) {
    stats.push(await measureImage(file.bytes));
    step(job, (0.2 * (index + 1)) / files.length);
  }
  const ticks = Math.max(1, Math.ceil(job.settings.trainingMs / 200));
  for (let tick = 0; tick < ticks; tick++) {
    await wait(job.settings.trainingMs / ticks, job.context.signal);
    step(job, 0.2 + (0.7 * (tick + 1)) / ticks);
  }
  const style = learnStyle(name, stats);
  const preview = await renderScene({
    prompt: name.replace(/([a-z])([A-Z])/g, '$1 $2'),
    width: PREVIEW_SIZE,
    height: PREVIEW_SIZE,
    seed: job.request.seed,
    variant: 0,
    lora: { style, weight: 1 },
  });
  step(job, 0.98);
  return {
    outputs: [pngOutput(preview, PREVIEW_SIZE, PREVIEW_SIZE)],
    loraReference: styleToJson(style),
    text: `The LoRA model ${name} learned its style from ${files.length} images.`,
  };
}
