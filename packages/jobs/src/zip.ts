import { LIMITS } from '@app/domain';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';

/** What a training ZIP may hold, checked from its central directory before anything is unpacked. */
export const ZIP_LIMITS = {
  minImages: LIMITS.lora.zipImages.min,
  maxImages: LIMITS.lora.zipImages.max,
  /** One image, unpacked. */
  maxEntryBytes: 20 * 1024 * 1024,
  /** Everything, unpacked. */
  maxTotalBytes: 200 * 1024 * 1024,
  /** Unpacked size over packed size; images barely compress, a bomb compresses a thousandfold. */
  maxRatio: 50,
};

export class ZipRefused extends Error {}

interface ZipEntryInfo {
  fileName: string;
  uncompressedSize: number;
  compressedSize: number;
}

const IMAGE_NAME = /\.(png|jpe?g)$/i;

/**
 * Checks a training ZIP: first its directory (names, counts, declared sizes), then every entry is
 * inflated with a running count that stops at what the directory declared and at the limits, so a
 * header that understates the unpacked size is caught on the bytes actually produced. Throws
 * ZipRefused with a plain-words reason; the unpacked bytes are not kept.
 */
export async function inspectZip(bytes: Buffer, signal?: AbortSignal): Promise<ZipEntryInfo[]> {
  const { entries } = await readZip(bytes, { keep: false, signal });
  return entries;
}

/** Unpacks a training ZIP's images under the same checks as inspectZip. */
export async function unpackZipImages(
  bytes: Buffer,
  signal?: AbortSignal,
): Promise<{ name: string; bytes: Buffer }[]> {
  return (await readZip(bytes, { keep: true, signal })).files;
}

async function readZip(bytes: Buffer, options: { keep: boolean; signal?: AbortSignal }) {
  const zip = await openZip(bytes);
  try {
    const listed = await listEntries(zip);
    const files: { name: string; bytes: Buffer }[] = [];
    let total = 0;
    for (const entry of listed) {
      options.signal?.throwIfAborted();
      const room = ZIP_LIMITS.maxTotalBytes - total;
      const unpacked = await inflateEntry(zip, entry, room, options);
      total += unpacked.length;
      if (options.keep) files.push({ name: entry.fileName, bytes: unpacked.bytes });
    }
    return {
      entries: listed.map(({ fileName, uncompressedSize, compressedSize }) => ({
        fileName,
        uncompressedSize,
        compressedSize,
      })),
      files,
    };
  } finally {
    zip.close();
  }
}

/** The directory's entries, each checked for a safe name, an image type and declared sizes. */
async function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      const isDirectory = name.endsWith('/');
      if (name.includes('..') || name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name)) {
        return reject(new ZipRefused(`The ZIP holds a path that leaves its folder (${name}).`));
      }
      if (isDirectory || name.includes('/')) {
        return reject(new ZipRefused('Put the images straight in the ZIP, with no folders inside.'));
      }
      if (!IMAGE_NAME.test(name)) return reject(new ZipRefused(`${name} is not a png or jpg image.`));
      if (entry.isEncrypted() || ![STORED, DEFLATED].includes(entry.compressionMethod)) {
        return reject(new ZipRefused(`${name} is encrypted or packed in a way we cannot read.`));
      }
      total += entry.uncompressedSize;
      if (entry.uncompressedSize > ZIP_LIMITS.maxEntryBytes || total > ZIP_LIMITS.maxTotalBytes) {
        return reject(new ZipRefused('The images in the ZIP are too large once unpacked.'));
      }
      if (entry.uncompressedSize > Math.max(1, entry.compressedSize) * ZIP_LIMITS.maxRatio) {
        return reject(new ZipRefused(`${name} unpacks to far more than it weighs; it is refused.`));
      }
      entries.push(entry);
      if (entries.length > ZIP_LIMITS.maxImages) return reject(tooMany());
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', (error: Error) => reject(readError(error)));
    zip.readEntry();
  });
  if (entries.length < ZIP_LIMITS.minImages) throw tooMany();
  return entries;
}

const STORED = 0;
const DEFLATED = 8;

/**
 * Reads one entry's packed bytes and inflates them ourselves, counting what comes out: more than the
 * directory declared (or than the limits leave room for) ends the inflate at once. The sizes and
 * checksum must match the directory exactly, whichever version of the ZIP reader is installed.
 */
async function inflateEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  room: number,
  options: { keep: boolean; signal?: AbortSignal },
): Promise<{ length: number; bytes: Buffer }> {
  const name = entry.fileName;
  const cap = Math.min(entry.uncompressedSize, ZIP_LIMITS.maxEntryBytes, room);
  const packed = await new Promise<Readable>((resolve, reject) => {
    // The packed bytes as they are: the inflate and its count are ours (the reader's size check
    // differs between its major versions). The reader takes `decompress` only for compressed
    // entries; a stored entry's packed bytes already are its content.
    const stored = entry.compressionMethod === STORED;
    zip.openReadStream(
      entry,
      { decompress: stored ? null : false, decrypt: null, start: null, end: null },
      (error, stream) => {
        if (error || !stream) reject(new ZipRefused(`${name} cannot be read from the ZIP.`));
        else resolve(stream);
      },
    );
  });
  const chunks: Buffer[] = [];
  let length = 0;
  let crc = 0;
  // Kept aside: pipeline may report the source's abort rather than the sink's reason.
  let refusal: ZipRefused | undefined;
  const count = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      length += chunk.length;
      if (length > cap) {
        refusal = new ZipRefused(
          length > entry.uncompressedSize
            ? `${name} unpacks to more than the ZIP declares; it is refused.`
            : 'The images in the ZIP are too large once unpacked.',
        );
        throw refusal;
      }
      crc = crc32(chunk, crc);
      if (options.keep) chunks.push(chunk);
    }
  };
  try {
    if (entry.compressionMethod === STORED) {
      await pipeline(packed, count, { signal: options.signal });
    } else {
      await pipeline(packed, createInflateRaw(), count, { signal: options.signal });
    }
  } catch (error) {
    if (refusal) throw refusal;
    if (options.signal?.aborted) throw error;
    throw new ZipRefused(`${name} is damaged and cannot be unpacked.`);
  }
  if (length !== entry.uncompressedSize || crc !== entry.crc32) {
    throw new ZipRefused(`${name} is damaged: its unpacked bytes do not match the ZIP's directory.`);
  }
  return { length, bytes: options.keep ? Buffer.concat(chunks) : Buffer.alloc(0) };
}

/** yauzl refuses unsafe names itself, before we see the entry. */
function readError(error: Error) {
  if (/invalid relative path|absolute path|invalid characters in fileName/.test(error.message)) {
    return new ZipRefused(
      `The ZIP holds a path that leaves its folder (${error.message.split(': ').pop()}).`,
    );
  }
  return new ZipRefused(`The ZIP cannot be read: ${error.message}`);
}

function tooMany() {
  return new ZipRefused(
    `A training ZIP holds ${ZIP_LIMITS.minImages} to ${ZIP_LIMITS.maxImages} png or jpg images.`,
  );
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Entries are inflated and counted by inflateEntry, not by the reader.
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: false, strictFileNames: true },
      (error, zip) => {
        if (error || !zip)
          reject(new ZipRefused(`The file is not a readable ZIP (${error?.message ?? 'empty'}).`));
        else resolve(zip);
      },
    );
  });
}
