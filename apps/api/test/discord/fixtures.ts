import {
  JOB_FAMILIES,
  type GenerationOutput,
  type GenerationRequest,
  type GenerationResult,
  type Provider,
} from '@app/generation';
import sharp from 'sharp';

export async function png(width = 64, height = 64, shade = 0): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: shade % 255, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** A short silent WAV: RIFF header and PCM samples, enough for a type check by bytes. */
export function wav(samples = 800): Buffer {
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A ZIP (deflated entries, central directory) of the given files. */
export { makeZip as zip } from '@app/jobs/testing';

/** A fast provider that makes a real file of each family's kind (an image, a video, a sound, a model). */
export function fastProvider(
  override?: (request: GenerationRequest) => Promise<GenerationResult | undefined>,
): Provider & { calls: GenerationRequest[] } {
  const calls: GenerationRequest[] = [];
  return {
    name: 'fast',
    families: JOB_FAMILIES,
    calls,
    async run(request) {
      calls.push(request);
      const custom = await override?.(request);
      if (custom) return custom;
      const outputs: GenerationOutput[] = [];
      if (request.family === 'image') {
        outputs.push({
          kind: 'image',
          mime: 'image/png',
          bytes: await png(96, 64, request.seed),
          width: 96,
          height: 64,
        });
      } else if (request.family === 'video' || request.family === 'lipsync') {
        outputs.push({
          kind: 'video',
          mime: 'video/mp4',
          bytes: Buffer.from('fake mp4 bytes'),
          durationMs: 3000,
        });
      } else if (request.family === 'audio') {
        outputs.push({ kind: 'audio', mime: 'audio/wav', bytes: wav(), durationMs: 100 });
      }
      return {
        outputs,
        text: request.command === 'describe' ? 'a blue square' : undefined,
        loraReference: request.family === 'lora' ? JSON.stringify({ style: request.modelName }) : undefined,
      };
    },
  };
}
