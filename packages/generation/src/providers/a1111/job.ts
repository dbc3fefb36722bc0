import type { CommandWork, WorkKind } from '@app/domain';
import type {
  GenerationOutput,
  GenerationRequest,
  GenerationResult,
  InputFile,
  ProviderContext,
} from '../../types.ts';

export const LABEL = 'image service';
/** Images per answer: the 2×2 grid. */
export const GRID = 4;
/** Longest side an upload is scaled to before img2img. */
export const MAX_SIDE = 1536;

/** One request on one A1111 host, with the calls every kind of work shares. */
export interface A1111Job {
  host: string;
  request: GenerationRequest;
  context: ProviderContext;
  /** Fields every generation body carries: negative prompt, seed, one iteration. */
  base: Record<string, unknown>;
  /** The prompt with the LoRA tag the host knows the model by. */
  prompt(): Promise<string>;
  /**
   * Runs txt2img or img2img while reporting progress; the images the host answered with. It is a
   * kind's last call to the host: its answer frees the host's slot.
   */
  generate(path: 'txt2img' | 'img2img', body: Record<string, unknown>): Promise<Buffer[]>;
  /** The last `expected` images as outputs (the host may put a grid of the batch first). */
  outputs(images: Buffer[], expected: number): Promise<GenerationOutput[]>;
  /** The first upload under one of these option names, or any upload. */
  firstInput(...names: string[]): InputFile;
  /** Calls the host directly (interrogate). */
  call<T>(path: string, json: unknown): Promise<T>;
}

/** How one kind of work runs on A1111. */
export type KindHandler<K extends WorkKind> = (
  job: A1111Job,
  work: Extract<CommandWork, { kind: K }>,
) => Promise<GenerationResult>;
