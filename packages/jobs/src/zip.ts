import { LIMITS } from '@app/domain';
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

/** Checks the directory of a ZIP; throws ZipRefused with a plain-words reason. */
export async function inspectZip(bytes: Buffer): Promise<ZipEntryInfo[]> {
  const zip = await openZip(bytes);
  try {
    const entries: ZipEntryInfo[] = [];
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
        total += entry.uncompressedSize;
        if (entry.uncompressedSize > ZIP_LIMITS.maxEntryBytes || total > ZIP_LIMITS.maxTotalBytes) {
          return reject(new ZipRefused('The images in the ZIP are too large once unpacked.'));
        }
        if (entry.uncompressedSize > Math.max(1, entry.compressedSize) * ZIP_LIMITS.maxRatio) {
          return reject(new ZipRefused(`${name} unpacks to far more than it weighs; it is refused.`));
        }
        entries.push({
          fileName: name,
          uncompressedSize: entry.uncompressedSize,
          compressedSize: entry.compressedSize,
        });
        if (entries.length > ZIP_LIMITS.maxImages) return reject(tooMany());
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', (error: Error) => reject(readError(error)));
      zip.readEntry();
    });
    if (entries.length < ZIP_LIMITS.minImages) throw tooMany();
    return entries;
  } finally {
    zip.close();
  }
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

/** Unpacks an inspected ZIP's images, each bounded by the size its directory declared. */
export async function unpackZipImages(bytes: Buffer): Promise<{ name: string; bytes: Buffer }[]> {
  await inspectZip(bytes);
  const zip = await openZip(bytes);
  const files: { name: string; bytes: Buffer }[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(error ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes makes yauzl stop a stream that yields more than its entry declared.
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true },
      (error, zip) => {
        if (error || !zip)
          reject(new ZipRefused(`The file is not a readable ZIP (${error?.message ?? 'empty'}).`));
        else resolve(zip);
      },
    );
  });
}
