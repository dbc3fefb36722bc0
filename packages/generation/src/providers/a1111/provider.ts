import { HostPool } from '../../routing.ts';
import {
  type GenerationOutput,
  type GenerationRequest,
  type GenerationResult,
  type InputFile,
  type Provider,
  type ProviderContext,
  ProviderError,
  isHostFault,
} from '../../types.ts';
import { probeHost } from '../../backend-health.ts';
import { badAnswerError, isRecord, requestJson, toProviderError } from '../shared/http.ts';
import { toOutput } from '../shared/media.ts';
import { type A1111Job, type KindHandler, LABEL } from './job.ts';
import { A1111_KINDS } from './kinds.ts';

/** AUTOMATIC1111 stable-diffusion-webui and the forks that keep its API (Forge, SD.Next), started with `--api`. */

export interface A1111Options {
  urls: readonly string[];
  /** Fields added to every txt2img/img2img body: `steps`, `sampler_name`, `cfg_scale`, `override_settings`. */
  params?: Record<string, unknown>;
  negativePrompt?: string;
  /** One generation call may take minutes on a busy GPU. */
  generationTimeoutMs?: number;
  requestTimeoutMs?: number;
  progressIntervalMs?: number;
  healthTtlMs?: number;
}

export function createA1111Provider(options: A1111Options): Provider {
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const generationTimeoutMs = options.generationTimeoutMs ?? 10 * 60_000;
  const progressIntervalMs = options.progressIntervalMs ?? 1_000;
  const pool = new HostPool(options.urls, {
    check: (url) => probeHost('a1111', url, 3_000),
    healthTtlMs: options.healthTtlMs,
    serviceLabel: LABEL,
  });

  async function loraTag(host: string, request: GenerationRequest, signal: AbortSignal): Promise<string> {
    const lora = request.lora;
    if (!lora) return '';
    // A1111 names a LoRA by its file name without folder or extension.
    const wanted = (lora.reference || lora.name)
      .split(/[\\/]/)
      .pop()!
      .replace(/\.(safetensors|pt|ckpt)$/i, '');
    const list = await requestJson<unknown>(`${host}/sdapi/v1/loras`, {
      timeoutMs: requestTimeoutMs,
      signal,
      label: LABEL,
    });
    if (!Array.isArray(list)) throw badAnswerError(LABEL, 'the LoRA list is not a list');
    const names = list.flatMap((entry: unknown) =>
      isRecord(entry)
        ? [entry.name, entry.alias].filter((n): n is string => typeof n === 'string' && !!n)
        : [],
    );
    const found =
      names.find((n) => n === wanted) ?? names.find((n) => n.toLowerCase() === wanted.toLowerCase());
    if (!found) {
      throw new ProviderError(
        'LORA_NOT_FOUND',
        `The LoRA "${lora.name}" is not installed on the image service. Check its name with /myloras.`,
        { retryable: false },
      );
    }
    return ` <lora:${found}:${Number(lora.weight.toFixed(2))}>`;
  }

  /** Runs one generation call while reading the host's progress, and interrupts the host on cancel. */
  async function generate(
    host: string,
    path: 'txt2img' | 'img2img',
    body: Record<string, unknown>,
    context: ProviderContext,
  ): Promise<Buffer[]> {
    let done = false;
    let best = 0;
    const interrupt = () => {
      const call = { method: 'POST' as const, timeoutMs: 5_000, label: LABEL };
      void requestJson(`${host}/sdapi/v1/interrupt`, call).catch(() => {});
    };
    context.signal.addEventListener('abort', interrupt, { once: true });
    const poll = async () => {
      while (!done) {
        await new Promise((resolve) => setTimeout(resolve, progressIntervalMs));
        if (done) break;
        const state = await requestJson<{ progress?: number }>(
          `${host}/sdapi/v1/progress?skip_current_image=true`,
          // The next poll is the retry.
          { timeoutMs: requestTimeoutMs, label: LABEL, retries: 0 },
        ).catch(() => null);
        // The host reports on whatever it runs right now; only forward movement is believable.
        const fraction = Math.min(0.99, state?.progress ?? 0);
        if (!done && fraction > best) context.onProgress((best = fraction));
      }
    };
    void poll();
    try {
      const answer = await requestJson<unknown>(`${host}/sdapi/v1/${path}`, {
        json: { ...options.params, ...body, send_images: true, save_images: false },
        timeoutMs: generationTimeoutMs,
        signal: context.signal,
        label: LABEL,
        // A kind's generation is its last call to the host: the slot is free once the host answers,
        // while the images still arrive and before they are decoded.
        onAnswer: () => context.hostDone?.(),
      });
      const images = isRecord(answer) ? answer.images : undefined;
      if (!Array.isArray(images) || !images.every((b64) => typeof b64 === 'string')) {
        throw badAnswerError(LABEL, `${path} answered without a list of images`);
      }
      return images.map((b64: string) => Buffer.from(b64.replace(/^data:[^,]*,/, ''), 'base64'));
    } finally {
      done = true;
      context.signal.removeEventListener('abort', interrupt);
    }
  }

  async function outputs(images: Buffer[], expected: number): Promise<GenerationOutput[]> {
    // With "return grid" on, A1111 puts a grid of the batch first; the single images come last.
    const singles = images.length > expected ? images.slice(images.length - expected) : images;
    const result: GenerationOutput[] = [];
    for (const [index, bytes] of singles.entries()) {
      // An image of the host's that does not decode says the host is unwell, like a 5xx.
      const output = await toOutput(bytes).catch((error: unknown) => {
        throw badAnswerError(LABEL, `image ${index} does not decode`, error);
      });
      if (output?.kind !== 'image') throw badAnswerError(LABEL, `image ${index} is not an image`);
      result.push(output);
    }
    if (result.length === 0) throw badAnswerError(LABEL, 'the answer holds no image');
    return result;
  }

  function firstInput(request: GenerationRequest, ...names: string[]): InputFile {
    for (const name of names) {
      const file = request.inputs[name]?.[0];
      if (file) return file;
    }
    const any = Object.values(request.inputs).flat()[0];
    if (any) return any;
    throw new ProviderError('INPUT_MISSING', `/${request.command} needs an image.`, { retryable: false });
  }

  async function runOn(
    host: string,
    request: GenerationRequest,
    context: ProviderContext,
  ): Promise<GenerationResult> {
    const { work } = request;
    const handler = A1111_KINDS[work.kind] as KindHandler<typeof work.kind> | undefined;
    if (!handler) {
      throw new ProviderError('UNSUPPORTED', `The image service cannot run /${request.command}.`, {
        retryable: false,
      });
    }
    const job: A1111Job = {
      host,
      request,
      context,
      base: { negative_prompt: options.negativePrompt ?? '', seed: request.seed, n_iter: 1 },
      prompt: async () => request.prompt + (await loraTag(host, request, context.signal)),
      generate: (path, body) => generate(host, path, body, context),
      // Every kind reads its outputs after its last call to the host.
      outputs: (images, expected) => {
        context.hostDone?.();
        return outputs(images, expected);
      },
      firstInput: (...names) => firstInput(request, ...names),
      call: (path, json) =>
        requestJson(`${host}/sdapi/v1/${path}`, {
          json,
          timeoutMs: generationTimeoutMs,
          signal: context.signal,
          label: LABEL,
        }),
    };
    return handler(job, work);
  }

  return {
    name: 'a1111',
    families: ['image'],
    async run(request, context) {
      const host = context.host ?? (await pool.pick());
      try {
        return await runOn(host, request, context);
      } catch (error) {
        if (!(error instanceof ProviderError) && !context.signal.aborted) {
          // Network failures arrive here already mapped; anything else is an image we could not read.
          throw new ProviderError('IMAGE_UNREADABLE', 'The image could not be read.', {
            retryable: false,
            cause: error,
          });
        }
        const failure = toProviderError(error, LABEL, context.signal);
        if (isHostFault(failure)) pool.markDown(host);
        throw failure;
      }
    },
    health: () => pool.anyHealthy(),
  };
}
