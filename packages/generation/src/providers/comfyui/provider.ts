import { LIMITS } from '@app/domain';
import { HostPool } from '../../routing.ts';
import {
  JOB_FAMILIES,
  type GenerationOutput,
  type GenerationRequest,
  type GenerationResult,
  type Provider,
  type ProviderContext,
  ProviderError,
  isHostFault,
} from '../../types.ts';
import { probeHost } from '../../backend-health.ts';
import { badAnswerError, cancelledError, toProviderError } from '../shared/http.ts';
import { framesToGif } from '../shared/gif.ts';
import { toOutput } from '../shared/media.ts';
import { outpaintLayout, zoomOption } from '../shared/images.ts';
import { decodeImage } from '../../media/decode.ts';
import { ComfyClient, type FileRef, type HistoryEntry, LABEL, queueHas } from './client.ts';
import { watchProgress } from './progress.ts';
import { needsInputSize, templateNames, placeholderValues } from './values.ts';
import { DEFAULT_WORKFLOWS_DIR, fillWorkflow, loadWorkflow, withLora } from './workflow.ts';

export interface ComfyUIOptions {
  urls: readonly string[];
  /** Folder of API-format workflow templates; defaults to the ones shipped with this package. */
  workflowsDir?: string;
  requestTimeoutMs?: number;
  pollIntervalMs?: number;
  /** Longest wait for one job, queue time included; LoRA training takes the longest. */
  jobTimeoutMs?: number;
  healthTtlMs?: number;
}

/** The saved id names the host too, so a restarted worker resumes on the machine that has the job. */
const encodeId = (host: string, promptId: string) => `${promptId}@${host}`;
function decodeId(externalId: string): { promptId: string; host?: string } {
  const at = externalId.indexOf('@');
  return at < 0
    ? { promptId: externalId }
    : { promptId: externalId.slice(0, at), host: externalId.slice(at + 1) };
}

const clientIdFor = (request: GenerationRequest) => `hypercreate-${request.jobId}`;

const lostError = () =>
  new ProviderError('JOB_LOST', 'The generation service lost this job; it will be tried again.', {
    retryable: true,
  });

function executionError(entry: HistoryEntry): ProviderError {
  const messages = entry.status?.messages ?? [];
  const failure = messages.find(
    ([event]) => event === 'execution_error' || event === 'execution_interrupted',
  );
  const detail = failure?.[1] ?? {};
  const said = (value: unknown) => (typeof value === 'string' ? value : '');
  const text = `${said(detail.exception_type)} ${said(detail.exception_message)}`;
  // Running out of GPU memory or an operator's interrupt says nothing about the request itself.
  const retryable = failure?.[0] === 'execution_interrupted' || /out of memory|OutOfMemory/i.test(text);
  return new ProviderError('GENERATION_FAILED', 'The generation service could not finish this job.', {
    retryable,
    cause: new Error(`${failure?.[0] ?? 'error'} in ${said(detail.node_type) || '?'}: ${text.trim()}`),
  });
}

/**
 * The picture a freshly trained LoRA draws, to show beside it: the /make workflow with the new
 * model attached at its default weight, prompted with the model's name.
 */
function sampleRequest(request: GenerationRequest, reference: string): GenerationRequest {
  const name = request.modelName || 'model';
  return {
    ...request,
    command: 'make',
    family: 'image',
    work: { kind: 'txt2img' },
    prompt: name.replace(/([a-z])([A-Z])/g, '$1 $2'),
    inputs: {},
    options: {},
    lora: { name, reference, weight: LIMITS.lora.weight.default },
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });

