import { pngBytes } from './media.ts';
import { jsonOf, type StandIn, startStandIn } from './server.ts';

/**
 * Speaks the AUTOMATIC1111 `/sdapi/v1` API: txt2img and img2img answer with real PNGs of the
 * requested size, one flat colour per image derived from the seed (`seed + index`).
 */

export interface A1111StandIn extends StandIn {
  loras: { name: string; alias: string }[];
  /** How long one generation call takes, so progress polls can be seen. */
  generationMs: number;
  caption: string;
  /** Like a real GPU: one generation at a time, the others wait their turn inside the host. */
  serial: boolean;
  /** Generation calls never answer (a host stuck in the middle of a job). */
  hang: boolean;
  /**
   * One picture per size, made once and sent for every seed: for benches, where the stand-in's own
   * CPU (a GPU host's, elsewhere) must not be counted against the dispatcher.
   */
  reuseImages: boolean;
  /** Generation calls running now, the most seen at once, and how many finished. */
  readonly active: number;
  readonly maxActive: number;
  readonly generated: number;
  /** Each finished generation: when it ran (ms since the epoch) and its prompt. */
  readonly history: { start: number; end: number; prompt: string }[];
}

/** `port`: listen there (a host coming back at its old address after it was killed). */
export async function startA1111StandIn(options: { port?: number } = {}): Promise<A1111StandIn> {
  let progress = 0;
  const state = {
    loras: [] as { name: string; alias: string }[],
    generationMs: 0,
    caption: 'a red barn in a field',
    serial: false,
    hang: false,
    reuseImages: false,
    active: 0,
    maxActive: 0,
    generated: 0,
    history: [] as { start: number; end: number; prompt: string }[],
  };
  let turn: Promise<void> = Promise.resolve();
  const madeOnce = new Map<string, Promise<string>>();
  const imageOf = async (width: number, height: number, seed: number) => {
    if (!state.reuseImages) return (await pngBytes(width, height, seed)).toString('base64');
    const key = `${width}x${height}`;
    if (!madeOnce.has(key))
      madeOnce.set(
        key,
        pngBytes(width, height, 1).then((b) => b.toString('base64')),
      );
    return madeOnce.get(key)!;
  };

  const standIn = await startStandIn(async (request) => {
    const route = `${request.method} ${request.path}`;
    switch (route) {
      case 'GET /sdapi/v1/progress':
        return {
          body: {
            progress,
            eta_relative: 0,
            state: { job_count: progress ? 1 : 0 },
            current_image: null,
            textinfo: null,
          },
        };
      case 'GET /sdapi/v1/loras':
        return {
          body: state.loras.map((l) => ({ ...l, path: `/models/Lora/${l.name}.safetensors`, metadata: {} })),
        };
      case 'POST /sdapi/v1/interrogate':
        return { body: { caption: state.caption } };
      case 'POST /sdapi/v1/extra-single-image': {
        const body = jsonOf<{ upscaling_resize_w?: number; upscaling_resize_h?: number; image?: string }>(
          request,
        );
        if (!body.image) return { status: 422, body: { detail: 'image is required' } };
        const image = await imageOf(body.upscaling_resize_w ?? 1024, body.upscaling_resize_h ?? 1024, 7);
        return { body: { image, html_info: '' } };
      }
      case 'POST /sdapi/v1/interrupt':
        return { body: {} };
      case 'POST /sdapi/v1/txt2img':
      case 'POST /sdapi/v1/img2img': {
        const body = jsonOf<{
          width?: number;
          height?: number;
          seed?: number;
          batch_size?: number;
          n_iter?: number;
        }>(request);
        if (request.path.endsWith('img2img') && !(body as { init_images?: unknown[] }).init_images?.length) {
          return { status: 404, body: { error: 'HTTPException', detail: 'Init image not found' } };
        }
        const count = (body.batch_size ?? 1) * (body.n_iter ?? 1);
        if (state.hang) await new Promise(() => {});
        let done = () => {};
        if (state.serial) {
          const before = turn;
          turn = new Promise<void>((resolve) => (done = resolve));
          await before;
        }
        state.active += 1;
        state.maxActive = Math.max(state.maxActive, state.active);
        const start = Date.now();
        progress = 0.5;
        // The pictures are made while the generation time runs, as a GPU would.
        const [images] = await Promise.all([
          Promise.all(
            Array.from({ length: count }, (_, i) =>
              imageOf(body.width ?? 512, body.height ?? 512, (body.seed ?? 1) + i),
            ),
          ),
          new Promise((resolve) => setTimeout(resolve, state.generationMs)),
        ]);
        progress = 0;
        state.active -= 1;
        state.generated += 1;
        state.history.push({
          start,
          end: Date.now(),
          prompt: String((body as { prompt?: string }).prompt ?? ''),
        });
        done();
        return { body: { images, parameters: body, info: JSON.stringify({ seed: body.seed }) } };
      }
      default:
        return { status: 404, body: { detail: 'Not Found' } };
    }
  }, options);

  return Object.defineProperties(standIn as A1111StandIn, {
    loras: { get: () => state.loras, set: (v) => (state.loras = v) },
    generationMs: { get: () => state.generationMs, set: (v) => (state.generationMs = v) },
    caption: { get: () => state.caption, set: (v) => (state.caption = v) },
    serial: { get: () => state.serial, set: (v) => (state.serial = v) },
    hang: { get: () => state.hang, set: (v) => (state.hang = v) },
    reuseImages: { get: () => state.reuseImages, set: (v) => (state.reuseImages = v) },
    active: { get: () => state.active },
    maxActive: { get: () => state.maxActive },
    generated: { get: () => state.generated },
    history: { get: () => state.history },
  });
}
