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
}

export async function startA1111StandIn(): Promise<A1111StandIn> {
  let progress = 0;
  const state = {
    loras: [] as { name: string; alias: string }[],
    generationMs: 0,
    caption: 'a red barn in a field',
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
        progress = 0.5;
        await new Promise((resolve) => setTimeout(resolve, state.generationMs));
        progress = 0;
        const images = await Promise.all(
          Array.from({ length: count }, async (_, i) =>
            (await pngBytes(body.width ?? 512, body.height ?? 512, (body.seed ?? 1) + i)).toString('base64'),
          ),
        );
        return { body: { images, parameters: body, info: JSON.stringify({ seed: body.seed }) } };
      }
      default:
        return { status: 404, body: { detail: 'Not Found' } };
    }
  });

  return Object.defineProperties(standIn as A1111StandIn, {
    loras: { get: () => state.loras, set: (v) => (state.loras = v) },
    generationMs: { get: () => state.generationMs, set: (v) => (state.generationMs = v) },
    caption: { get: () => state.caption, set: (v) => (state.caption = v) },
  });
}
