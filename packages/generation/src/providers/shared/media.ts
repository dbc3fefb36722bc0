import { decodeImage } from '../../media/decode.ts';
import type { GenerationOutput, OutputKind } from '../../types.ts';

/** The type of a file from its first bytes; backends' names and headers are not trusted. */
export function sniffMime(bytes: Buffer): string | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 4) === 'GIF8') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(4, 8) === 'ftyp') return ascii(8, 11) === 'M4A' ? 'audio/mp4' : 'video/mp4';
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(0, 3) === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)) return 'audio/mpeg';
  return null;
}

export function kindOf(mime: string): OutputKind | null {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return null;
}

/** Wraps backend bytes as an output, with the pixel size of images read from the file itself. */
export async function toOutput(bytes: Buffer, fallbackMime?: string): Promise<GenerationOutput | null> {
  const mime = sniffMime(bytes) ?? fallbackMime;
  const kind = mime ? kindOf(mime) : null;
  if (!mime || !kind) return null;
  if (kind !== 'image') return { kind, mime, bytes };
  const meta = await decodeImage(bytes).metadata();
  return { kind, mime, bytes, width: meta.width, height: meta.height };
}

/** The file extension a backend expects for an upload of this type. */
export function extensionFor(mime: string): string {
  const known: Record<string, string> = {
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/webp': 'webp',
    'image/gif': 'gif',
    'audio/wav': 'wav',
    'audio/x-wav': 'wav',
    'audio/mpeg': 'mp3',
    'audio/ogg': 'ogg',
    'audio/mp4': 'm4a',
    'audio/flac': 'flac',
    'video/mp4': 'mp4',
  };
  return known[mime] ?? 'bin';
}
