/**
 * The contract between the job pipeline and whatever makes the media. The worker turns a job row
 * into a `GenerationRequest`, hands it to the provider that serves the command's family, and stores
 * whatever comes back. Providers know nothing of credits, users or Discord.
 */

import type { CommandWork, JobFamily } from '@app/domain';

export { JOB_FAMILIES, type JobFamily } from '@app/domain';

/** A file the user sent with the command (an attachment option), already checked by its bytes. */
export interface InputFile {
  name: string;
  mime: string;
  bytes: Buffer;
}

/** A trained LoRA as the pipeline knows it. `style` is what the local provider learned. */
export interface LoraRef {
  name: string;
  weight: number;
  /** Provider-specific reference: a file name on an A1111 host, a path for ComfyUI, or JSON style data for `local`. */
  reference: string;
}

export interface GenerationRequest {
  jobId: string;
  /** The registry name of the command (`make`, `Change`, `video`, `loracreate`, …) or a result action (`vary`, `gif`). */
  command: string;
  family: JobFamily;
  /** The kind of work from the command's definition: what providers dispatch on. */
  work: CommandWork;
  /** The prompt with its flags removed; prompt weighting (`(word:1.3)`) is kept as typed. */
  prompt: string;
  /** Output size in pixels for image and video commands, from the aspect flag. */
  width: number;
  height: number;
  /** Deterministic seed: the same seed and request make the same media. */
  seed: number;
  /** 0.1–0.9 for commands that change an image. */
  denoise?: number;
  lora?: LoraRef;
  /** A /speak voice flag without its dash (`narrator`). */
  voice?: string;
  /** The name a LoRA training job gives its model. */
  modelName?: string;
  /** Attachment options by option name (`image`, `image2`, `audio`, `zip` → the unpacked images). */
  inputs: Record<string, InputFile[]>;
  /** The other options of the command by name, as validated. */
  options: Record<string, string | number | boolean>;
}

export type OutputKind = 'image' | 'video' | 'audio' | 'model';

export interface GenerationOutput {
  kind: OutputKind;
  mime: string;
  bytes: Buffer;
  width?: number;
  height?: number;
  durationMs?: number;
}

export interface GenerationResult {
  outputs: GenerationOutput[];
  /** A caption (/describe) or another short text answer. */
  text?: string;
  /** For LoRA training: the reference later jobs pass back in `LoraRef.reference`. */
  loraReference?: string;
}

export interface ProviderContext {
  signal: AbortSignal;
  /** 0–1; called as often as the provider likes, the worker throttles. */
  onProgress: (fraction: number) => void;
  /**
   * The backend's own id for this job from an earlier attempt (a ComfyUI prompt id). When set, the
   * provider resumes waiting for that work instead of submitting it again.
   */
  externalId?: string;
  /** Records the backend's id before waiting, so a restarted worker can resume. */
  saveExternalId: (id: string) => Promise<void>;
  /**
   * The host (one of the provider's URLs) whose slot this attempt holds; the provider runs there
   * instead of picking a host itself.
   */
  host?: string;
  /**
   * Told as soon as the provider needs the host no more for this request (its last answer has
   * arrived), before the outputs are decoded: the host's slot can take the next job meanwhile.
   */
  hostDone?: () => void;
}

export interface Provider {
  /** `local`, `a1111`, `comfyui`. */
  readonly name: string;
  readonly families: readonly JobFamily[];
  /** Submits (or resumes, see `externalId`) and waits for the result. */
  run(request: GenerationRequest, context: ProviderContext): Promise<GenerationResult>;
  /** Asks the backend to stop work it is doing for this id, when it can. */
  cancel?(externalId: string): Promise<void>;
  /** True when the backend answers; used to skip hosts that are down. */
  health?(): Promise<boolean>;
}

/**
 * Every provider failure. `retryable` failures (connection refused, 5xx, timeouts) are retried with
 * backoff; the others fail the job at once. `message` is shown to the user, so it is plain words.
 */
export class ProviderError extends Error {
  readonly code: string;
  readonly retryable: boolean;

  constructor(code: string, message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.code = code;
    this.retryable = options.retryable;
  }
}

/** Where media bytes live: a folder under DATA_DIR, or an S3-compatible bucket. */
export interface MediaStorage {
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<{ bytes: Buffer; mime: string } | null>;
  delete(key: string): Promise<void>;
  /** A URL a browser can fetch the object from directly, when the storage has one (a CDN); else null. */
  publicUrl(key: string): string | null;
}

/**
 * Failures that say the host is unwell, not that the job is bad: it refused the connection, timed
 * out, answered 5xx, dropped the connection, or answered 200 with something we cannot read (not
 * JSON, the wrong shape, media that does not decode). The host leaves rotation and the job runs
 * on another host.
 */
export const HOST_FAULT_CODES: ReadonlySet<string> = new Set([
  'BACKEND_UNREACHABLE',
  'BACKEND_TIMEOUT',
  'BACKEND_BUSY',
  'BACKEND_DROPPED',
  'BACKEND_BAD_ANSWER',
]);

export const isHostFault = (error: ProviderError): boolean => HOST_FAULT_CODES.has(error.code);