export function createComfyUIProvider(options: ComfyUIOptions): Provider {
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const jobTimeoutMs = options.jobTimeoutMs ?? 60 * 60_000;
  const workflowsDir = options.workflowsDir ?? DEFAULT_WORKFLOWS_DIR;
  const pool = new HostPool(options.urls, {
    check: (url) => probeHost('comfyui', url, 3_000),
    healthTtlMs: options.healthTtlMs,
    serviceLabel: LABEL,
  });

  async function submit(
    client: ComfyClient,
    request: GenerationRequest,
    context: ProviderContext,
  ): Promise<string> {
    const names = templateNames(request);
    if (!names)
      throw new ProviderError('UNSUPPORTED', `The generation service cannot run /${request.command}.`, {
        retryable: false,
      });
    const template = await loadWorkflow(workflowsDir, names);
    // Fixed upload names per job: a retried job overwrites its own files instead of piling up copies.
    const uploaded: Record<string, string> = {};
    const inputFolder = `hypercreate-${request.jobId}`;
    for (const [option, files] of Object.entries(request.inputs)) {
      if (files.length === 1) {
        uploaded[option] = await client.upload(files[0]!.bytes, files[0]!.mime, `${request.jobId}-${option}`);
      } else {
        // Training images: kohya-style trainers read `<folder>/<repeats>_<name>/`.
        const sub = `${inputFolder}/10_${request.modelName || 'subject'}`;
        for (const [i, file] of files.entries())
          await client.upload(file.bytes, file.mime, `${option}-${i}`, sub);
      }
    }
    const inputSize = needsInputSize(request) ? await inputSizeOf(request) : undefined;
    let graph = fillWorkflow(template.graph, placeholderValues(request, uploaded, inputFolder, inputSize));
    if (request.lora)
      graph = withLora(graph, request.lora.reference || request.lora.name, request.lora.weight);
    const promptId = await client.queuePrompt(graph, clientIdFor(request));
    await context.saveExternalId(encodeId(client.host, promptId));
    return promptId;
  }

  /** Polls until the prompt is in the history; null when the host no longer knows it at all. */
  async function waitFor(
    client: ComfyClient,
    promptId: string,
    context: ProviderContext,
  ): Promise<HistoryEntry | null> {
    const deadline = Date.now() + jobTimeoutMs;
    let unseen = 0;
    for (;;) {
      if (context.signal.aborted) throw cancelledError();
      const entry = await client.history(promptId);
      if (entry && entry.status?.completed !== false) {
        if (entry.status?.status_str === 'error') throw executionError(entry);
        return entry;
      }
      if (entry?.status?.status_str === 'error') throw executionError(entry);
      if (!entry) {
        const where = queueHas(await client.queue(), promptId);
        if (where === 'running') context.onProgress(0.1);
        // A prompt can leave the queue just before it reaches the history; ask again before giving up.
        unseen = where ? 0 : unseen + 1;
        if (unseen >= 3) return null;
      }
      if (Date.now() > deadline) {
        throw new ProviderError('BACKEND_TIMEOUT', 'The generation service took too long with this job.', {
          retryable: true,
        });
      }
      await sleep(pollIntervalMs, context.signal);
    }
  }

  async function collect(client: ComfyClient, entry: HistoryEntry): Promise<GenerationOutput[]> {
    const files: FileRef[] = [];
    const nodeIds = Object.keys(entry.outputs ?? {}).sort((a, b) =>
      a.localeCompare(b, 'en', { numeric: true }),
    );
    for (const id of nodeIds) {
      // Saved files appear under `images`, `gifs` (Video Helper Suite), `videos`, `audio`, …
      for (const list of Object.values(entry.outputs![id]!)) {
        if (!Array.isArray(list)) continue;
        for (const item of list as FileRef[]) {
          if (item && typeof item.filename === 'string' && (item.type ?? 'output') === 'output')
            files.push(item);
        }
      }
    }
    const outputs: GenerationOutput[] = [];
    for (const file of files) {
      const { bytes, type } = await client.view(file);
      const fallback = file.format?.startsWith('video/') ? 'video/mp4' : type.split(';')[0];
      // A file of the host's that does not decode says the host is unwell, like a 5xx.
      const output = await toOutput(bytes, fallback).catch((error: unknown) => {
        throw badAnswerError(LABEL, `${file.filename} does not decode`, error);
      });
      if (output) outputs.push(output);
    }
    return outputs;
  }

  /** The GIF button: the result, then the workflow's close repaints of it, as a looping GIF. */
  async function animation(
    request: GenerationRequest,
    outputs: GenerationOutput[],
  ): Promise<GenerationOutput> {
    const source = request.inputs.image?.[0]?.bytes;
    const repaints = outputs.filter((output) => output.kind === 'image').map((output) => output.bytes);
    const frames = [...(source ? [source] : []), ...repaints].slice(
      0,
      LIMITS.imageGrid.columns * LIMITS.imageGrid.rows,
    );
    return framesToGif(frames);
  }

  async function runOn(
    host: string,
    request: GenerationRequest,
    job: ProviderContext,
  ): Promise<GenerationResult> {
    // Queue polling and the /ws feed both report; the user's bar only moves forward.
    let best = 0;
    const onProgress = (fraction: number) => {
      if (fraction > best) job.onProgress((best = fraction));
    };
    const context: ProviderContext = { ...job, onProgress };
    const client = new ComfyClient(host, requestTimeoutMs, context.signal);
    const resumed = context.externalId ? decodeId(context.externalId).promptId : null;
    let promptId: string | null = resumed;
    const stopWatching = watchProgress(host, clientIdFor(request), () => promptId, context.onProgress);
    try {
      promptId ??= await submit(client, request, context);
      let entry = await waitFor(client, promptId, context);
      if (!entry && resumed) {
        // The host restarted and forgot the queued work: start it again.
        promptId = await submit(client, request, context);
        entry = await waitFor(client, promptId, context);
      }
      if (!entry) throw lostError();
      let outputs = await collect(client, entry);
      if (request.family === 'lora') {
        // The trainer writes `<model_name>.safetensors` into the host's LoRA folder.
        const loraReference = `${request.modelName || request.jobId}.safetensors`;
        // A trainer that saves no pictures of its own gets sample images drawn with the new model.
        // A resumed job whose saved prompt was that drawing already has them.
        if (!outputs.some((output) => output.kind === 'image')) {
          try {
            promptId = await submit(client, sampleRequest(request, loraReference), context);
            const drawn = await waitFor(client, promptId, context);
            if (drawn) outputs = [...outputs, ...(await collect(client, drawn))];
          } catch (error) {
            // The model is trained either way; only a cancellation stops the job here.
            if (context.signal.aborted) throw error;
          }
        }
        context.hostDone?.();
        context.onProgress(1);
        return { outputs, loraReference };
      }
      context.hostDone?.();
      context.onProgress(1);
      if (outputs.length === 0) {
        // The workflow ran and saved nothing: its set-up, not the host, is at fault.
        throw new ProviderError('NO_RESULT', 'The generation service finished without any result.', {
          retryable: false,
        });
      }
      if (request.work.kind === 'animate') return { outputs: [await animation(request, outputs)] };
      return { outputs };
    } catch (error) {
      if (context.signal.aborted && promptId) void cancel(encodeId(host, promptId)).catch(() => {});
      throw error;
    } finally {
      stopWatching();
    }
  }

  async function cancel(externalId: string): Promise<void> {
    const { promptId, host } = decodeId(externalId);
    const client = new ComfyClient(host ?? (await pool.pick()), requestTimeoutMs);
    await client.deleteFromQueue(promptId);
    if (queueHas(await client.queue(), promptId) === 'running') await client.interrupt(promptId);
  }

  return {
    name: 'comfyui',
    families: JOB_FAMILIES,
    async run(request, context) {
      const saved = context.externalId ? decodeId(context.externalId).host : undefined;
      const host = saved && pool.urls.includes(saved) ? saved : (context.host ?? (await pool.pick()));
      try {
        return await runOn(host, request, context);
      } catch (error) {
        // Anything else (the worker's own saveExternalId failing) is not the backend's doing.
        if (!(error instanceof ProviderError) && !context.signal.aborted) throw error;
        const failure = toProviderError(error, LABEL, context.signal);
        if (isHostFault(failure)) pool.markDown(host);
        throw failure;
      }
    },
    cancel: (externalId) =>
      cancel(externalId).catch((error: unknown) => Promise.reject(toProviderError(error, LABEL))),
    health: () => pool.anyHealthy(),
  };
}

/** The size of the job's image, for upscale and outpaint; an unreadable or too large one fails the job. */
async function inputSizeOf(request: GenerationRequest): Promise<{ width: number; height: number }> {
  const file = request.inputs.image?.[0];
  const meta = file
    ? await decodeImage(file.bytes)
        .metadata()
        .catch(() => null)
    : null;
  if (!meta?.width || !meta.height) {
    throw new ProviderError('BAD_IMAGE', 'The image to work from could not be read.', { retryable: false });
  }
  if (request.work.kind === 'upscale') {
    const side = Math.max(meta.width, meta.height) * request.work.factor;
    if (side > LIMITS.upscaleMaxSide) {
      throw new ProviderError(
        'BAD_INPUT',
        `An upscale may make at most ${LIMITS.upscaleMaxSide} pixels on a side.`,
        {
          retryable: false,
        },
      );
    }
  }
  if (request.work.kind === 'outpaint') {
    try {
      outpaintLayout(meta.width, meta.height, request.work.frame, zoomOption(request.options));
    } catch (error) {
      throw new ProviderError('BAD_INPUT', error instanceof Error ? error.message : 'Bad zoom.', {
        retryable: false,
      });
    }
  }
  return { width: meta.width, height: meta.height };
}
