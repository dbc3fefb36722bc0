import { crc32, deflateRawSync } from 'node:zlib';
import type { GenerationOutput, GenerationRequest, GenerationResult, Provider } from '@app/generation';
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
export function zip(entries: { name: string; bytes: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = deflateRawSync(entry.bytes);
    const crc = crc32(entry.bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.bytes.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(entry.bytes.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A fast provider that makes a real file of each family's kind (an image, a video, a sound, a model). */
export function fastProvider(
  override?: (request: GenerationRequest) => Promise<GenerationResult | undefined>,
): Provider & { calls: GenerationRequest[] } {
  const calls: GenerationRequest[] = [];
  return {
    name: 'fast',
    families: ['image', 'video', 'audio', 'lipsync', 'lora'],
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
